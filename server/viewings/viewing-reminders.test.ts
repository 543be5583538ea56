// Reminders 24 hours and 1 hour before a confirmed viewing, and the request for
// feedback after it, each sent exactly once with two job worker processes
// (`npm run worker`, server/worker.ts) working the same queue, at a simulated
// clock: the sweep job's `now`. The app itself runs no workers here
// (JOB_WORKERS off), so every sweep and every e-mail goes through the two
// processes, and each simulated moment is swept ten times at once.
import { addDays, isoWeekday, zonedDate, zonedInstant } from '@opennest/common/zoned-time';
import { viewingSweepJob } from './viewing-jobs';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { createCast, createListing, okData, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { TEST_PUBLIC_URL, TEST_UNSUBSCRIBE_SECRET, testEnv } from '../test/infrastructure';
import { emailsTo, waitFor, waitForEmails } from '../test/mailbox';
import { startTestApp, type TestApp } from '../test/test-app';

const LONDON = 'Europe/London';
const SWEEPS_PER_MOMENT = 10;

let app: TestApp;
let workers: AppProcess[] = [];
let cast: Record<'agent' | 'buyer', Account>;

beforeAll(async () => {
  app = await startTestApp({}, { jobWorkers: false });
  cast = await createCast(app, ['agent', 'buyer']);
  const env = { SMTP_URL: testEnv().smtpUrl, UNSUBSCRIBE_SECRET: TEST_UNSUBSCRIBE_SECRET, PUBLIC_URL: TEST_PUBLIC_URL };
  workers = await Promise.all(['worker 1', 'worker 2'].map((label) => startAppProcess({ databaseUrl: app.databaseUrl, env, label, entry: 'server/worker.ts' })));
}, 180_000);
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await app?.close();
});

/** Queues SWEEPS_PER_MOMENT sweeps as of `now` and waits until the workers completed them all. */
async function sweepAt(now: Date) {
  await app.eventsAndJobs.jobs.enqueue(app.db, viewingSweepJob, Array.from({ length: SWEEPS_PER_MOMENT }, () => ({ now: now.toISOString() })));
  await waitFor(
    async () => {
      const [{ done, failed }] = await app.db.$queryRaw<Array<{ done: number; failed: number }>>`
        SELECT count(*) FILTER (WHERE state = 'completed')::int AS done, count(*) FILTER (WHERE state = 'failed')::int AS failed
        FROM pgboss.job WHERE name = ${viewingSweepJob.name} AND data->>'now' = ${now.toISOString()}`;
      if (failed) throw new Error(`${failed} sweep(s) failed:\n${workers.map((w) => w.logs()).join('\n')}`);
      return done === SWEEPS_PER_MOMENT ? true : undefined;
    },
    { timeoutMs: 60_000, what: `${SWEEPS_PER_MOMENT} sweeps as of ${now.toISOString()}` },
  );
}

const countOf = (viewingId: string, prefix: string) => app.db.notification.count({ where: { subjectId: viewingId, dedupeKey: { startsWith: prefix } } });

it('two worker processes, each moment swept ten times at once: the 24-hour and 1-hour reminders and the feedback request go out exactly once', async () => {
  let saturday = addDays(zonedDate(new Date(), LONDON), 3);
  while (isoWeekday(saturday) !== 6) saturday = addDays(saturday, 1);
  const property = await createListing(app, cast.agent.user.id);
  okData(
    await app.graphql(
      operations.SetViewingAvailability,
      { propertyId: property.id, input: { timeZone: LONDON, viewingMinutes: 30, weekly: [{ weekday: 6, start: '10:00', end: '13:00' }], oneOff: [], blockedDates: [] } },
      cast.agent.idToken,
    ),
  );
  const startsAt = zonedInstant(saturday, '10:30', LONDON);
  const viewing = okData(await app.graphql(operations.BookViewing, { propertyId: property.id, startsAt: startsAt.toISOString() }, cast.buyer.idToken)).bookViewing;
  const hours = (n: number) => new Date(startsAt.getTime() + n * 3_600_000);

  // Nothing is due two days before.
  await sweepAt(hours(-48));
  expect(await countOf(viewing.id, 'viewing-reminder:')).toBe(0);

  // 23 hours before: the day's reminder, once for the buyer and once for the agent.
  await sweepAt(hours(-23));
  expect(await countOf(viewing.id, 'viewing-reminder:day:')).toBe(2);
  const [dayMail] = await waitForEmails(cast.buyer.email, { subject: /Reminder: viewing of .* tomorrow, Sat \d+ \w+, 10:30\.$/ });
  expect(dayMail.to[0].address).toBe(cast.buyer.email);
  await waitForEmails(cast.agent.email, { subject: /Reminder: viewing of .* tomorrow/ });

  // 30 minutes before: the hour's reminder, once each; the day's is not sent again.
  await sweepAt(hours(-0.5));
  expect(await countOf(viewing.id, 'viewing-reminder:hour:')).toBe(2);
  expect(await countOf(viewing.id, 'viewing-reminder:day:')).toBe(2);
  await waitForEmails(cast.buyer.email, { subject: /Reminder: viewing of .* in an hour, at 10:30\.$/ });

  // Half an hour after it ended: the buyer is asked for feedback, once.
  await sweepAt(hours(1));
  expect(await countOf(viewing.id, 'viewing-feedback-request:')).toBe(1);
  await waitForEmails(cast.buyer.email, { subject: /How was the viewing of / });

  // Sweeping the same moments again changes nothing; each e-mail is in the inbox exactly once.
  await sweepAt(new Date(hours(-23).getTime() + 60_000));
  await sweepAt(new Date(hours(1).getTime() + 60_000));
  expect(await countOf(viewing.id, 'viewing-reminder:')).toBe(4);
  expect(await countOf(viewing.id, 'viewing-feedback-request:')).toBe(1);
  const buyerMail = (await emailsTo(cast.buyer.email)).map((email) => email.subject);
  expect(buyerMail.filter((subject) => subject.includes('tomorrow'))).toHaveLength(1);
  expect(buyerMail.filter((subject) => subject.includes('in an hour'))).toHaveLength(1);
  expect(buyerMail.filter((subject) => subject.includes('How was the viewing'))).toHaveLength(1);
  expect(await app.db.viewing.findUniqueOrThrow({ where: { id: viewing.id } })).toMatchObject({ dayReminderFor: startsAt, hourReminderFor: startsAt, feedbackRequestedAt: hours(1) });
}, 240_000);

it('a moved viewing is reminded again for its new time; a cancelled one is not reminded', async () => {
  let sunday = addDays(zonedDate(new Date(), LONDON), 3);
  while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
  const property = await createListing(app, cast.agent.user.id);
  const base = { propertyId: property.id, agentId: cast.agent.user.id, buyerId: cast.buyer.user.id, timeZone: LONDON, kind: 'instant' as const, status: 'confirmed' as const };
  const first = zonedInstant(sunday, '10:00', LONDON);
  const moved = await app.db.viewing.create({ data: { ...base, startsAt: first, endsAt: new Date(first.getTime() + 1_800_000), dayReminderFor: new Date(first.getTime() - 3_600_000) } });
  const cancelled = await app.db.viewing.create({ data: { ...base, status: 'cancelled', startsAt: new Date(first.getTime() + 3_600_000), endsAt: new Date(first.getTime() + 5_400_000) } });
  await sweepAt(new Date(first.getTime() - 20 * 3_600_000));
  // Reminded for 09:00 before, it now starts at 10:00: reminded again; the cancelled one never.
  expect(await countOf(moved.id, 'viewing-reminder:day:')).toBe(2);
  expect(await countOf(cancelled.id, 'viewing-reminder:')).toBe(0);
}, 120_000);
