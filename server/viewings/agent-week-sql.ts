// The agent's week as one statement (issue 20): a busy agent's week holds
// hundreds of viewings, and Prisma's relation loading read them in four
// statements (viewings, their feedback, listings, buyers) and mapped every
// row through its runtime. Here the viewings come with their feedback joined,
// under the names the Viewing record gives them; the listings and buyers
// (tens, not hundreds) still come through the request's loaders.
import { Prisma, type Viewing as ViewingRecord, type ViewingFeedback as ViewingFeedbackRecord } from '../generated/prisma/client';

/** Every column of a viewing, under the name the Viewing record gives it. */
const VIEWING_COLUMNS: Record<keyof ViewingRecord, string> = {
  id: 'id',
  propertyId: 'property_id',
  buyerId: 'buyer_id',
  agentId: 'agent_id',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  timeZone: 'time_zone',
  kind: 'kind::text',
  status: 'status::text',
  reason: 'reason',
  endedById: 'ended_by_id',
  sequence: 'sequence',
  dayReminderFor: 'day_reminder_for',
  hourReminderFor: 'hour_reminder_for',
  feedbackRequestedAt: 'feedback_requested_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

const SELECT_LIST = Prisma.raw(Object.entries(VIEWING_COLUMNS).map(([field, column]) => `v.${column} AS "${field}"`).join(', '));

/** A row of the week: the viewing, and its feedback's columns (null without feedback). */
export type WeekRow = ViewingRecord & { feedbackRating: number | null; feedbackText: string | null; feedbackCreatedAt: Date | null };

export interface ViewingWithFeedback {
  viewing: ViewingRecord;
  feedback: ViewingFeedbackRecord | null;
}

/** The agent's viewings starting in [from, to), in time order (index viewings(agent_id, starts_at)). */
export const agentWeekSql = (agentId: string, from: Date, to: Date) => Prisma.sql`
  SELECT ${SELECT_LIST}, f.rating AS "feedbackRating", f.text AS "feedbackText", f.created_at AS "feedbackCreatedAt"
  FROM viewings v LEFT JOIN viewing_feedback f ON f.viewing_id = v.id
  WHERE v.agent_id = ${agentId}::uuid AND v.starts_at >= ${from} AND v.starts_at < ${to}
  ORDER BY v.starts_at, v.id`;

/** The week's rows as viewings (each row is one, its three feedback columns aside), each with its feedback. */
export const viewingsWithFeedback = (rows: WeekRow[]): ViewingWithFeedback[] =>
  rows.map((row) => ({
    viewing: row,
    feedback: row.feedbackRating === null ? null : { viewingId: row.id, rating: row.feedbackRating, text: row.feedbackText!, createdAt: row.feedbackCreatedAt! },
  }));
