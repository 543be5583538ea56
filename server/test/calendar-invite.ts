// Calendar invites as a calendar app reads them: the .ics text parsed with
// ical.js (Mozilla's parser), from the API, a download or an e-mail's
// attachment as it went over SMTP (maildev's raw source).
import ICAL from 'ical.js';
import { emailSource } from './mailbox';

export interface ParsedInvite {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  /** DTSTART as an ISO instant. */
  start: string;
  organizer: string;
}

/** The calendar's METHOD and its one event's UID, SEQUENCE, STATUS, start and organizer; throws on text that is no iCalendar. */
export function parseInvite(text: string): ParsedInvite {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error(`No VEVENT in:\n${text}`);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: String(event.getFirstPropertyValue('status')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    organizer: String(event.getFirstPropertyValue('organizer')),
  };
}

/** The viewing.ics attachment of e-mail `id`, decoded from its raw source. */
export async function inviteOfEmail(id: string): Promise<string> {
  const source = await emailSource(id);
  const part = /Content-Type: application\/ics; name=viewing\.ics\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(source);
  if (!part) throw new Error(`No viewing.ics attachment in:\n${source.slice(0, 3000)}`);
  return Buffer.from(part[1].replace(/\s+/g, ''), 'base64').toString('utf8');
}
