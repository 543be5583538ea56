// Viewings through the real app (GraphQL over HTTP, PostgreSQL, the Auth
// emulator, maildev): availability in the listing's time zone, booking and
// requests, every change of a viewing and the races between them, the cap of
// upcoming viewings, no double booking under 50 concurrent bookings, bad input,
// feedback and the agents' numbers, open houses and their filter, calendar
// invites (parsed with ical.js) in the API and in the e-mails, and listings
// that end (sold, removed, rejected, agent marked as fraud).
import { addDays, isoWeekday, zonedClock, zonedDate, zonedInstant } from '@opennest/common/zoned-time';
import { FEEDBACK_ALREADY_GIVEN, VIEWING_TIME_TAKEN } from '../db/constraint-meanings';
import { createViewingsService, CAP_REACHED, FEEDBACK_NOT_YET, IN_THE_PAST, NOT_A_FREE_SLOT, SOLD_NO_VIEWINGS, VIEWING_NOT_FOUND } from './viewings.service';
import { createCast, createListing, createOffer, createWishlistItem, okData, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { parseInvite, inviteOfEmail } from '../test/calendar-invite';
import { emailsTo, waitForEmails } from '../test/mailbox';
import { graphqlOutcome, internalErrorsOf, refusalsOf } from '../test/outcomes';
import { confirmWithCard } from '../test/payments';
import { startTestApp, type TestApp } from '../test/test-app';
import { createNotifier } from '../notifications/notifier';
import type { ViewingAvailabilityInput } from '../graphql/generated/resolvers-types';

const LONDON = 'Europe/London';

let app: TestApp;
let cast: Record<'agent' | 'otherAgent' | 'buyer' | 'otherBuyer' | 'admin', Account>;

beforeAll(async () => {
  app = await startTestApp();
  cast = await createCast(app, ['agent', 'otherAgent', 'buyer', 'otherBuyer', 'admin']);
});
afterAll(async () => {
  await app?.close();
});

/** The next local date in London with ISO weekday `weekday`, at least `minDays` days from today. */
function nextDate(weekday: number, minDays = 3): string {
  let date = addDays(zonedDate(new Date(), LONDON), minDays);
  while (isoWeekday(date) !== weekday) date = addDays(date, 1);
  return date;
}
const SATURDAY = 6;
/** The instant `ms`, its seconds dropped (times are on the minute). */
const onTheMinute = (ms: number) => new Date(ms - (ms % 60_000));
const at = (date: string, time: string) => zonedInstant(date, time, LONDON).toISOString();

/** Every day 10:00–13:00 London time, 30-minute viewings (weekly windows on all seven days). */
const everyDay: ViewingAvailabilityInput = { timeZone: LONDON, viewingMinutes: 30, weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '10:00', end: '13:00' })), oneOff: [], blockedDates: [] };

/** A verified listing of the cast's agent that takes viewings every day 10:00–13:00 in London. */
async function listingWithAvailability(agent = cast.agent, availability = everyDay) {
  const property = await createListing(app, agent.user.id, { title: unique('Viewable') });
  okData(await app.graphql(operations.SetViewingAvailability, { propertyId: property.id, input: availability }, agent.idToken));
  return property;
}

const book = (propertyId: string, startsAt: string, who = cast.buyer) => app.graphql(operations.BookViewing, { propertyId, startsAt }, who.idToken);

describe('availability', () => {
  it('the agent sets weekly windows, one-off slots, blocked dates and a length in an IANA time zone, and reads them back', async () => {
    const property = await createListing(app, cast.agent.user.id);
    const input = {
      timeZone: LONDON,
      viewingMinutes: 45,
      weekly: [{ weekday: 6, start: '10:00', end: '13:00' }, { weekday: 3, start: '17:00', end: '19:00' }],
      oneOff: [{ date: '2031-01-02', start: '09:00', end: '10:30' }],
      blockedDates: ['2031-01-03', '2031-01-03', '2031-01-04'],
    };
    const saved = okData(await app.graphql(operations.SetViewingAvailability, { propertyId: property.id, input }, cast.agent.idToken)).setViewingAvailability;
    expect(saved).toEqual({
      timeZone: LONDON,
      viewingMinutes: 45,
      weekly: [{ weekday: 3, start: '17:00', end: '19:00' }, { weekday: 6, start: '10:00', end: '13:00' }],
      oneOff: [{ date: '2031-01-02', start: '09:00', end: '10:30' }],
      blockedDates: ['2031-01-03', '2031-01-04'],
    });
    expect(okData(await app.graphql(operations.ViewingAvailability, { propertyId: property.id }, cast.agent.idToken)).viewingAvailability).toEqual(saved);
  });

  it('a listing without a chosen time zone uses the configured default (LISTING_TIME_ZONE)', async () => {
    const property = await createListing(app, cast.agent.user.id);
    const read = okData(await app.graphql(operations.ViewingAvailability, { propertyId: property.id }, cast.agent.idToken)).viewingAvailability;
    expect(read).toEqual({ timeZone: 'Asia/Dhaka', viewingMinutes: 30, weekly: [], oneOff: [], blockedDates: [] });
  });

  it.each([
    ['overlapping windows', { weekly: [{ weekday: 6, start: '10:00', end: '12:00' }, { weekday: 6, start: '11:30', end: '13:00' }] }, 'Windows on the same day must not overlap'],
    ['overlapping one-off slots', { oneOff: [{ date: '2031-01-02', start: '10:00', end: '12:00' }, { date: '2031-01-02', start: '09:00', end: '10:30' }] }, 'Windows on the same day must not overlap'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, 'Unknown time zone: choose one such as Europe/London'],
    ['a length under 15 minutes', { viewingMinutes: 10 }, 'A viewing lasts at least 15 minutes'],
    ['a length over 120 minutes', { viewingMinutes: 121 }, 'A viewing lasts at most 120 minutes'],
    ['a window ending before it starts', { weekly: [{ weekday: 1, start: '12:00', end: '11:00' }] }, 'A window must end after it starts'],
    ['a window shorter than a viewing', { weekly: [{ weekday: 1, start: '12:00', end: '12:20' }] }, 'A window must be at least as long as one viewing'],
    ['a time that is no time', { weekly: [{ weekday: 1, start: '25:00', end: '26:00' }] }, 'Start must be a time such as 10:30'],
    ['a weekday 8', { weekly: [{ weekday: 8, start: '10:00', end: '11:00' }] }, 'Choose a day'],
    // The Date scalar refuses it while reading the variables, before the shared rules see it.
    ['a date that is no date', { blockedDates: ['2031-02-30'] }, expect.stringContaining('got invalid value "2031-02-30"; Expected type Date')],
  ])('refuses %s with BAD_USER_INPUT and keeps what was there', async (_what, change, message: unknown) => {
    const property = await listingWithAvailability();
    const before = okData(await app.graphql(operations.ViewingAvailability, { propertyId: property.id }, cast.agent.idToken)).viewingAvailability;
    const refused = graphqlOutcome(await app.graphql(operations.SetViewingAvailability, { propertyId: property.id, input: { ...everyDay, ...change } }, cast.agent.idToken));
    expect(refused).toMatchObject({ ok: false, code: 'BAD_USER_INPUT', message });
    expect(okData(await app.graphql(operations.ViewingAvailability, { propertyId: property.id }, cast.agent.idToken)).viewingAvailability).toEqual(before);
  });

  it('another agent may neither read nor change it (FORBIDDEN); buyers may not at all', async () => {
    const property = await listingWithAvailability();
    expect(graphqlOutcome(await app.graphql(operations.SetViewingAvailability, { propertyId: property.id, input: everyDay }, cast.otherAgent.idToken))).toMatchObject({ code: 'FORBIDDEN' });
    expect(graphqlOutcome(await app.graphql(operations.ViewingAvailability, { propertyId: property.id }, cast.otherAgent.idToken))).toMatchObject({ code: 'FORBIDDEN' });
    expect(graphqlOutcome(await app.graphql(operations.ViewingAvailability, { propertyId: property.id }, cast.buyer.idToken))).toMatchObject({ code: 'FORBIDDEN', message: 'Only agents can do this.' });
  });
});

describe('free slots in the listing’s time zone', () => {
  it('lists 30-minute slots from 10:00 to 12:30 London time, leaves out blocked dates and taken slots', async () => {
    const saturday = nextDate(SATURDAY);
    const property = await listingWithAvailability(cast.agent, { ...everyDay, blockedDates: [addDays(saturday, 1)] });
    const free = okData(await app.graphql(operations.FreeViewingSlots, { propertyId: property.id, from: saturday, days: 2 }, cast.buyer.idToken)).freeViewingSlots;
    expect(free).toMatchObject({ timeZone: LONDON, viewingMinutes: 30, hasAvailability: true, from: saturday });
    expect(free.slots.map((slot) => `${zonedDate(new Date(slot.startsAt), LONDON)} ${zonedClock(new Date(slot.startsAt), LONDON)}`)).toEqual(
      ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30'].map((time) => `${saturday} ${time}`),
    );
    // The same times on the listing's wall clock, as the pages write them (no Intl in the browser).
    expect(free.slots.map((slot) => [slot.localStart, slot.localEnd])).toEqual(
      [['10:00', '10:30'], ['10:30', '11:00'], ['11:00', '11:30'], ['11:30', '12:00'], ['12:00', '12:30'], ['12:30', '13:00']].map(([start, end]) => [`${saturday}T${start}`, `${saturday}T${end}`]),
    );
    okData(await book(property.id, at(saturday, '10:30')));
    const after = okData(await app.graphql(operations.FreeViewingSlots, { propertyId: property.id, from: saturday, days: 1 }, cast.otherBuyer.idToken)).freeViewingSlots;
    expect(after.slots.map((slot) => zonedClock(new Date(slot.startsAt), LONDON))).toEqual(['10:00', '11:00', '11:30', '12:00', '12:30']);
  });

  it('a DST test: a weekly 10:00 window in Europe/London stays at local 10:00 across the spring change (its UTC time moves)', async () => {
    // The clock is set to just before next year's spring change (the last Sunday of March, 01:00 UTC).
    const year = new Date().getUTCFullYear() + 1;
    let change = `${year}-03-31`;
    while (isoWeekday(change) !== 7) change = addDays(change, -1);
    const clock = () => new Date(`${addDays(change, -8)}T12:00:00Z`);
    const service = createViewingsService({ db: app.db, notifier: createNotifier({ jobs: app.eventsAndJobs.jobs }), jobs: app.eventsAndJobs.jobs, config: { listingTimeZone: 'UTC', publicUrl: app.url }, clock });
    const property = await listingWithAvailability(cast.agent, { ...everyDay, weekly: [{ weekday: 7, start: '10:00', end: '10:30' }, { weekday: 6, start: '10:00', end: '10:30' }] });
    const caller = { identity: { uid: cast.buyer.user.firebaseUid, email: cast.buyer.user.email, emailVerified: true, name: null, picture: null, signInProvider: 'password', expiresAt: new Date(Date.now() + 3600_000) }, viewer: cast.buyer.user, authError: null };
    const { slots } = await service.freeSlots(caller, property.id, addDays(change, -7), 14);
    expect(slots.map((slot) => `${zonedDate(new Date(slot.startsAt), LONDON)} ${zonedClock(new Date(slot.startsAt), LONDON)}`)).toEqual([
      `${addDays(change, -7)} 10:00`,
      `${addDays(change, -1)} 10:00`,
      `${change} 10:00`,
      `${addDays(change, 6)} 10:00`,
    ]);
    // Before the change London is on GMT (10:00 local = 10:00 UTC), from the change on BST (10:00 local = 09:00 UTC).
    expect(slots.map((slot) => slot.startsAt.slice(11, 16))).toEqual(['10:00', '10:00', '09:00', '09:00']);
    // The wall clock the API sends stays at 10:00 on both sides of the change.
    expect(slots.map((slot) => slot.localStart.slice(11))).toEqual(['10:00', '10:00', '10:00', '10:00']);
  });

  it('a listing without availability has no slots but takes requests', async () => {
    const property = await createListing(app, cast.agent.user.id);
    expect(okData(await app.graphql(operations.FreeViewingSlots, { propertyId: property.id }, cast.buyer.idToken)).freeViewingSlots).toMatchObject({ hasAvailability: false, slots: [] });
    const monday = nextDate(1);
    const requested = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: zonedInstant(monday, '18:00', 'Asia/Dhaka').toISOString() }, cast.buyer.idToken)).requestViewing;
    expect(requested).toMatchObject({ status: 'requested', kind: 'request', timeZone: 'Asia/Dhaka', localStart: `${monday}T18:00`, localEnd: `${monday}T18:30` });
  });
});

describe('booking and bad input', () => {
  it('a buyer books a free slot at once (confirmed); the agent is notified with the local time', async () => {
    const saturday = nextDate(SATURDAY);
    const property = await listingWithAvailability();
    const booked = okData(await book(property.id, at(saturday, '10:30'))).bookViewing;
    expect(booked).toMatchObject({ status: 'confirmed', kind: 'instant', timeZone: LONDON, sequence: 0, startsAt: at(saturday, '10:30'), endsAt: at(saturday, '11:00'), property: { id: property.id }, buyer: { name: 'Bea Buyer' } });
    const texts = okData(await app.graphql(operations.ViewingNotifications, {}, cast.agent.idToken)).notifications.nodes.filter((n) => n.type === 'viewing_update').map((n) => n.text);
    expect(texts).toContain(`Bea Buyer booked a viewing of ${property.title} on ${new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: LONDON }).format(new Date(at(saturday, '10:30')))} ${Number(saturday.slice(8))} ${new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: LONDON }).format(new Date(at(saturday, '10:30')))}, 10:30.`);
  });

  it.each([
    ['a time outside the availability', () => at(nextDate(SATURDAY), '14:00'), 'BAD_USER_INPUT', NOT_A_FREE_SLOT],
    ['a time off the slot grid', () => at(nextDate(SATURDAY), '10:15'), 'BAD_USER_INPUT', NOT_A_FREE_SLOT],
    ['a time in the past', () => onTheMinute(Date.now() - 3_600_000).toISOString(), 'BAD_USER_INPUT', IN_THE_PAST],
    ['a time with seconds', () => at(nextDate(SATURDAY), '10:30').replace(':00.000Z', ':07.000Z'), 'BAD_USER_INPUT', 'Choose a time on the minute (no seconds).'],
    ['a time far ahead', () => onTheMinute(Date.now() + 400 * 86_400_000).toISOString(), 'BAD_USER_INPUT', 'Choose a time within the next 90 days.'],
  ])('refuses %s (%s), storing nothing', async (_what, startsAt, code, message) => {
    const property = await listingWithAvailability();
    expect(graphqlOutcome(await book(property.id, startsAt()))).toMatchObject({ ok: false, code, message });
    expect(await app.db.viewing.count({ where: { propertyId: property.id } })).toBe(0);
  });

  it('refuses a sold listing (CONFLICT), an unverified or deleted one (NOT_FOUND), an agent booking (FORBIDDEN), an unknown id; nothing stored', async () => {
    const saturday = nextDate(SATURDAY);
    const sold = await listingWithAvailability();
    await app.db.property.update({ where: { id: sold.id }, data: { saleState: 'sold' } });
    const pending = await listingWithAvailability();
    await app.db.property.update({ where: { id: pending.id }, data: { status: 'pending' } });
    const deleted = await listingWithAvailability();
    await app.db.property.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    const open = await listingWithAvailability();
    expect(graphqlOutcome(await book(sold.id, at(saturday, '10:30')))).toMatchObject({ code: 'CONFLICT', message: SOLD_NO_VIEWINGS });
    expect(graphqlOutcome(await book(pending.id, at(saturday, '10:30')))).toMatchObject({ code: 'NOT_FOUND', message: 'Property not found.' });
    expect(graphqlOutcome(await book(deleted.id, at(saturday, '10:30')))).toMatchObject({ code: 'NOT_FOUND', message: 'Property not found.' });
    expect(graphqlOutcome(await book(open.id, at(saturday, '10:30'), cast.otherAgent))).toMatchObject({ code: 'FORBIDDEN', message: 'Only buyers (role user) can do this.' });
    expect(graphqlOutcome(await book('not-an-id', at(saturday, '10:30')))).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Invalid property id.' });
    expect(graphqlOutcome(await app.graphql(operations.FreeViewingSlots, { propertyId: pending.id }, cast.buyer.idToken))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await app.db.viewing.count({ where: { propertyId: { in: [sold.id, pending.id, deleted.id, open.id] } } })).toBe(0);
  });

  it('a buyer holds at most 2 upcoming viewings of one listing: 5 concurrent bookings of 5 free slots store exactly 2', async () => {
    const saturday = nextDate(SATURDAY);
    const property = await listingWithAvailability();
    const times = ['10:00', '10:30', '11:00', '11:30', '12:00'];
    const outcomes = await Promise.all(times.map((time) => book(property.id, at(saturday, time)).then(graphqlOutcome)));
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
    expect(refusalsOf(outcomes)).toEqual(Array(3).fill(`CONFLICT: ${CAP_REACHED}`));
    expect(await app.db.viewing.count({ where: { propertyId: property.id, buyerId: cast.buyer.user.id } })).toBe(2);
    // A cancelled one frees a place.
    const [first] = await app.db.viewing.findMany({ where: { propertyId: property.id } });
    okData(await app.graphql(operations.CancelViewing, { id: first.id, reason: 'Plans changed' }, cast.buyer.idToken));
    okData(await book(property.id, at(saturday, '12:30')));
  });
});

describe('no double booking', () => {
  it('50 concurrent bookings of one slot by 50 buyers: exactly 1 succeeds and 49 get a clean CONFLICT', async () => {
    const saturday = nextDate(SATURDAY);
    const property = await listingWithAvailability();
    const buyers: Account[] = [];
    for (let i = 0; i < 5; i += 1) buyers.push(...(await Promise.all(Array.from({ length: 10 }, () => app.createUser('user')))));
    const outcomes = await Promise.all(buyers.map((buyer) => book(property.id, at(saturday, '11:00'), buyer).then(graphqlOutcome)));
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(refusalsOf(outcomes)).toEqual(Array(49).fill(`CONFLICT: ${VIEWING_TIME_TAKEN}`));
    expect(await app.db.viewing.count({ where: { propertyId: property.id } })).toBe(1);
    // The one agent notification: the winner's.
    expect(await app.db.notification.count({ where: { recipientId: cast.agent.user.id, type: 'viewing_update', text: { contains: property.title } } })).toBe(1);
  }, 120_000);

  it('the database refuses an overlapping viewing whatever writes it (the exclusion constraint), but not one that no longer holds its time', async () => {
    const saturday = nextDate(SATURDAY);
    const property = await listingWithAvailability();
    const base = { propertyId: property.id, agentId: cast.agent.user.id, timeZone: LONDON, kind: 'request' as const };
    await app.db.viewing.create({ data: { ...base, buyerId: cast.buyer.user.id, startsAt: new Date(at(saturday, '10:00')), endsAt: new Date(at(saturday, '10:30')), status: 'confirmed' } });
    await expect(app.db.viewing.create({ data: { ...base, buyerId: cast.otherBuyer.user.id, startsAt: new Date(at(saturday, '10:15')), endsAt: new Date(at(saturday, '10:45')), status: 'requested' } })).rejects.toThrow(/viewings_no_overlap/);
    // Touching ends do not overlap; a cancelled viewing holds nothing.
    await app.db.viewing.create({ data: { ...base, buyerId: cast.otherBuyer.user.id, startsAt: new Date(at(saturday, '10:30')), endsAt: new Date(at(saturday, '11:00')), status: 'confirmed' } });
    await app.db.viewing.create({ data: { ...base, buyerId: cast.otherBuyer.user.id, startsAt: new Date(at(saturday, '10:00')), endsAt: new Date(at(saturday, '10:30')), status: 'cancelled' } });
  });
});

describe('the changes of a viewing', () => {
  it('request → the agent proposes a new time → the buyer accepts → confirmed; each step tells the other side', async () => {
    const saturday = nextDate(SATURDAY);
    const property = await listingWithAvailability();
    const requested = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: at(saturday, '16:00') }, cast.buyer.idToken)).requestViewing;
    expect(requested).toMatchObject({ status: 'requested', kind: 'request', sequence: 0 });
    const proposed = okData(await app.graphql(operations.ProposeViewingTime, { id: requested.id, startsAt: at(saturday, '17:00') }, cast.agent.idToken)).proposeViewingTime;
    expect(proposed).toMatchObject({ status: 'proposed', sequence: 1, startsAt: at(saturday, '17:00'), endsAt: at(saturday, '17:30') });
    // Only the buyer accepts; the agent cannot confirm their own proposal.
    expect(graphqlOutcome(await app.graphql(operations.ConfirmViewing, { id: requested.id }, cast.agent.idToken))).toMatchObject({ code: 'CONFLICT' });
    const accepted = okData(await app.graphql(operations.AcceptViewingTime, { id: requested.id }, cast.buyer.idToken)).acceptViewingTime;
    expect(accepted).toMatchObject({ status: 'confirmed', sequence: 2 });
    const buyerTexts = okData(await app.graphql(operations.ViewingNotifications, {}, cast.buyer.idToken)).notifications.nodes.map((n) => n.text);
    expect(buyerTexts.some((text) => text.startsWith('Avery Agent proposes') && text.includes('17:00 instead of') && text.includes('16:00'))).toBe(true);
    const agentNotes = okData(await app.graphql(operations.ViewingNotifications, {}, cast.agent.idToken)).notifications.nodes;
    expect(agentNotes.find((n) => n.text.startsWith('Bea Buyer accepted'))?.link).toBe(`/dash-board/viewings?item=${requested.id}`);
    expect(okData(await app.graphql(operations.ViewingNotifications, {}, cast.buyer.idToken)).notifications.nodes.find((n) => n.type === 'viewing_update')?.link).toBe(`/dash-board/my-viewings?item=${requested.id}`);
  });

  it('declining and cancelling need a reason, which the other side reads; a stranger gets NOT_FOUND', async () => {
    const saturday = nextDate(SATURDAY);
    const property = await listingWithAvailability();
    const requested = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: at(saturday, '15:00') }, cast.buyer.idToken)).requestViewing;
    expect(graphqlOutcome(await app.graphql(operations.DeclineViewing, { id: requested.id, reason: '  ' }, cast.agent.idToken))).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Please give a reason' });
    expect(graphqlOutcome(await app.graphql(operations.DeclineViewing, { id: requested.id, reason: 'x'.repeat(501) }, cast.agent.idToken))).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(graphqlOutcome(await app.graphql(operations.DeclineViewing, { id: requested.id, reason: 'Busy' }, cast.otherAgent.idToken))).toMatchObject({ code: 'NOT_FOUND', message: VIEWING_NOT_FOUND });
    expect(graphqlOutcome(await app.graphql(operations.CancelViewing, { id: requested.id, reason: 'Mine now' }, cast.otherBuyer.idToken))).toMatchObject({ code: 'NOT_FOUND', message: VIEWING_NOT_FOUND });
    const declined = okData(await app.graphql(operations.DeclineViewing, { id: requested.id, reason: 'The tenants are home that day' }, cast.agent.idToken)).declineViewing;
    expect(declined).toMatchObject({ status: 'declined', reason: 'The tenants are home that day', endedBy: 'agent', sequence: 1 });
    // Final: nothing changes it again.
    expect(graphqlOutcome(await app.graphql(operations.CancelViewing, { id: requested.id, reason: 'Too late' }, cast.buyer.idToken))).toMatchObject({ code: 'CONFLICT', message: 'This viewing is declined now; nothing was changed.' });
    const booked = okData(await book(property.id, at(saturday, '12:00'))).bookViewing;
    const cancelled = okData(await app.graphql(operations.CancelViewing, { id: booked.id, reason: 'Found another home' }, cast.buyer.idToken)).cancelViewing;
    expect(cancelled).toMatchObject({ status: 'cancelled', endedBy: 'buyer', reason: 'Found another home' });
    const agentTexts = okData(await app.graphql(operations.ViewingNotifications, {}, cast.agent.idToken)).notifications.nodes.map((n) => n.text);
    expect(agentTexts.some((text) => text.startsWith(`Bea Buyer cancelled the viewing of ${property.title}`) && text.endsWith(': Found another home'))).toBe(true);
  });

  it('moving into the past, onto a blocked date or onto a held time is refused; nothing changes', async () => {
    const saturday = nextDate(SATURDAY);
    const property = await listingWithAvailability(cast.agent, { ...everyDay, blockedDates: [addDays(saturday, 1)] });
    const mine = okData(await book(property.id, at(saturday, '10:00'))).bookViewing;
    okData(await book(property.id, at(saturday, '11:00'), cast.otherBuyer));
    const move = (startsAt: string) => app.graphql(operations.ProposeViewingTime, { id: mine.id, startsAt }, cast.agent.idToken).then(graphqlOutcome);
    expect(await move(onTheMinute(Date.now() - 86_400_000).toISOString())).toMatchObject({ code: 'BAD_USER_INPUT', message: IN_THE_PAST });
    expect(await move(at(addDays(saturday, 1), '10:00'))).toMatchObject({ code: 'BAD_USER_INPUT', message: 'The agent takes no viewings on this date. Choose another day.' });
    expect(await move(at(saturday, '10:45'))).toMatchObject({ code: 'CONFLICT', message: VIEWING_TIME_TAKEN });
    expect(await app.db.viewing.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ status: 'confirmed', sequence: 0, startsAt: new Date(at(saturday, '10:00')) });
  });

  /**
   * `rounds` times, a fresh requested viewing, then `change` and the buyer's cancel at once.
   * Each transition is a compare-and-set on the status it starts from, so the outcome is
   * one of the two serial orders: `change` then cancel (both succeed: cancelling is allowed
   * from what `change` leads to), or cancel then `change` (refused with CONFLICT). Never a
   * lost update: the viewing always ends cancelled, its sequence counts the successes, and
   * the other side was told exactly what succeeded.
   */
  async function raceWithCancel(change: (id: string) => Promise<Parameters<typeof graphqlOutcome>[0]>, after: (stored: { status: string; startsAt: Date }, round: number) => void) {
    const property = await listingWithAvailability();
    const saturday = nextDate(SATURDAY);
    const orders: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      const viewing = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: at(saturday, `${14 + round}:00`) }, cast.buyer.idToken)).requestViewing;
      const [changed, cancel] = await Promise.all([
        change(viewing.id).then(graphqlOutcome),
        app.graphql(operations.CancelViewing, { id: viewing.id, reason: 'Changed my mind' }, cast.buyer.idToken).then(graphqlOutcome),
      ]);
      expect(internalErrorsOf([changed, cancel])).toEqual([]);
      expect(cancel.ok).toBe(true);
      const stored = await app.db.viewing.findUniqueOrThrow({ where: { id: viewing.id } });
      expect(stored.status).toBe('cancelled');
      if (changed.ok) {
        orders.push('change, cancel');
        expect(stored.sequence).toBe(2);
        after(stored, round);
      } else {
        orders.push('cancel, change refused');
        expect(changed).toMatchObject({ code: 'CONFLICT', message: 'This viewing is cancelled now; nothing was changed.' });
        expect(stored).toMatchObject({ sequence: 1, startsAt: new Date(at(saturday, `${14 + round}:00`)) });
      }
      // One notification per success: the buyer hears of the change only if it happened, the agent of the cancel.
      const told = await app.db.notification.count({ where: { subjectId: viewing.id, recipientId: cast.buyer.user.id } });
      expect(told).toBe(changed.ok ? 1 : 0);
      expect(await app.db.notification.count({ where: { subjectId: viewing.id, recipientId: cast.agent.user.id, text: { contains: 'cancelled' } } })).toBe(1);
    }
    return orders;
  }

  it('confirm and cancel at once, several rounds: a serial outcome every time, never a confirmed viewing its buyer cancelled', async () => {
    await raceWithCancel((id) => app.graphql(operations.ConfirmViewing, { id }, cast.agent.idToken), () => undefined);
  });

  it('move and cancel at once, several rounds: a serial outcome every time; a refused move changes no time', async () => {
    const saturday = nextDate(SATURDAY);
    await raceWithCancel(
      (id) => app.graphql(operations.ProposeViewingTime, { id, startsAt: at(saturday, '07:00') }, cast.agent.idToken),
      (stored) => expect(stored.startsAt).toEqual(new Date(at(saturday, '07:00'))),
    );
  });

  it('decline and cancel at once (both end it), several rounds: exactly one wins, the other gets CONFLICT', async () => {
    const property = await listingWithAvailability();
    const saturday = nextDate(SATURDAY);
    for (let round = 0; round < 4; round += 1) {
      const viewing = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: at(saturday, `${14 + round}:00`) }, cast.buyer.idToken)).requestViewing;
      const [decline, cancel] = await Promise.all([
        app.graphql(operations.DeclineViewing, { id: viewing.id, reason: 'Fully booked' }, cast.agent.idToken).then(graphqlOutcome),
        app.graphql(operations.CancelViewing, { id: viewing.id, reason: 'Changed my mind' }, cast.buyer.idToken).then(graphqlOutcome),
      ]);
      expect(internalErrorsOf([decline, cancel])).toEqual([]);
      expect([decline.ok, cancel.ok].filter(Boolean)).toHaveLength(1);
      const loser = decline.ok ? cancel : decline;
      expect(loser).toMatchObject({ code: 'CONFLICT', message: `This viewing is ${decline.ok ? 'declined' : 'cancelled'} now; nothing was changed.` });
      expect(await app.db.viewing.findUniqueOrThrow({ where: { id: viewing.id } })).toMatchObject({ status: decline.ok ? 'declined' : 'cancelled', sequence: 1 });
    }
  });
});

describe('calendar invites', () => {
  it('the API and the e-mails carry a valid .ics: the UID stays, SEQUENCE rises, METHOD turns CANCEL at the end', async () => {
    const buyer = await app.createUser('user', { name: 'Ivy Invitee' });
    const saturday = nextDate(SATURDAY);
    const property = await listingWithAvailability();
    const requested = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: at(saturday, '15:00') }, buyer.idToken)).requestViewing;
    const inviteNow = async () => {
      const node = okData(await app.graphql(operations.MyViewingInvites, {}, buyer.idToken)).myViewings.nodes.find((n) => n.id === requested.id)!;
      return parseInvite(node.calendarInvite);
    };
    okData(await app.graphql(operations.ConfirmViewing, { id: requested.id }, cast.agent.idToken));
    const confirmed = await inviteNow();
    const [confirmedMail] = await waitForEmails(buyer.email, { subject: /confirmed your viewing/ });
    okData(await app.graphql(operations.ProposeViewingTime, { id: requested.id, startsAt: at(saturday, '16:30') }, cast.agent.idToken));
    const moved = await inviteNow();
    const [movedMail] = await waitForEmails(buyer.email, { subject: /proposes/ });
    okData(await app.graphql(operations.CancelViewing, { id: requested.id, reason: 'Cannot make it' }, buyer.idToken));
    const [cancelledMail] = await waitForEmails(cast.agent.email, { subject: /Ivy Invitee cancelled/ });
    const agentInvites = okData(await app.graphql(operations.ViewingInvite, { from: at(saturday, '00:00') }, cast.agent.idToken)).agentViewingWeek;
    const cancelled = parseInvite(agentInvites.find((v) => v.id === requested.id)!.calendarInvite);

    expect(confirmed).toMatchObject({ method: 'REQUEST', uid: `viewing-${requested.id}@opennest`, sequence: 1, status: 'CONFIRMED', start: at(saturday, '15:00') });
    expect(confirmed.organizer).toContain(cast.agent.email);
    expect(moved).toMatchObject({ method: 'REQUEST', uid: confirmed.uid, sequence: 2, status: 'TENTATIVE', start: at(saturday, '16:30') });
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid: confirmed.uid, sequence: 3, status: 'CANCELLED' });
    // The e-mails: the same invites as attachments.
    expect(parseInvite(await inviteOfEmail(confirmedMail.id))).toMatchObject({ method: 'REQUEST', uid: confirmed.uid, sequence: 1 });
    expect(parseInvite(await inviteOfEmail(movedMail.id))).toMatchObject({ method: 'REQUEST', uid: confirmed.uid, sequence: 2, start: at(saturday, '16:30') });
    expect(parseInvite(await inviteOfEmail(cancelledMail.id))).toMatchObject({ method: 'CANCEL', uid: confirmed.uid, sequence: 3 });
    expect(cancelledMail.subject).toContain(`Ivy Invitee cancelled the viewing of ${property.title}`);
  });

  it('a user who turned viewing e-mails off gets the notification but no e-mail', async () => {
    const buyer = await app.createUser('user', { name: 'Quinn Quiet' });
    await app.db.notificationSetting.create({ data: { userId: buyer.user.id, type: 'viewing_update', delivery: 'never' } });
    const property = await listingWithAvailability();
    const requested = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: at(nextDate(SATURDAY), '15:00') }, buyer.idToken)).requestViewing;
    okData(await app.graphql(operations.ConfirmViewing, { id: requested.id }, cast.agent.idToken));
    okData(await app.graphql(operations.CancelViewing, { id: requested.id, reason: 'Quietly off' }, cast.agent.idToken));
    const notifications = await app.db.notification.findMany({ where: { recipientId: buyer.user.id, type: 'viewing_update' } });
    expect(notifications.map((n) => n.emailDelivery)).toEqual(['never', 'never']);
    // The agent's e-mail about the same viewing (queued before both) has gone out; the buyer's inbox stays empty.
    await waitForEmails(cast.agent.email, { subject: /Quinn Quiet asks to view/ });
    expect(await emailsTo(buyer.email)).toEqual([]);
  });
});

describe('after the viewing: feedback and the agents’ numbers', () => {
  it('whether a viewing was held follows the app’s clock, like the upcoming and past lists (not the machine’s)', async () => {
    // An app whose "now" is a day before the viewing, which by the machine's clock ended two hours ago.
    const viewingEnds = new Date(Date.now() - 2 * 3_600_000);
    const earlier = await startTestApp({ clock: () => new Date(viewingEnds.getTime() - 24 * 3_600_000) });
    try {
      const { agent, buyer } = await createCast(earlier, ['agent', 'buyer']);
      const property = await createListing(earlier, agent.user.id, { title: unique('Not yet') });
      await earlier.db.viewing.create({
        data: { propertyId: property.id, agentId: agent.user.id, buyerId: buyer.user.id, timeZone: LONDON, kind: 'instant', status: 'confirmed', startsAt: new Date(viewingEnds.getTime() - 1_800_000), endsAt: viewingEnds },
      });
      const upcoming = okData(await earlier.graphql(operations.MyViewings, { when: 'UPCOMING' }, buyer.idToken)).myViewings.nodes;
      expect(upcoming.map((viewing) => [viewing.property.title, viewing.held])).toEqual([[property.title, false]]);
      expect(okData(await earlier.graphql(operations.MyViewings, { when: 'PAST' }, buyer.idToken)).myViewings.nodes).toEqual([]);
      expect(graphqlOutcome(await earlier.graphql(operations.LeaveViewingFeedback, { id: upcoming[0]!.id, rating: 5, text: 'Too soon' }, buyer.idToken))).toMatchObject({ code: 'CONFLICT', message: FEEDBACK_NOT_YET });
    } finally {
      await earlier.close();
    }
  });

  it('the buyer rates a held viewing once; only the agent and admins see it; the numbers count booked, held and the average', async () => {
    const property = await listingWithAvailability();
    const past = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    const base = { propertyId: property.id, agentId: cast.agent.user.id, timeZone: LONDON, kind: 'instant' as const };
    const held = await app.db.viewing.create({ data: { ...base, buyerId: cast.buyer.user.id, startsAt: past(3), endsAt: past(2.5), status: 'confirmed' } });
    const heldToo = await app.db.viewing.create({ data: { ...base, buyerId: cast.otherBuyer.user.id, startsAt: past(5), endsAt: past(4.5), status: 'confirmed' } });
    await app.db.viewing.create({ data: { ...base, buyerId: cast.otherBuyer.user.id, startsAt: past(7), endsAt: past(6.5), status: 'cancelled' } });
    const upcoming = okData(await book(property.id, at(nextDate(SATURDAY), '10:00'))).bookViewing;

    expect(graphqlOutcome(await app.graphql(operations.LeaveViewingFeedback, { id: upcoming.id, rating: 4, text: 'Early' }, cast.buyer.idToken))).toMatchObject({ code: 'CONFLICT', message: FEEDBACK_NOT_YET });
    expect(graphqlOutcome(await app.graphql(operations.LeaveViewingFeedback, { id: held.id, rating: 6, text: 'Great' }, cast.buyer.idToken))).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Choose a rating from 1 to 5' });
    expect(graphqlOutcome(await app.graphql(operations.LeaveViewingFeedback, { id: held.id, rating: 4, text: 'x'.repeat(10_000) }, cast.buyer.idToken))).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Feedback is at most 2000 characters' });
    expect(graphqlOutcome(await app.graphql(operations.LeaveViewingFeedback, { id: held.id, rating: 4, text: 'Mine' }, cast.otherBuyer.idToken))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await app.db.viewingFeedback.count({ where: { viewingId: held.id } })).toBe(0);

    const given = okData(await app.graphql(operations.LeaveViewingFeedback, { id: held.id, rating: 4, text: 'Bright rooms, noisy road.' }, cast.buyer.idToken)).leaveViewingFeedback;
    expect(given).toMatchObject({ held: true, feedbackGiven: true });
    okData(await app.graphql(operations.LeaveViewingFeedback, { id: heldToo.id, rating: 5, text: 'Lovely garden.' }, cast.otherBuyer.idToken));
    // Twice at once: one CONFLICT, nothing else stored.
    expect(graphqlOutcome(await app.graphql(operations.LeaveViewingFeedback, { id: held.id, rating: 1, text: 'Again' }, cast.buyer.idToken))).toMatchObject({ code: 'CONFLICT', message: FEEDBACK_ALREADY_GIVEN });

    // The buyer does not read feedback back; the agent and admins do.
    expect(okData(await app.graphql(operations.MyViewingInvites, {}, cast.buyer.idToken)).myViewings.nodes.every((node) => node.feedback === null)).toBe(true);
    const entries = okData(await app.graphql(operations.ViewingFeedbackOf, { propertyId: property.id }, cast.agent.idToken)).viewingFeedback;
    expect(entries.map((entry) => entry.feedback).sort((a, b) => a.rating - b.rating)).toEqual([{ rating: 4, text: 'Bright rooms, noisy road.' }, { rating: 5, text: 'Lovely garden.' }]);
    expect(okData(await app.graphql(operations.ViewingFeedbackOf, { propertyId: property.id }, cast.admin.idToken)).viewingFeedback).toHaveLength(2);
    // The agent's week reads each viewing's feedback with it (one statement): rated, cancelled and upcoming alike.
    const week = okData(await app.graphql(operations.AgentViewingWeek, { from: past(8).toISOString() }, cast.agent.idToken)).agentViewingWeek;
    expect(Object.fromEntries(week.filter((v) => v.property.id === property.id).map((v) => [v.id, v.feedback]))).toMatchObject({
      [held.id]: { rating: 4, text: 'Bright rooms, noisy road.' },
      [heldToo.id]: { rating: 5, text: 'Lovely garden.' },
    });
    expect(week.filter((v) => v.property.id === property.id && v.feedback !== null)).toHaveLength(2);
    expect(graphqlOutcome(await app.graphql(operations.ViewingFeedbackOf, { propertyId: property.id }, cast.otherAgent.idToken))).toMatchObject({ code: 'FORBIDDEN' });
    expect(graphqlOutcome(await app.graphql(operations.ViewingFeedbackOf, { propertyId: property.id }, cast.buyer.idToken))).toMatchObject({ code: 'FORBIDDEN' });

    expect(okData(await app.graphql(operations.ViewingNumbers, { propertyId: property.id }, cast.agent.idToken)).listingNumbers).toEqual({ viewingsBooked: 4, viewingsHeld: 2, averageFeedback: 4.5, feedbackCount: 2 });
    const told = okData(await app.graphql(operations.ViewingNotifications, {}, cast.agent.idToken)).notifications.nodes.map((n) => n.text);
    expect(told).toContain(`Bea Buyer rated the viewing of ${property.title} on ${told.find((t) => t.startsWith('Bea Buyer rated'))!.split(' on ')[1].split(' 4/5')[0]} 4/5: Bright rooms, noisy road.`);
  });
});

describe('open houses', () => {
  it('the agent adds one: cards and the details say when, wishlisters are told, the next-7-days filter finds it', async () => {
    const property = await listingWithAvailability();
    const far = await listingWithAvailability();
    await createWishlistItem(app, property.id, cast.otherBuyer.user.id);
    // Two days ahead, always inside the next 7 days (the next Saturday was 7 days ahead on a Saturday
    // morning, when its 10:00 fell after now + 7 days and the filter rightly left it out).
    const day = addDays(zonedDate(new Date(), LONDON), 2);
    const added = okData(await app.graphql(operations.AddOpenHouse, { propertyId: property.id, startsAt: at(day, '10:00'), endsAt: at(day, '12:00'), note: 'Ring the bell' }, cast.agent.idToken)).addOpenHouse;
    expect(added).toMatchObject({ timeZone: LONDON, note: 'Ring the bell', startsAt: at(day, '10:00') });
    okData(await app.graphql(operations.AddOpenHouse, { propertyId: far.id, startsAt: at(addDays(day, 14), '10:00'), endsAt: at(addDays(day, 14), '11:00') }, cast.agent.idToken));

    const details = okData(await app.graphql(operations.OpenHousesOf, { id: property.id }, cast.buyer.idToken)).property;
    expect(details).toMatchObject({ timeZone: LONDON, nextOpenHouse: { id: added.id }, openHouses: [{ id: added.id, note: 'Ring the bell', localStart: `${day}T10:00`, localEnd: `${day}T12:00` }] });
    // As the card shows it: the weekday and the time on the listing's clock (the server writes it; the browser loads no time-zone data).
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${day}T12:00:00Z`).getUTCDay()];
    expect(details.nextOpenHouse?.startsAtLocal).toBe(`${weekday} 10:00`);
    const texts = okData(await app.graphql(operations.ViewingNotifications, {}, cast.otherBuyer.idToken)).notifications.nodes.filter((n) => n.type === 'open_house_scheduled');
    expect(texts[0]).toMatchObject({ link: `/propertyDetails/${property.id}` });
    expect(texts[0].text).toMatch(new RegExp(`^Open house at ${property.title} \\(on your wishlist\\): \\w{3} \\d{1,2} \\w{3}, 10:00 to 12:00\\.$`));

    const soon = okData(await app.graphql(operations.ListingsWithOpenHouseSoon, { filter: { openHouseSoon: true } }, cast.buyer.idToken)).verifiedProperties.nodes.map((n) => n.id);
    expect(soon).toContain(property.id);
    expect(soon).not.toContain(far.id);
    // A free slot during the open house is not offered.
    const slots = okData(await app.graphql(operations.FreeViewingSlots, { propertyId: property.id, from: day, days: 1 }, cast.buyer.idToken)).freeViewingSlots.slots;
    expect(slots.map((slot) => zonedClock(new Date(slot.startsAt), LONDON))).toEqual(['12:00', '12:30']);

    expect(okData(await app.graphql(operations.RemoveOpenHouse, { id: added.id }, cast.agent.idToken)).removeOpenHouse).toBe(added.id);
    expect(graphqlOutcome(await app.graphql(operations.RemoveOpenHouse, { id: added.id }, cast.agent.idToken))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses one in the past, ending before it starts, longer than 12 hours, with a long note, on another agent’s listing', async () => {
    const property = await listingWithAvailability();
    const saturday = nextDate(SATURDAY);
    const add = (startsAt: string, endsAt: string, note?: string, who = cast.agent) => app.graphql(operations.AddOpenHouse, { propertyId: property.id, startsAt, endsAt, note }, who.idToken).then(graphqlOutcome);
    const hourAgo = onTheMinute(Date.now() - 3_600_000);
    expect(await add(hourAgo.toISOString(), new Date(hourAgo.getTime() + 7_200_000).toISOString())).toMatchObject({ code: 'BAD_USER_INPUT', message: IN_THE_PAST });
    expect(await add(at(saturday, '12:00'), at(saturday, '11:00'))).toMatchObject({ code: 'BAD_USER_INPUT', message: 'An open house must end after it starts.' });
    expect(await add(at(saturday, '06:00'), at(saturday, '19:00'))).toMatchObject({ code: 'BAD_USER_INPUT', message: 'An open house lasts at most 12 hours.' });
    expect(await add(at(saturday, '10:00'), at(saturday, '11:00'), 'n'.repeat(301))).toMatchObject({ code: 'BAD_USER_INPUT', message: 'A note is at most 300 characters' });
    expect(await add(at(saturday, '10:00'), at(saturday, '11:00'), undefined, cast.otherAgent)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await app.db.openHouse.count({ where: { propertyId: property.id } })).toBe(0);
  });
});

describe('listings that end cancel their future viewings and tell the buyers', () => {
  async function listingWithViewings() {
    const property = await listingWithAvailability();
    const saturday = nextDate(SATURDAY);
    const future = okData(await book(property.id, at(saturday, '10:00'))).bookViewing;
    const requested = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: at(saturday, '15:00') }, cast.otherBuyer.idToken)).requestViewing;
    const past = await app.db.viewing.create({
      data: { propertyId: property.id, agentId: cast.agent.user.id, buyerId: cast.buyer.user.id, timeZone: LONDON, kind: 'instant', status: 'confirmed', startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 5_400_000) },
    });
    await app.db.openHouse.create({ data: { propertyId: property.id, startsAt: new Date(at(saturday, '13:00')), endsAt: new Date(at(saturday, '14:00')), timeZone: LONDON } });
    return { property, future, requested, past };
  }

  async function expectCancelled({ property, future, requested, past }: Awaited<ReturnType<typeof listingWithViewings>>, why: string) {
    const rows = await app.db.viewing.findMany({ where: { id: { in: [future.id, requested.id, past.id] } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(future.id)).toMatchObject({ status: 'cancelled', reason: why, endedById: null, sequence: 1 });
    expect(byId.get(requested.id)).toMatchObject({ status: 'cancelled', reason: why });
    expect(byId.get(past.id)).toMatchObject({ status: 'confirmed' });
    expect(await app.db.openHouse.count({ where: { propertyId: property.id } })).toBe(0);
    for (const buyer of [cast.buyer, cast.otherBuyer]) {
      expect(await app.db.notification.count({ where: { recipientId: buyer.user.id, type: 'viewing_update', text: { startsWith: `Your viewing of ${property.title}`, endsWith: `was cancelled: ${why}` } } })).toBe(1);
    }
  }

  it('removed by its agent', async () => {
    const arranged = await listingWithViewings();
    okData(await app.graphql(operations.DeleteProperty, { id: arranged.property.id }, cast.agent.idToken));
    await expectCancelled(arranged, 'the agent removed the listing.');
  });

  it('rejected by moderation after reports', async () => {
    const arranged = await listingWithViewings();
    okData(await app.graphql(operations.ReportListing, { input: { propertyId: arranged.property.id, reason: 'fraud', details: 'Fake' } }, cast.otherBuyer.idToken));
    okData(await app.graphql(operations.ResolveReports, { propertyId: arranged.property.id, action: 'REJECT_LISTING', note: 'Fake listing' }, cast.admin.idToken));
    await expectCancelled(arranged, 'the listing is no longer listed.');
  });

  it('sold (the accepted offer paid)', async () => {
    const arranged = await listingWithViewings();
    const payer = await app.createUser('user');
    const offer = await createOffer(app, { id: arranged.property.id, agentId: cast.agent.user.id }, payer.user.id, 'accepted', '1500.00');
    const payment = okData(await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, payer.idToken)).startOfferPayment;
    await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId);
    okData(await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, payer.idToken));
    await expectCancelled(arranged, 'the home was sold.');
    expect(graphqlOutcome(await book(arranged.property.id, at(nextDate(SATURDAY), '12:00'), cast.otherBuyer))).toMatchObject({ code: 'CONFLICT', message: SOLD_NO_VIEWINGS });
  });

  it('its agent marked as fraud (every listing of theirs)', async () => {
    const agent = await app.createUser('agent', { name: 'Frankie Fake' });
    const property = await listingWithAvailability(agent);
    const viewing = okData(await book(property.id, at(nextDate(SATURDAY), '10:00'))).bookViewing;
    okData(await app.graphql(operations.MarkUserAsFraud, { id: agent.user.id }, cast.admin.idToken));
    expect(await app.db.viewing.findUniqueOrThrow({ where: { id: viewing.id } })).toMatchObject({ status: 'cancelled', reason: 'the listing is no longer listed.' });
    const mine = okData(await app.graphql(operations.MyViewings, {}, cast.buyer.idToken)).myViewings.nodes.find((n) => n.id === viewing.id)!;
    expect(mine).toMatchObject({ status: 'cancelled', endedBy: 'listing', property: { noLongerListed: true } });
  });
});

describe('lists', () => {
  it('My viewings pages upcoming ones soonest first, past ones latest first; the agent’s week holds every listing’s viewings of those 7 days', async () => {
    const buyer = await app.createUser('user');
    const property = await listingWithAvailability();
    const other = await listingWithAvailability();
    const saturday = nextDate(SATURDAY);
    const a = okData(await book(property.id, at(saturday, '12:00'), buyer)).bookViewing;
    const b = okData(await book(other.id, at(saturday, '10:00'), buyer)).bookViewing;
    const c = okData(await book(property.id, at(addDays(saturday, 1), '10:00'), buyer)).bookViewing;
    const first = okData(await app.graphql(operations.MyViewings, { first: 2 }, buyer.idToken)).myViewings;
    expect(first.nodes.map((n) => n.id)).toEqual([b.id, a.id]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = okData(await app.graphql(operations.MyViewings, { first: 2, after: first.pageInfo.endCursor }, buyer.idToken)).myViewings;
    expect(second.nodes.map((n) => n.id)).toEqual([c.id]);
    expect(okData(await app.graphql(operations.MyViewings, { when: 'PAST' }, buyer.idToken)).myViewings.nodes).toEqual([]);
    expect(okData(await app.graphql(operations.MyViewingsOf, { propertyId: property.id }, buyer.idToken)).myViewingsOf.map((n) => n.id)).toEqual([a.id, c.id]);
    const week = okData(await app.graphql(operations.AgentViewingWeek, { from: at(saturday, '00:00') }, cast.agent.idToken)).agentViewingWeek.map((n) => n.id);
    expect(week).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(okData(await app.graphql(operations.AgentViewingWeek, { from: at(saturday, '00:00') }, cast.otherAgent.idToken)).agentViewingWeek).toEqual([]);
  });

  it('the agent’s week takes the same statements however many viewings, listings and buyers it holds', async () => {
    const agent = await app.createUser('agent');
    const listings = await Promise.all([0, 1, 2].map(() => createListing(app, agent.user.id, { title: unique('Week') })));
    const buyers = await Promise.all([0, 1, 2].map(() => app.createUser('user')));
    const from = new Date(Date.now() + 10 * 86_400_000);
    const viewing = (n: number) => ({
      propertyId: listings[n % 3].id, buyerId: buyers[n % 3].user.id, agentId: agent.user.id, timeZone: LONDON,
      kind: 'instant' as const, status: 'confirmed' as const, startsAt: new Date(from.getTime() + n * 3_600_000), endsAt: new Date(from.getTime() + n * 3_600_000 + 1_800_000),
    });
    const statementsOfWeek = async () => {
      const { result, statements } = await app.sqlStatementsDuring(() => app.graphql(operations.AgentViewingWeek, { from: from.toISOString() }, agent.idToken));
      expect(okData(result).agentViewingWeek.every((v) => v.property.id && v.buyer.name)).toBe(true);
      return statements.filter((sql) => !/"firebase_uid" = \$1/.test(sql)).length;
    };
    await app.db.viewing.create({ data: viewing(0) });
    const withOne = await statementsOfWeek();
    await app.db.viewing.createMany({ data: [1, 2, 3, 4, 5, 6, 7, 8].map(viewing) });
    expect(await statementsOfWeek()).toBe(withOne);
    // The viewings with their feedback, their listings, their buyers.
    expect(withOne).toBeLessThanOrEqual(3);
  });
});
