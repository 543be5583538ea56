// Viewings: an agent's availability per listing, buyers booking a free slot or
// proposing a time, the agent confirming, declining or proposing another time,
// either side cancelling, feedback after the viewing, and open houses. Every
// rule and permission is here; the resolvers only translate.
//
// What the database holds (docs/viewings.md, docs/invariants.md):
//   - no double booking: the exclusion constraint viewings_no_overlap (one
//     listing, overlapping times, a status that holds its time); its refusal is
//     CONFLICT (db/constraint-meanings.ts), never a read followed by a write;
//   - every change of a viewing is a compare-and-set on the statuses it starts
//     from (and on its not having started), so of two racing changes one wins
//     and the other gets CONFLICT;
//   - every write to a listing's viewings first takes the listing's locks
//     (lockForViewings): the agent's row FOR KEY SHARE, then the listing's row
//     FOR NO KEY UPDATE. Writes to one listing's viewings queue (so the
//     exclusion constraint refuses at once rather than deadlocking two
//     inserters), a listing that is being sold, removed, rejected or whose agent
//     is being marked as fraud is seen in its new state, and the cap of upcoming
//     viewings per buyer and listing is counted under that lock.
import {
  BOOKING_HORIZON_DAYS,
  minutesOfDay,
  openHouseSchema,
  timeOfDay,
  UNKNOWN_TIME_ZONE,
  viewingAvailabilitySchema,
  viewingFeedbackSchema,
  viewingReasonSchema,
} from '@opennest/common/validation/viewing';
import { zonedWallClock } from '@opennest/common/zoned-time';
import type { AppConfig } from '../config';
import { requireViewer, type Caller } from '../context/caller';
import { readRows, type Db } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { VIEWING_TIME_TAKEN } from '../db/constraint-meanings';
import { Prisma, type OpenHouse as OpenHouseRecord, type Property as PropertyRecord, type User as UserRecord, type Viewing as ViewingRecord, type ViewingFeedback as ViewingFeedbackRecord, type ViewingStatus } from '../generated/prisma/client';
import type { Notifier, NotificationDraft } from '../notifications/notifier';
import { recordAnswer, recordQuestion, withdrawQuestion } from '../insight/reply-time';
import { NOTIFICATION_TYPES } from '../notifications/notification-types';
import { findPublicListing, PROPERTY_NOT_FOUND } from '../properties/listing-visibility';
import { isListedForBuyers, lockListing, type LockedListing } from '../properties/listing-locks';
import { badInput, conflict, forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { cursorId, cursorTime, decodeCursor, encodeCursor, pageSize, toPage, type Page } from '../shared/pagination';
import { validateInput } from '../shared/validate';
import { emitViewingEvent, type ViewingEventType } from './viewing-webhooks';
import { blockedAtSql, HOLDING_STATUSES, HOLDING_STATUSES_SQL, knownTimeZoneSql, localTodaySql, slotsSql } from './availability';
import { agentWeekSql, viewingsWithFeedback, type ViewingWithFeedback, type WeekRow } from './agent-week-sql';
import { viewingInvite, type InviteViewing } from './viewing-invite';
import { localTime, parseInstant } from './viewing-times';
import { viewingsAccess } from './viewings.access';

type Tx = Prisma.TransactionClient;

export const VIEWING_NOT_FOUND = 'Viewing not found.';
/** Upcoming viewings one buyer may hold of one listing. */
export const UPCOMING_VIEWINGS_CAP = 2;
export const CAP_REACHED = `You already have ${UPCOMING_VIEWINGS_CAP} upcoming viewings of this home. Cancel one to book another.`;
export const NOT_A_FREE_SLOT = 'This time is not one of the free viewing times of this home. Choose a free slot, or propose a time.';
export const IN_THE_PAST = 'Choose a time in the future.';
export const TOO_FAR_AHEAD = `Choose a time within the next ${BOOKING_HORIZON_DAYS} days.`;
export const BLOCKED_DATE = 'The agent takes no viewings on this date. Choose another day.';
export const SOLD_NO_VIEWINGS = 'This home is sold: it takes no more viewings.';
export const NOT_LISTED = 'This home is no longer listed.';
export const OWN_LISTINGS_ONLY = 'You can only change your own properties.';
export const FEEDBACK_NOT_YET = 'You can leave feedback once the viewing has taken place.';
export const OPEN_HOUSE_NOT_FOUND = 'Open house not found.';
export const OPEN_HOUSE_TOO_LONG = 'An open house lasts at most 12 hours.';
export const OPEN_HOUSE_ENDS_BEFORE_START = 'An open house must end after it starts.';

/** What each status says to a caller whose change came too late ("This viewing is ..."). */
const STATE_WORDS: Record<ViewingStatus, string> = {
  requested: 'waiting for the agent',
  proposed: 'waiting for the buyer to accept the new time',
  confirmed: 'confirmed',
  declined: 'declined',
  cancelled: 'cancelled',
};

export interface ViewingAvailability {
  timeZone: string;
  viewingMinutes: number;
  weekly: Array<{ weekday: number; start: string; end: string }>;
  oneOff: Array<{ date: string; start: string; end: string }>;
  blockedDates: string[];
}

export interface ViewingFeedbackEntry {
  viewing: ViewingRecord;
  feedback: ViewingFeedbackRecord;
}

export interface FreeSlots {
  timeZone: string;
  viewingMinutes: number;
  hasAvailability: boolean;
  from: string;
  slots: Array<{ startsAt: string; endsAt: string; localStart: string; localEnd: string }>;
}

export interface ViewingsDeps {
  db: Db;
  notifier: Notifier;
  jobs: JobQueue;
  config: Pick<AppConfig, 'listingTimeZone' | 'publicUrl'>;
  /** What "now" is (tests pass another time; the app uses the real clock). */
  clock?: () => Date;
}

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD that names a day of the calendar (the Date scalar checks the shape only). */
const isRealDate = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

export function createViewingsService({ db, notifier, jobs, config, clock = () => new Date() }: ViewingsDeps) {
  const timeZoneOf = (property: Pick<PropertyRecord, 'timeZone'>) => property.timeZone ?? config.listingTimeZone;

  /** Locks 1 and 2 of the listing (listing-locks.ts), the listing's row FOR NO KEY UPDATE; null when there is no such listing. */
  const lockForViewings = (tx: Tx, propertyId: string) => lockListing(tx, propertyId, { listing: 'noKeyUpdate' });

  /** A listing that takes viewings now: listed for buyers and not sold (checked under its locks). */
  function assertTakesViewings(listing: LockedListing | null): LockedListing {
    if (!listing || !isListedForBuyers(listing)) throw notFound(PROPERTY_NOT_FOUND);
    if (listing.saleState === 'sold') throw conflict(SOLD_NO_VIEWINGS);
    return listing;
  }

  /** The calling agent's own live listing (NOT_FOUND for none, FORBIDDEN for another agent's). */
  async function ownListing(viewer: UserRecord, rawPropertyId: string): Promise<PropertyRecord> {
    const property = await db.property.findFirst({ where: { id: parseId(rawPropertyId, 'property id'), deletedAt: null } });
    if (!property) throw notFound(PROPERTY_NOT_FOUND);
    if (property.agentId !== viewer.id) throw forbidden(OWN_LISTINGS_ONLY);
    return property;
  }

  /** A time a viewing may start at: whole minutes, in the future, within the booking horizon. */
  function checkStart(value: unknown, now: Date): Date {
    const at = parseInstant(value);
    if (at.getTime() <= now.getTime()) throw badInput(IN_THE_PAST);
    if (at.getTime() > now.getTime() + BOOKING_HORIZON_DAYS * DAY_MS) throw badInput(TOO_FAR_AHEAD);
    return at;
  }

  async function assertNotBlocked(tx: Tx | Db, propertyId: string, timeZone: string, at: Date) {
    const [{ blocked }] = await tx.$queryRaw<Array<{ blocked: boolean }>>(blockedAtSql(propertyId, timeZone, at));
    if (blocked) throw badInput(BLOCKED_DATE);
  }

  /** A viewing `viewer` takes part in as `as` (anyone else: NOT_FOUND, as if it did not exist). */
  async function findOwn(viewer: UserRecord, rawId: string, as: 'buyer' | 'agent' | 'either'): Promise<ViewingRecord> {
    const viewing = await db.viewing.findUnique({ where: { id: parseId(rawId, 'viewing id') } });
    const isBuyer = viewing?.buyerId === viewer.id;
    const isAgent = viewing?.agentId === viewer.id;
    if (!viewing || !(as === 'buyer' ? isBuyer : as === 'agent' ? isAgent : isBuyer || isAgent)) throw notFound(VIEWING_NOT_FOUND);
    return viewing;
  }

  /** Why a compare-and-set found nothing to change: the viewing's state now, in words (CONFLICT). */
  async function lateChange(tx: Tx, id: string, now: Date): Promise<never> {
    const viewing = await tx.viewing.findUnique({ where: { id } });
    if (!viewing) throw notFound(VIEWING_NOT_FOUND);
    if (viewing.startsAt.getTime() <= now.getTime() && (viewing.status === 'confirmed' || viewing.status === 'requested' || viewing.status === 'proposed')) {
      throw conflict('This viewing’s time has come: it can no longer be changed.');
    }
    throw conflict(`This viewing is ${STATE_WORDS[viewing.status]} now; nothing was changed.`);
  }

  /** A notification about `viewing` for one of its two sides. */
  const draft = (viewing: ViewingRecord, recipientId: string, step: string, text: string): NotificationDraft => ({
    recipientId,
    type: 'viewing_update',
    subjectId: viewing.id,
    text,
    dedupeKey: `viewing:${viewing.id}:${viewing.sequence}:${step}`,
  });

  const when = (viewing: Pick<ViewingRecord, 'startsAt' | 'timeZone'>) => localTime(viewing.startsAt, viewing.timeZone);

  /**
   * One change of a viewing by one of its sides: under the listing's locks, a
   * compare-and-set from `from` (and not yet started), the sequence one more,
   * the actor's notifications about it read, the other side told, its webhook event emitted.
   */
  async function change(
    viewer: UserRecord,
    viewing: ViewingRecord,
    from: readonly ViewingStatus[],
    data: Prisma.ViewingUpdateManyMutationInput,
    event: ViewingEventType,
    tell: (changed: ViewingRecord, title: string) => NotificationDraft[],
  ): Promise<ViewingRecord> {
    return db.$transaction(async (tx) => {
      const listing = await lockForViewings(tx, viewing.propertyId);
      const now = clock();
      const [changed] = await tx.viewing.updateManyAndReturn({
        where: { id: viewing.id, status: { in: [...from] }, startsAt: { gt: now } },
        data: { ...data, sequence: { increment: 1 } },
      });
      if (!changed) return lateChange(tx, viewing.id, now);
      // The agent's measured reply time: any answer of the agent answers a request; the buyer cancelling an unanswered one withdraws it.
      if (viewing.kind === 'request') {
        if (viewer.id === changed.agentId) await recordAnswer(tx, { subjectId: changed.id, agentId: changed.agentId, at: now });
        else if (changed.status === 'cancelled') await withdrawQuestion(tx, { subjectId: changed.id, agentId: changed.agentId, at: now });
      }
      await notifier.markActedOn(tx, { userId: viewer.id }, 'viewing', viewing.id);
      await notifier.notify(tx, tell(changed, listing?.title ?? 'the home'));
      await emitViewingEvent(tx, jobs, event, changed);
      return changed;
    });
  }

  /** Books (instant) or requests a viewing of a listing buyers can see. */
  async function ask(caller: Caller, rawPropertyId: string, rawStartsAt: unknown, kind: 'instant' | 'request'): Promise<ViewingRecord> {
    const viewer = requireViewer(caller, (kind === 'instant' ? viewingsAccess.bookViewing : viewingsAccess.requestViewing).roles);
    const property = await findPublicListing(db, rawPropertyId);
    const now = clock();
    const startsAt = checkStart(rawStartsAt, now);
    // A time already held is refused before queueing for the listing's lock: under a rush on one
    // slot the losers answer at once instead of holding pooled connections while the lock passes
    // from one to the next. Only a shortcut: the exclusion constraint below still decides.
    const endsAtAsListed = new Date(startsAt.getTime() + property.viewingMinutes * 60_000);
    const [{ taken }] = await db.$queryRaw<Array<{ taken: boolean }>>`
      SELECT EXISTS (SELECT 1 FROM viewings WHERE property_id = ${property.id}::uuid AND status IN ${HOLDING_STATUSES_SQL}
        AND tstzrange(starts_at, ends_at) && tstzrange(${startsAt}::timestamptz, ${endsAtAsListed}::timestamptz)) AS taken`;
    if (taken) throw conflict(VIEWING_TIME_TAKEN);
    return db.$transaction(async (tx) => {
      const listing = assertTakesViewings(await lockForViewings(tx, property.id));
      const timeZone = timeZoneOf(listing);
      const endsAt = new Date(startsAt.getTime() + listing.viewingMinutes * 60_000);
      if (kind === 'instant') {
        // One of the availability's slots (whether someone holds it is the exclusion constraint's to say).
        const from = (await tx.$queryRaw<Array<{ day: string }>>`SELECT to_char((${startsAt}::timestamptz AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day`)[0].day;
        const slot = await tx.$queryRaw<unknown[]>(slotsSql({ propertyId: listing.id, timeZone, viewingMinutes: listing.viewingMinutes, from, days: 1, now }, { free: false, at: startsAt }));
        if (!slot.length) throw badInput(NOT_A_FREE_SLOT);
      } else {
        await assertNotBlocked(tx, listing.id, timeZone, startsAt);
      }
      // The cap, counted under the listing's lock: every booking of this listing queues behind it.
      const upcoming = await tx.viewing.count({ where: { propertyId: listing.id, buyerId: viewer.id, status: { in: [...HOLDING_STATUSES] }, startsAt: { gt: now } } });
      if (upcoming >= UPCOMING_VIEWINGS_CAP) throw conflict(CAP_REACHED);
      // A time someone else holds: the exclusion constraint refuses (23P01 → CONFLICT).
      const viewing = await tx.viewing.create({
        data: { propertyId: listing.id, buyerId: viewer.id, agentId: listing.agentId, startsAt, endsAt, timeZone, kind, status: kind === 'instant' ? 'confirmed' : 'requested' },
      });
      // A request waits for the agent's answer: it counts in their reply time like a first message.
      if (kind === 'request') await recordQuestion(tx, { subjectId: viewing.id, kind: 'viewing', agentId: listing.agentId, askedAt: now });
      await notifier.notify(
        tx,
        kind === 'instant'
          ? [
              draft(viewing, listing.agentId, 'booked', `${viewer.name} booked a viewing of ${listing.title} on ${when(viewing)}.`),
              // The buyer's receipt: their e-mail carries the calendar invite.
              draft(viewing, viewer.id, 'booked', `Your viewing of ${listing.title} on ${when(viewing)} is booked.`),
            ]
          : draft(viewing, listing.agentId, 'requested', `${viewer.name} asks to view ${listing.title} on ${when(viewing)}: confirm, decline or propose another time.`),
      );
      await emitViewingEvent(tx, jobs, kind === 'instant' ? 'viewing.booked' : 'viewing.requested', viewing);
      return viewing;
    });
  }

  async function availabilityOf(property: PropertyRecord): Promise<ViewingAvailability> {
    const [windows, blocked] = await Promise.all([
      db.viewingWindow.findMany({ where: { propertyId: property.id }, orderBy: [{ weekday: 'asc' }, { onDate: 'asc' }, { startMinute: 'asc' }] }),
      db.viewingBlockedDate.findMany({ where: { propertyId: property.id }, orderBy: { day: 'asc' } }),
    ]);
    const range = (w: { startMinute: number; endMinute: number }) => ({ start: timeOfDay(w.startMinute), end: timeOfDay(w.endMinute) });
    return {
      timeZone: timeZoneOf(property),
      viewingMinutes: property.viewingMinutes,
      weekly: windows.filter((w) => w.weekday !== null).map((w) => ({ weekday: w.weekday!, ...range(w) })),
      oneOff: windows.filter((w) => w.onDate !== null).map((w) => ({ date: w.onDate!.toISOString().slice(0, 10), ...range(w) })),
      blockedDates: blocked.map((b) => b.day.toISOString().slice(0, 10)),
    };
  }

  /** The keyset of My viewings: upcoming soonest first, past latest first (ties by id). */
  function buyerPageWhere(viewerId: string, upcoming: boolean, after: string | null | undefined, now: Date): Prisma.ViewingWhereInput {
    const base: Prisma.ViewingWhereInput = { buyerId: viewerId, endsAt: upcoming ? { gt: now } : { lte: now } };
    if (!after) return base;
    const cursor = decodeCursor(after, upcoming ? 'UPCOMING' : 'PAST');
    const at = cursorTime(cursor);
    const id = cursorId(cursor);
    return {
      ...base,
      OR: upcoming ? [{ startsAt: { gt: at } }, { startsAt: at, id: { gt: id } }] : [{ startsAt: { lt: at } }, { startsAt: at, id: { lt: id } }],
    };
  }

  return {
    timeZoneOf,

    /** A viewing's calendar invite as it is now (the same the e-mails carry). */
    invite: (viewing: InviteViewing) => viewingInvite(viewing, config.publicUrl),

    async availability(caller: Caller, rawPropertyId: string): Promise<ViewingAvailability> {
      const viewer = requireViewer(caller, viewingsAccess.viewingAvailability.roles);
      return availabilityOf(await ownListing(viewer, rawPropertyId));
    },

    /** Replaces the calling agent's listing's availability as a whole, under the listing's locks. */
    async setAvailability(caller: Caller, rawPropertyId: string, rawInput: unknown): Promise<ViewingAvailability> {
      const viewer = requireViewer(caller, viewingsAccess.setViewingAvailability.roles);
      const property = await ownListing(viewer, rawPropertyId);
      const input = await validateInput(viewingAvailabilitySchema, rawInput);
      const [{ known }] = await db.$queryRaw<Array<{ known: boolean }>>(knownTimeZoneSql(input.timeZone));
      if (!known) throw badInput(UNKNOWN_TIME_ZONE, { timeZone: UNKNOWN_TIME_ZONE });
      await db.$transaction(async (tx) => {
        const listing = await lockForViewings(tx, property.id);
        if (!listing || listing.deletedAt) throw notFound(PROPERTY_NOT_FOUND);
        await tx.property.update({ where: { id: property.id }, data: { timeZone: input.timeZone, viewingMinutes: input.viewingMinutes } });
        await tx.viewingWindow.deleteMany({ where: { propertyId: property.id } });
        await tx.viewingWindow.createMany({
          data: [
            ...input.weekly.map((w) => ({ propertyId: property.id, weekday: w.weekday, startMinute: minutesOfDay(w.start), endMinute: minutesOfDay(w.end) })),
            ...input.oneOff.map((w) => ({ propertyId: property.id, onDate: new Date(`${w.date}T00:00:00Z`), startMinute: minutesOfDay(w.start), endMinute: minutesOfDay(w.end) })),
          ],
        });
        await tx.viewingBlockedDate.deleteMany({ where: { propertyId: property.id } });
        await tx.viewingBlockedDate.createMany({ data: [...new Set(input.blockedDates)].map((day) => ({ propertyId: property.id, day: new Date(`${day}T00:00:00Z`) })) });
      });
      return availabilityOf(await db.property.findUniqueOrThrow({ where: { id: property.id } }));
    },

    /** Free slots of a listing buyers can see, over `days` local days from `from` (today by default). */
    async freeSlots(caller: Caller, rawPropertyId: string, rawFrom: unknown, rawDays: number | null | undefined): Promise<FreeSlots> {
      requireViewer(caller, viewingsAccess.freeViewingSlots.roles);
      const property = await findPublicListing(db, rawPropertyId);
      const days = rawDays ?? 7;
      if (!Number.isInteger(days) || days < 1 || days > 14) throw badInput('Ask for 1 to 14 days of slots.');
      const now = clock();
      const timeZone = timeZoneOf(property);
      // The free slots' reads go through the driver (readRows): buyers ask for them on every listing they consider.
      const today = (await readRows<{ day: string }>(db, localTodaySql(timeZone, now)))[0].day;
      const first = typeof rawFrom === 'string' ? rawFrom : today;
      if (!isRealDate(first)) throw badInput('Choose a real date.');
      const offset = (Date.parse(`${first}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
      if (!Number.isFinite(offset) || offset < -1 || offset > BOOKING_HORIZON_DAYS) throw badInput(`Choose a start date from today to ${BOOKING_HORIZON_DAYS} days ahead.`);
      const [{ hasAvailability }] = await readRows<{ hasAvailability: boolean }>(db, Prisma.sql`SELECT EXISTS (SELECT 1 FROM viewing_windows WHERE property_id = ${property.id}::uuid) AS "hasAvailability"`);
      const slots =
        hasAvailability && property.saleState !== 'sold'
          ? await readRows<{ starts_at: Date; ends_at: Date }>(db, slotsSql({ propertyId: property.id, timeZone, viewingMinutes: property.viewingMinutes, from: first, days, now }, { free: true }))
          : [];
      return {
        timeZone,
        viewingMinutes: property.viewingMinutes,
        hasAvailability,
        from: first,
        slots: slots.map((s) => ({ startsAt: s.starts_at.toISOString(), endsAt: s.ends_at.toISOString(), localStart: zonedWallClock(s.starts_at, timeZone), localEnd: zonedWallClock(s.ends_at, timeZone) })),
      };
    },

    book: (caller: Caller, rawPropertyId: string, rawStartsAt: unknown) => ask(caller, rawPropertyId, rawStartsAt, 'instant'),
    request: (caller: Caller, rawPropertyId: string, rawStartsAt: unknown) => ask(caller, rawPropertyId, rawStartsAt, 'request'),

    async confirm(caller: Caller, rawId: string): Promise<ViewingRecord> {
      const viewer = requireViewer(caller, viewingsAccess.confirmViewing.roles);
      const viewing = await findOwn(viewer, rawId, 'agent');
      return change(viewer, viewing, ['requested'], { status: 'confirmed' }, 'viewing.confirmed', (changed, title) => [
        draft(changed, changed.buyerId, 'confirmed', `${viewer.name} confirmed your viewing of ${title} on ${when(changed)}.`),
      ]);
    },

    async decline(caller: Caller, rawId: string, rawReason: unknown): Promise<ViewingRecord> {
      const viewer = requireViewer(caller, viewingsAccess.declineViewing.roles);
      const viewing = await findOwn(viewer, rawId, 'agent');
      const { reason } = await validateInput(viewingReasonSchema, { reason: rawReason });
      return change(viewer, viewing, ['requested', 'proposed'], { status: 'declined', reason, endedById: viewer.id }, 'viewing.declined', (changed, title) => [
        draft(changed, changed.buyerId, 'declined', `${viewer.name} declined the viewing of ${title} on ${when(changed)}: ${reason}`),
      ]);
    },

    /** The agent proposes a new time (a request's, or a confirmed viewing's); the buyer accepts it or cancels. */
    async proposeTime(caller: Caller, rawId: string, rawStartsAt: unknown): Promise<ViewingRecord> {
      const viewer = requireViewer(caller, viewingsAccess.proposeViewingTime.roles);
      const viewing = await findOwn(viewer, rawId, 'agent');
      const startsAt = checkStart(rawStartsAt, clock());
      const property = await db.property.findUniqueOrThrow({ where: { id: viewing.propertyId } });
      await assertNotBlocked(db, viewing.propertyId, viewing.timeZone, startsAt);
      const endsAt = new Date(startsAt.getTime() + property.viewingMinutes * 60_000);
      const previously = when(viewing);
      // A time someone else holds: the exclusion constraint refuses the update (CONFLICT).
      return change(viewer, viewing, ['requested', 'confirmed', 'proposed'], { status: 'proposed', startsAt, endsAt }, 'viewing.time_proposed', (changed, title) => [
        draft(changed, changed.buyerId, 'moved', `${viewer.name} proposes ${when(changed)} instead of ${previously} for viewing ${title}: accept the new time or cancel.`),
      ]);
    },

    async acceptTime(caller: Caller, rawId: string): Promise<ViewingRecord> {
      const viewer = requireViewer(caller, viewingsAccess.acceptViewingTime.roles);
      const viewing = await findOwn(viewer, rawId, 'buyer');
      return change(viewer, viewing, ['proposed'], { status: 'confirmed' }, 'viewing.time_accepted', (changed, title) => [
        draft(changed, changed.agentId, 'accepted', `${viewer.name} accepted ${when(changed)} for viewing ${title}: the viewing is confirmed.`),
      ]);
    },

    /** Either side cancels a viewing that has not started, saying why; the other side is told. */
    async cancel(caller: Caller, rawId: string, rawReason: unknown): Promise<ViewingRecord> {
      const viewer = requireViewer(caller, viewingsAccess.cancelViewing.roles);
      const viewing = await findOwn(viewer, rawId, 'either');
      const { reason } = await validateInput(viewingReasonSchema, { reason: rawReason });
      const other = viewing.buyerId === viewer.id ? viewing.agentId : viewing.buyerId;
      return change(viewer, viewing, HOLDING_STATUSES, { status: 'cancelled', reason, endedById: viewer.id }, 'viewing.cancelled', (changed, title) => [
        draft(changed, other, 'cancelled', `${viewer.name} cancelled the viewing of ${title} on ${when(changed)}: ${reason}`),
      ]);
    },

    /** The buyer's feedback on their held viewing, once (the primary key of viewing_feedback: CONFLICT for a second). */
    async leaveFeedback(caller: Caller, rawId: string, rawRating: unknown, rawText: unknown): Promise<ViewingRecord> {
      const viewer = requireViewer(caller, viewingsAccess.leaveViewingFeedback.roles);
      const viewing = await findOwn(viewer, rawId, 'buyer');
      const { rating, text } = await validateInput(viewingFeedbackSchema, { rating: rawRating, text: rawText });
      return db.$transaction(async (tx) => {
        const now = clock();
        // Only a held viewing (confirmed and over) takes feedback: the condition is part of the insert.
        const stored = await tx.$executeRaw`
          INSERT INTO viewing_feedback (viewing_id, rating, text)
          SELECT id, ${rating}::int, ${text} FROM viewings WHERE id = ${viewing.id}::uuid AND buyer_id = ${viewer.id}::uuid AND status = 'confirmed' AND ends_at <= ${now}::timestamptz`;
        if (!stored) throw conflict(FEEDBACK_NOT_YET);
        await notifier.markActedOn(tx, { userId: viewer.id }, 'viewing', viewing.id);
        const title = (await tx.property.findUniqueOrThrow({ where: { id: viewing.propertyId }, select: { title: true } })).title;
        await notifier.notify(tx, draft(viewing, viewing.agentId, 'feedback', `${viewer.name} rated the viewing of ${title} on ${when(viewing)} ${rating}/5: ${text.length > 140 ? `${text.slice(0, 139)}…` : text}`));
        return viewing;
      });
    },

    async myViewings(caller: Caller, { when: which, first, after }: { when?: 'UPCOMING' | 'PAST' | null; first?: number | null; after?: string | null }): Promise<Page<ViewingRecord>> {
      const viewer = requireViewer(caller, viewingsAccess.myViewings.roles);
      const upcoming = (which ?? 'UPCOMING') === 'UPCOMING';
      const size = pageSize(first, { fallback: 20, max: 50 });
      const rows = await db.viewing.findMany({
        where: buyerPageWhere(viewer.id, upcoming, after, clock()),
        orderBy: upcoming ? [{ startsAt: 'asc' }, { id: 'asc' }] : [{ startsAt: 'desc' }, { id: 'desc' }],
        take: size + 1,
      });
      return toPage(rows, size, (row) => encodeCursor({ sort: upcoming ? 'UPCOMING' : 'PAST', value: row.startsAt.toISOString(), id: row.id }));
    },

    async myViewingsOf(caller: Caller, rawPropertyId: string): Promise<ViewingRecord[]> {
      const viewer = requireViewer(caller, viewingsAccess.myViewingsOf.roles);
      return db.viewing.findMany({ where: { buyerId: viewer.id, propertyId: parseId(rawPropertyId, 'property id'), endsAt: { gt: clock() } }, orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] });
    },

    /**
     * The agent's viewings starting in the 7 days from `from`, across their
     * listings, each with its feedback (the week page shows it): one statement
     * (index viewings(agent_id, starts_at)), its rows mapped by name as the
     * listing search's are, since a week holds hundreds of viewings.
     */
    async agentWeek(caller: Caller, rawFrom: unknown): Promise<ViewingWithFeedback[]> {
      const viewer = requireViewer(caller, viewingsAccess.agentViewingWeek.roles);
      const from = rawFrom instanceof Date ? rawFrom : new Date(String(rawFrom));
      if (Number.isNaN(from.getTime())) throw badInput('Choose the week’s first day.');
      return viewingsWithFeedback(await readRows<WeekRow>(db, agentWeekSql(viewer.id, from, new Date(from.getTime() + 7 * DAY_MS))));
    },

    /** Feedback on a listing's viewings, newest first: its agent's, or any listing's for admins. */
    async feedbackOf(caller: Caller, rawPropertyId: string): Promise<ViewingFeedbackEntry[]> {
      const viewer = requireViewer(caller, viewingsAccess.viewingFeedback.roles);
      const property = await db.property.findFirst({ where: { id: parseId(rawPropertyId, 'property id') } });
      if (!property) throw notFound(PROPERTY_NOT_FOUND);
      if (viewer.role !== 'admin' && property.agentId !== viewer.id) throw forbidden('You can only see the feedback on your own listings.');
      const rows = await db.viewingFeedback.findMany({ where: { viewing: { propertyId: property.id } }, orderBy: { createdAt: 'desc' }, include: { viewing: true } });
      return rows.map(({ viewing, ...feedback }) => ({ viewing, feedback }));
    },

    /** Whether `viewer` may read the feedback on `viewing` (its agent, admins). */
    /** Whether the viewing took place: confirmed and over, by the service's clock (the rule leaveFeedback's insert holds). */
    isHeld: (viewing: Pick<ViewingRecord, 'status' | 'endsAt'>) => viewing.status === 'confirmed' && viewing.endsAt.getTime() <= clock().getTime(),
    seesFeedback: (viewer: Pick<UserRecord, 'id' | 'role'> | null, viewing: Pick<ViewingRecord, 'agentId'>) => Boolean(viewer && (viewer.role === 'admin' || viewer.id === viewing.agentId)),

    /** The calling agent adds an open house to their listed, unsold listing; its wishlisters are told. */
    async addOpenHouse(caller: Caller, rawPropertyId: string, rawStartsAt: unknown, rawEndsAt: unknown, rawNote: unknown): Promise<OpenHouseRecord> {
      const viewer = requireViewer(caller, viewingsAccess.addOpenHouse.roles);
      const property = await ownListing(viewer, rawPropertyId);
      const { note } = await validateInput(openHouseSchema, { note: rawNote ?? undefined });
      const now = clock();
      const startsAt = checkStart(rawStartsAt, now);
      const endsAt = parseInstant(rawEndsAt);
      if (endsAt.getTime() <= startsAt.getTime()) throw badInput(OPEN_HOUSE_ENDS_BEFORE_START);
      if (endsAt.getTime() - startsAt.getTime() > 12 * 3_600_000) throw badInput(OPEN_HOUSE_TOO_LONG);
      return db.$transaction(async (tx) => {
        const listing = assertTakesViewings(await lockForViewings(tx, property.id));
        const timeZone = timeZoneOf(listing);
        const openHouse = await tx.openHouse.create({ data: { propertyId: listing.id, startsAt, endsAt, timeZone, note: note || null } });
        // Every buyer who wishlisted it hears of it (one statement, however many).
        await notifier.notifyFrom(
          tx,
          `SELECT w.user_id AS recipient_id, 'open_house_scheduled'::"NotificationType" AS type, w.property_id AS subject_id,
                  $2::text AS text, 'open-house:' || $3::text AS dedupe_key, $4::"EmailDelivery" AS default_delivery, 'instant'::"EmailDelivery" AS at_most
           FROM wishlist_items w WHERE w.property_id = $1::uuid`,
          [listing.id, `Open house at ${listing.title} (on your wishlist): ${localTime(startsAt, timeZone)} to ${localTime(endsAt, timeZone).split(', ')[1]}.`, openHouse.id, NOTIFICATION_TYPES.open_house_scheduled.defaultDelivery],
        );
        return openHouse;
      });
    },

    async removeOpenHouse(caller: Caller, rawId: string): Promise<string> {
      const viewer = requireViewer(caller, viewingsAccess.removeOpenHouse.roles);
      const id = parseId(rawId, 'open house id');
      // Removed twice at once: the second finds nothing and answers NOT_FOUND.
      const { count } = await db.openHouse.deleteMany({ where: { id, property: { agentId: viewer.id } } });
      if (!count) throw notFound(OPEN_HOUSE_NOT_FOUND);
      return id;
    },
  };
}

export type ViewingsService = ReturnType<typeof createViewingsService>;
