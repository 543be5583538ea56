// Reminders 24 hours and 1 hour before a confirmed viewing, and the request for
// feedback once it is over: one sweep job, queued every minute by pg-boss's
// schedule (any number of worker processes may run it at once).
//
// Each reminder is sent exactly once: a sweep claims what is due with a
// compare-and-set in its own transaction (`day_reminder_for IS DISTINCT FROM
// starts_at`, rows taken FOR UPDATE SKIP LOCKED, so two sweeps never wait on
// each other), and writes the notifications (with their e-mail jobs) in that
// same transaction; their dedupe keys would refuse a second one anyway. A
// moved viewing (a new start time) is reminded again. A viewing confirmed after
// a reminder's moment gets no such reminder (its confirmation just went out).
//
// The sweep's time source is injectable: the job's `now` (tests and operators
// queue a sweep "as of" a time); the scheduled sweeps carry none and use the clock.
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { jobHandler, jobKind, type JobHandler } from '../jobs/job-queue';
import type { Notifier, NotificationDraft } from '../notifications/notifier';
import { localClock, localTime } from './viewing-times';

export const viewingSweepJob = jobKind<{ now?: string }>({
  name: 'viewing-reminders',
  options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  schedule: '* * * * *',
});

interface Due {
  id: string;
  buyer_id: string;
  agent_id: string;
  starts_at: Date;
  time_zone: string;
  title: string;
}

/** Claims the confirmed viewings whose `column` reminder is due at `now` (starting within `within`, not sooner than `notBefore`). */
const claimReminders = (tx: Prisma.TransactionClient, column: 'day_reminder_for' | 'hour_reminder_for', now: Date, within: string, notBefore: string) =>
  tx.$queryRawUnsafe<Due[]>(
    `WITH due AS (
       SELECT id FROM viewings
       WHERE status = 'confirmed' AND starts_at > $1::timestamptz + $3::interval AND starts_at <= $1::timestamptz + $2::interval
         AND updated_at < starts_at - $2::interval
         AND ${column} IS DISTINCT FROM starts_at
       ORDER BY id
       FOR UPDATE SKIP LOCKED)
     UPDATE viewings v SET ${column} = v.starts_at
     FROM due, properties p WHERE v.id = due.id AND p.id = v.property_id
     RETURNING v.id::text AS id, v.buyer_id::text AS buyer_id, v.agent_id::text AS agent_id, v.starts_at, v.time_zone, p.title`,
    now,
    within,
    notBefore,
  );

export interface SweepResult {
  dayReminders: number;
  hourReminders: number;
  feedbackRequests: number;
}

/** One sweep as of `now`: what is due is claimed, notified (live and by e-mail) and marked, in one transaction. */
export async function sweepViewings(db: Db, notifier: Notifier, now: Date): Promise<SweepResult> {
  return db.$transaction(async (tx) => {
    const day = await claimReminders(tx, 'day_reminder_for', now, '24 hours', '1 hour');
    const hour = await claimReminders(tx, 'hour_reminder_for', now, '1 hour', '0 hours');
    const reminders = (due: Due[], kind: 'day' | 'hour'): NotificationDraft[] =>
      due.flatMap((viewing) => {
        const text = kind === 'day' ? `Reminder: viewing of ${viewing.title} tomorrow, ${localTime(viewing.starts_at, viewing.time_zone)}.` : `Reminder: viewing of ${viewing.title} in an hour, at ${localClock(viewing.starts_at, viewing.time_zone)}.`;
        const dedupeKey = `viewing-reminder:${kind}:${viewing.id}:${viewing.starts_at.toISOString()}`;
        return [viewing.buyer_id, viewing.agent_id].map((recipientId) => ({ recipientId, type: 'viewing_update' as const, subjectId: viewing.id, text, dedupeKey }));
      });
    const asked = await tx.$queryRaw<Due[]>`
      WITH due AS (
        SELECT id FROM viewings
        WHERE status = 'confirmed' AND ends_at <= ${now}::timestamptz AND ends_at > ${now}::timestamptz - interval '7 days' AND feedback_requested_at IS NULL
        ORDER BY id
        FOR UPDATE SKIP LOCKED)
      UPDATE viewings v SET feedback_requested_at = ${now}::timestamptz
      FROM due, properties p WHERE v.id = due.id AND p.id = v.property_id
      RETURNING v.id::text AS id, v.buyer_id::text AS buyer_id, v.agent_id::text AS agent_id, v.starts_at, v.time_zone, p.title`;
    await notifier.notify(tx, [
      ...reminders(day, 'day'),
      ...reminders(hour, 'hour'),
      ...asked.map((viewing) => ({
        recipientId: viewing.buyer_id,
        type: 'viewing_update' as const,
        subjectId: viewing.id,
        text: `How was the viewing of ${viewing.title} on ${localTime(viewing.starts_at, viewing.time_zone)}? Rate it and tell the agent what you thought.`,
        dedupeKey: `viewing-feedback-request:${viewing.id}`,
      })),
    ]);
    return { dayReminders: day.length, hourReminders: hour.length, feedbackRequests: asked.length };
  });
}

export function createViewingSweepHandler({ db, notifier }: { db: Db; notifier: Notifier }): JobHandler {
  return jobHandler(viewingSweepJob, async ({ now }) => {
    await sweepViewings(db, notifier, now ? new Date(now) : new Date());
  });
}
