// Measured agent reply time (issue 23, part 1): the questions buyers put to
// agents, when each was first answered, and one kept figure per agent.
//
// A question is a conversation's first buyer message (kind 'message') or a
// viewing request (kind 'viewing'); its answer is the agent's first message in
// that conversation after it, or the agent confirming, declining or proposing
// another time for the request. A buyer cancelling a request nobody answered
// withdraws it (the row goes).
//
// The figure (agent_reply_figures) covers the questions asked in the last 90
// days that were answered or are at least 24 hours old (a question still in its
// first day is not yet decided): how many, how many were answered within 24
// hours, and the median wait for the first answer, where an unanswered question
// counts as the longest wait (so an agent who ignores most questions has no
// median: "most are not answered"). It is rewritten in the same transaction as
// every question or answer of the agent, under the figure row's lock (so two
// concurrent changes take turns and the second counts the first), and by the
// reply sweep as time moves questions in and out of the window. Pages read the
// one row: one primary-key look-up, whatever the agent's history.
import { readRows, type Db } from '../db/client';
import { Prisma, type ReplyQuestionKind } from '../generated/prisma/client';
import { jobHandler, jobKind, type JobHandler } from '../jobs/job-queue';
import type { Notifier, Tx } from '../notifications/notifier';

/** Below this many counted questions, the figure is not shown ("Not enough conversations yet"): enforced by the service. */
export const MIN_REPLY_QUESTIONS = 5;
/** The window of the figure, in days. */
export const REPLY_WINDOW_DAYS = 90;
/** An unanswered question is nudged (once) this many hours after it was asked. */
export const NUDGE_AFTER_HOURS = 12;
/** The sweep rewrites figures older than this (questions leaving the window, unanswered ones turning 24 hours old). */
export const FIGURE_MAX_AGE_MINUTES = 60;

/**
 * Locks the agent's figure row (made if missing) until the transaction ends, so
 * changes to one agent's questions take turns, and returns the time to rewrite
 * the figure as of: `at`, or the database's clock once the lock is held if that
 * is later (a transaction that waited for the lock must count what the one
 * before it committed, answers stamped after its own start included).
 */
async function lockFigure(tx: Tx, agentId: string, at: Date): Promise<Date> {
  await tx.$executeRaw`
    INSERT INTO agent_reply_figures (agent_id, counted, within_day, median_seconds, refreshed_at)
    VALUES (${agentId}::uuid, 0, 0, NULL, '-infinity') ON CONFLICT (agent_id) DO NOTHING`;
  const [locked] = await tx.$queryRaw<Array<{ now: Date }>>`
    SELECT greatest(${at}::timestamptz, clock_timestamp()) AS now FROM agent_reply_figures WHERE agent_id = ${agentId}::uuid FOR UPDATE`;
  return locked.now;
}

/**
 * Rewrites agent `agentId`'s figure as of `now` (one statement over the
 * agent's questions of the window, by the index (agent_id, asked_at)). The
 * median is the lower middle value (percentile_disc), unanswered questions
 * sorting last as an infinite wait.
 */
export async function refreshFigure(tx: Tx | Db, agentId: string, now: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO agent_reply_figures (agent_id, counted, within_day, median_seconds, refreshed_at)
    SELECT ${agentId}::uuid, count(*)::int,
           (count(*) FILTER (WHERE wait <= 86400))::int,
           round(nullif(percentile_disc(0.5) WITHIN GROUP (ORDER BY wait), 'Infinity'::float8))::int,
           ${now}::timestamptz
    FROM (
      SELECT CASE WHEN q.answered_at IS NOT NULL AND q.answered_at <= ${now}::timestamptz
                  THEN extract(epoch FROM q.answered_at - q.asked_at)::float8 ELSE 'Infinity'::float8 END AS wait,
             q.asked_at, q.answered_at
      FROM reply_questions q
      WHERE q.agent_id = ${agentId}::uuid
        AND q.asked_at > ${now}::timestamptz - make_interval(days => ${REPLY_WINDOW_DAYS}::int) AND q.asked_at <= ${now}::timestamptz
    ) w
    WHERE w.wait < 'Infinity'::float8 OR w.asked_at <= ${now}::timestamptz - interval '24 hours'
    ON CONFLICT (agent_id) DO UPDATE SET counted = excluded.counted, within_day = excluded.within_day,
      median_seconds = excluded.median_seconds, refreshed_at = excluded.refreshed_at`;
}

/** A buyer asked agent `agentId` something (a conversation's first buyer message, a viewing request); a conversation asks once. */
export async function recordQuestion(tx: Tx, question: { subjectId: string; kind: ReplyQuestionKind; agentId: string; askedAt: Date }): Promise<void> {
  const now = await lockFigure(tx, question.agentId, question.askedAt);
  const added = await tx.$executeRaw`
    INSERT INTO reply_questions (subject_id, kind, agent_id, asked_at)
    VALUES (${question.subjectId}::uuid, ${question.kind}::"ReplyQuestionKind", ${question.agentId}::uuid, ${question.askedAt}::timestamptz)
    ON CONFLICT (subject_id) DO NOTHING`;
  if (added) await refreshFigure(tx, question.agentId, now);
}

/** The agent answered `subjectId` at `at`: the first answer only counts (compare-and-set on answered_at IS NULL). */
export async function recordAnswer(tx: Tx, answer: { subjectId: string; agentId: string; at: Date }): Promise<void> {
  const now = await lockFigure(tx, answer.agentId, answer.at);
  const answered = await tx.$executeRaw`
    UPDATE reply_questions SET answered_at = greatest(${answer.at}::timestamptz, asked_at)
    WHERE subject_id = ${answer.subjectId}::uuid AND agent_id = ${answer.agentId}::uuid AND answered_at IS NULL`;
  if (answered) await refreshFigure(tx, answer.agentId, now);
}

/** The buyer withdrew a question nobody answered yet (a viewing request they cancelled): it no longer counts. */
export async function withdrawQuestion(tx: Tx, question: { subjectId: string; agentId: string; at: Date }): Promise<void> {
  const now = await lockFigure(tx, question.agentId, question.at);
  const removed = await tx.$executeRaw`DELETE FROM reply_questions WHERE subject_id = ${question.subjectId}::uuid AND answered_at IS NULL`;
  if (removed) await refreshFigure(tx, question.agentId, now);
}

/** What a kept figure says, as pages show it: nothing below MIN_REPLY_QUESTIONS. */
export interface ReplyTimeFigure {
  /** The questions it is based on (shown with it). */
  counted: number;
  /** False below MIN_REPLY_QUESTIONS: then no median and no share are given. */
  enough: boolean;
  medianSeconds: number | null;
  /** Share answered within 24 hours, 0..1 (null when not enough). */
  withinDayShare: number | null;
}

/** Reads agent `agentId`'s kept figure (one primary-key look-up) and applies the threshold. */
export async function readFigure(db: Db, agentId: string): Promise<ReplyTimeFigure> {
  // Through the driver (readRows): the figure is on every agent profile and details page, and
  // Prisma's query runtime was most of this one-row read's cost.
  const [row] = await readRows<{ counted: number; within_day: number; median_seconds: number | null }>(
    db,
    Prisma.sql`SELECT counted, within_day, median_seconds FROM agent_reply_figures WHERE agent_id = ${agentId}::uuid`,
  );
  const counted = row?.counted ?? 0;
  if (!row || counted < MIN_REPLY_QUESTIONS) return { counted, enough: false, medianSeconds: null, withinDayShare: null };
  return { counted, enough: true, medianSeconds: row.median_seconds, withinDayShare: row.within_day / counted };
}

export interface ReplySweepResult {
  nudged: number;
  refreshed: number;
}

/**
 * One reply sweep as of `now`: nudges every question unanswered for 12 hours
 * that was not nudged yet (claimed with a compare-and-set, FOR UPDATE SKIP
 * LOCKED, its notification, and through it the e-mail job, written in the same
 * transaction; the dedupe key refuses a second one anyway), then rewrites the
 * figures older than an hour, a batch at a time.
 */
export async function sweepReplies(db: Db, notifier: Notifier, now: Date, batch = 500): Promise<ReplySweepResult> {
  const nudged = await db.$transaction(async (tx) => {
    const due = await tx.$queryRaw<Array<{ subject_id: string; kind: ReplyQuestionKind; agent_id: string; title: string | null; buyer: string | null }>>`
      WITH due AS (
        SELECT subject_id FROM reply_questions
        WHERE answered_at IS NULL AND nudged_at IS NULL AND asked_at <= ${now}::timestamptz - make_interval(hours => ${NUDGE_AFTER_HOURS}::int)
        ORDER BY asked_at LIMIT ${batch}::int
        FOR UPDATE SKIP LOCKED)
      UPDATE reply_questions q SET nudged_at = ${now}::timestamptz FROM due
      WHERE q.subject_id = due.subject_id AND q.nudged_at IS NULL
      RETURNING q.subject_id::text, q.kind, q.agent_id::text,
        (SELECT p.title FROM properties p WHERE p.id = coalesce((SELECT c.property_id FROM conversations c WHERE c.id = q.subject_id), (SELECT v.property_id FROM viewings v WHERE v.id = q.subject_id))) AS title,
        (SELECT u.name FROM users u WHERE u.id = coalesce((SELECT c.buyer_id FROM conversations c WHERE c.id = q.subject_id), (SELECT v.buyer_id FROM viewings v WHERE v.id = q.subject_id))) AS buyer`;
    await notifier.notify(
      tx,
      due.map((question) => ({
        recipientId: question.agent_id,
        // The link of the type opens the conversation, or the viewing in the agent's week.
        type: question.kind === 'message' ? ('new_message' as const) : ('viewing_update' as const),
        subjectId: question.subject_id,
        text: `${question.buyer ?? 'A buyer'} has waited ${NUDGE_AFTER_HOURS} hours for your answer about ${question.title ?? 'a listing'}${question.kind === 'viewing' ? ' (a viewing request)' : ''}.`,
        dedupeKey: `reply-nudge:${question.subject_id}`,
      })),
    );
    return due.length;
  });
  const stale = await db.$queryRaw<Array<{ agent_id: string }>>`
    SELECT agent_id::text FROM agent_reply_figures WHERE refreshed_at < ${now}::timestamptz - make_interval(mins => ${FIGURE_MAX_AGE_MINUTES}::int)
    ORDER BY refreshed_at LIMIT ${batch}::int`;
  for (const { agent_id } of stale) await db.$transaction(async (tx) => {
    await lockFigure(tx, agent_id, now);
    await refreshFigure(tx, agent_id, now);
  });
  return { nudged, refreshed: stale.length };
}

/** The reply sweep, queued every five minutes by pg-boss's schedule; a job's `now` sweeps as of that time (tests, operators). */
export const replySweepJob = jobKind<{ now?: string }>({
  name: 'reply-sweep',
  options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
  schedule: '*/5 * * * *',
});

export function createReplySweepHandler({ db, notifier }: { db: Db; notifier: Notifier }): JobHandler {
  return jobHandler(replySweepJob, async ({ now }) => {
    await sweepReplies(db, notifier, now ? new Date(now) : new Date());
  });
}
