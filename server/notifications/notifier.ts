// The one way notifications are written: by the domain services, inside the
// transaction of the change they report (so a rolled-back change notifies
// nobody), once per event and recipient (the unique dedupe key; a repeat is
// skipped by ON CONFLICT DO NOTHING). Each new notification raises a live event
// for its recipient and, when it goes out by e-mail at once, queues that e-mail,
// both in the same transaction. Acting on the thing a notification is about
// (reading the conversation, deciding on the offer, paying it...) marks it read,
// in the transaction of that act (markActedOn).
import type { EmailDelivery, NotificationType, Prisma } from '../generated/prisma/client';
import { raiseEvents } from '../events/event-bus';
import type { JobQueue } from '../jobs/job-queue';
import { notificationEmailJob } from './notification-jobs';
import { NOTIFICATION_TYPES, typesAbout, type NotificationThing } from './notification-types';

export type Tx = Prisma.TransactionClient;

export interface NotificationDraft {
  recipientId: string;
  type: NotificationType;
  /** The record it is about (its link follows from the type). */
  subjectId: string;
  text: string;
  /** Unique per event for this recipient, e.g. `offer-accepted:<offer id>`. */
  dedupeKey: string;
  /** E-mail no more often than this (a saved search's frequency); the user's setting may say less often. */
  atMost?: EmailDelivery;
}

/**
 * Inserts the notifications `source` selects (columns recipient_id, type,
 * subject_id, text, dedupe_key, default_delivery, at_most) and returns the new
 * ones. Each one's e-mail delivery is the less frequent of the recipient's
 * setting for its type (or the type's default) and at_most (EmailDelivery's
 * values are declared from most to least frequent).
 */
export const insertNotificationsSql = (source: string, prelude?: string) => `
  WITH ${prelude ? `${prelude},` : ''} drafts AS (${source}),
  inserted AS (
    INSERT INTO notifications (id, recipient_id, type, subject_id, text, dedupe_key, email_delivery)
    SELECT gen_random_uuid(), d.recipient_id, d.type, d.subject_id, d.text, d.dedupe_key, GREATEST(COALESCE(s.delivery, d.default_delivery), d.at_most)
    FROM drafts d
    LEFT JOIN notification_settings s ON s.user_id = d.recipient_id AND s.type = d.type
    ON CONFLICT (recipient_id, dedupe_key) DO NOTHING
    RETURNING id, recipient_id, email_delivery)
  SELECT id::text AS id, recipient_id::text AS recipient_id, email_delivery::text AS email_delivery FROM inserted`;

const FROM_ARRAYS = `SELECT * FROM unnest($1::uuid[], $2::"NotificationType"[], $3::uuid[], $4::text[], $5::text[], $6::"EmailDelivery"[], $7::"EmailDelivery"[])
  AS d(recipient_id, type, subject_id, text, dedupe_key, default_delivery, at_most)`;

/** A notification for every admin: the draft without its recipient. */
export type AdminDraft = Omit<NotificationDraft, 'recipientId' | 'atMost'>;

/** Who acted on a thing: one user, or any admin (an admin's decision is the work of all of them). */
export type Actor = { userId: string } | 'admins';

const ADMINS_FROM = `SELECT id AS recipient_id, $1::"NotificationType" AS type, $2::uuid AS subject_id, $3::text AS text, $4::text AS dedupe_key,
    $5::"EmailDelivery" AS default_delivery, 'instant'::"EmailDelivery" AS at_most
  FROM users WHERE role = 'admin'`;

export interface CreatedNotification {
  id: string;
  recipient_id: string;
  email_delivery: EmailDelivery;
}

export type Notifier = ReturnType<typeof createNotifier>;

export function createNotifier({ jobs }: { jobs: JobQueue }) {
  /** After an insert: the live events and the instant e-mails, in the same transaction. */
  async function announce(tx: Tx, created: CreatedNotification[]): Promise<CreatedNotification[]> {
    await raiseEvents(tx, created.map((row) => ({ type: 'notification', userId: row.recipient_id, id: row.id })));
    await jobs.enqueue(tx, notificationEmailJob, created.filter((row) => row.email_delivery === 'instant').map((row) => ({ notificationId: row.id })));
    return created;
  }

  return {
    /** Writes `drafts` in `tx`; returns those that are new (a repeated event writes nothing). */
    async notify(tx: Tx, drafts: NotificationDraft | NotificationDraft[]): Promise<CreatedNotification[]> {
      const list = Array.isArray(drafts) ? drafts : [drafts];
      if (!list.length) return [];
      const created = await tx.$queryRawUnsafe<CreatedNotification[]>(
        insertNotificationsSql(FROM_ARRAYS),
        list.map((d) => d.recipientId),
        list.map((d) => d.type),
        list.map((d) => d.subjectId),
        list.map((d) => d.text),
        list.map((d) => d.dedupeKey),
        list.map((d) => NOTIFICATION_TYPES[d.type].defaultDelivery),
        list.map((d) => d.atMost ?? 'instant'),
      );
      return announce(tx, created);
    },

    /** Tells every admin (index users(role)); returns the new notifications. */
    async notifyAdmins(tx: Tx, draft: AdminDraft): Promise<CreatedNotification[]> {
      return announce(tx, await tx.$queryRawUnsafe<CreatedNotification[]>(insertNotificationsSql(ADMINS_FROM), draft.type, draft.subjectId, draft.text, draft.dedupeKey, NOTIFICATION_TYPES[draft.type].defaultDelivery));
    },

    /**
     * `actor` acted on the `thing` with id `subjectId`: their unread notifications
     * about it are read now (index notifications(recipient_id, read_at)), and
     * their bells hear of it. Returns how many were marked.
     */
    async markActedOn(tx: Tx, actor: Actor, thing: NotificationThing, subjectId: string): Promise<number> {
      const recipients = actor === 'admins' ? `SELECT id FROM users WHERE role = 'admin'` : 'SELECT $3::uuid';
      const marked = await tx.$queryRawUnsafe<Array<{ recipient_id: string }>>(
        `UPDATE notifications SET read_at = now()
         WHERE recipient_id IN (${recipients}) AND read_at IS NULL AND subject_id = $1::uuid AND type = ANY($2::"NotificationType"[])
         RETURNING recipient_id::text AS recipient_id`,
        subjectId,
        typesAbout(thing),
        ...(actor === 'admins' ? [] : [actor.userId]),
      );
      const readers = [...new Set(marked.map((row) => row.recipient_id))];
      await raiseEvents(tx, readers.map((userId) => ({ type: 'notifications-read' as const, userId })));
      return marked.length;
    },

    /**
     * The same from a SELECT of drafts, in one statement (saved-search matching
     * writes thousands at once); `prelude` adds CTEs the SELECT reads (data-modifying
     * ones must stand at the top level of the statement).
     */
    async notifyFrom(tx: Tx, source: string, values: unknown[], prelude?: string): Promise<CreatedNotification[]> {
      return announce(tx, await tx.$queryRawUnsafe<CreatedNotification[]>(insertNotificationsSql(source, prelude), ...values));
    },
  };
}
