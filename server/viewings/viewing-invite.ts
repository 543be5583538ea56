// A viewing as an iCalendar invite (RFC 5545, made by ical-generator): one
// VEVENT whose UID is the viewing's own and never changes, with SEQUENCE the
// viewing's revision (one more at every change), so a calendar app updates or
// removes the event it already has instead of adding another. METHOD REQUEST
// while the viewing holds its time, CANCEL once declined or cancelled.
//
// The invite always describes the viewing as it is when it is made (an e-mail
// sent late never puts an old time in a calendar).
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Db } from '../db/client';
import type { ViewingStatus } from '../generated/prisma/client';

export interface InviteViewing {
  id: string;
  startsAt: Date;
  endsAt: Date;
  status: ViewingStatus;
  sequence: number;
  updatedAt: Date;
  reason: string | null;
  property: { id: string; title: string; location: string };
  agent: { name: string; email: string };
  buyer: { name: string; email: string };
}

/** The viewing's UID: the same in every invite about it. */
export const inviteUid = (viewingId: string) => `viewing-${viewingId}@opennest`;

export const isEnded = (status: ViewingStatus) => status === 'declined' || status === 'cancelled';

const EVENT_STATUS: Record<ViewingStatus, ICalEventStatus> = {
  requested: ICalEventStatus.TENTATIVE,
  proposed: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  declined: ICalEventStatus.CANCELLED,
  cancelled: ICalEventStatus.CANCELLED,
};

export interface Invite {
  method: 'REQUEST' | 'CANCEL';
  /** The .ics text. */
  content: string;
}

export function viewingInvite(viewing: InviteViewing, publicUrl: string): Invite {
  const ended = isEnded(viewing.status);
  const method = ended ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const url = `${publicUrl}/propertyDetails/${viewing.property.id}`;
  const calendar = ical({ prodId: { company: 'OpenNest', product: 'Viewings', language: 'EN' }, method, name: 'OpenNest viewings' });
  calendar.createEvent({
    id: inviteUid(viewing.id),
    sequence: viewing.sequence,
    stamp: viewing.updatedAt,
    start: viewing.startsAt,
    end: viewing.endsAt,
    summary: `Viewing: ${viewing.property.title}`,
    location: viewing.property.location,
    description: [
      `Viewing of ${viewing.property.title} with ${viewing.agent.name} (agent) and ${viewing.buyer.name}.`,
      viewing.status === 'requested' ? 'Requested: waiting for the agent to confirm.' : '',
      viewing.status === 'proposed' ? 'The agent proposed this time: waiting for the buyer to accept.' : '',
      ended && viewing.reason ? `${viewing.status === 'declined' ? 'Declined' : 'Cancelled'}: ${viewing.reason}` : '',
      url,
    ]
      .filter(Boolean)
      .join('\n'),
    url,
    status: EVENT_STATUS[viewing.status],
    organizer: { name: viewing.agent.name, email: viewing.agent.email },
    attendees: [
      {
        name: viewing.buyer.name,
        email: viewing.buyer.email,
        role: ICalAttendeeRole.REQ,
        status: viewing.status === 'confirmed' ? ICalAttendeeStatus.ACCEPTED : ended ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.NEEDSACTION,
      },
    ],
  });
  return { method, content: calendar.toString() };
}

/** The invite an e-mail about viewing `viewingId` carries now: null once the viewing is over (feedback e-mails) or gone. */
export async function currentViewingInvite(db: Pick<Db, 'viewing'>, viewingId: string, publicUrl: string, now = new Date()): Promise<Invite | null> {
  const viewing = await db.viewing.findUnique({
    where: { id: viewingId },
    include: { property: { select: { id: true, title: true, location: true } }, agent: { select: { name: true, email: true } }, buyer: { select: { name: true, email: true } } },
  });
  if (!viewing || viewing.endsAt.getTime() <= now.getTime()) return null;
  return viewingInvite(viewing, publicUrl);
}
