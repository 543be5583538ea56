// The bell and the e-mail settings: a user's notifications (newest first,
// paged), their unread count, marking read, the live stream of new ones, the
// per-type e-mail settings and the one-click unsubscribe. Notifications are
// written by the domain services through the notifier (notifier.ts), never here.
import type { Db } from '../db/client';
import { whileStillAllowed } from '../context/live-caller';
import { requireViewer, type Caller } from '../context/caller';
import { raiseEvents, type EventBus } from '../events/event-bus';
import type { EmailDelivery, Notification as NotificationRecord, NotificationType, Role } from '../generated/prisma/client';
import { badInput, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { newestFirstQuery, type Page } from '../shared/pagination';
import { ALL_NOTIFICATION_TYPES, NOTIFICATION_TYPES, SETTING_CHOICES } from './notification-types';
import type { UnsubscribeScope, UnsubscribeTokens } from './unsubscribe-token';
import { notificationsAccess } from './notifications.access';

export interface NotificationEvent {
  /** The new notification; null when only the unread count changed. */
  notification: NotificationRecord | null;
  unreadCount: number;
}

export interface EmailSetting {
  type: NotificationType;
  about: string;
  delivery: EmailDelivery;
  choices: EmailDelivery[];
}

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Open your e-mail settings to change what you get.';

const typesFor = (role: Role) => ALL_NOTIFICATION_TYPES.filter((type) => NOTIFICATION_TYPES[type].roles.includes(role));

export function createNotificationsService({ db, events, tokens }: { db: Db; events: EventBus; tokens: UnsubscribeTokens }) {
  const unreadCount = (userId: string) => db.notification.count({ where: { recipientId: userId, readAt: null } });

  async function settingsOf(userId: string, types: NotificationType[]): Promise<EmailSetting[]> {
    const rows = new Map((await db.notificationSetting.findMany({ where: { userId } })).map((row) => [row.type, row.delivery]));
    return types.map((type) => ({ type, about: NOTIFICATION_TYPES[type].about, delivery: rows.get(type) ?? NOTIFICATION_TYPES[type].defaultDelivery, choices: SETTING_CHOICES }));
  }

  const setDelivery = (userId: string, types: NotificationType[], delivery: EmailDelivery) =>
    db.$transaction(types.map((type) => db.notificationSetting.upsert({ where: { userId_type: { userId, type } }, create: { userId, type, delivery }, update: { delivery } })));

  return {
    async list(caller: Caller, { first, after }: { first?: number | null; after?: string | null }): Promise<Page<NotificationRecord>> {
      const viewer = requireViewer(caller, notificationsAccess.notifications.roles);
      const q = newestFirstQuery({ first, after }, { fallback: 20, max: 50 });
      return q.page(await db.notification.findMany({ where: { recipientId: viewer.id, ...q.where }, orderBy: q.orderBy, take: q.take }));
    },

    async unreadCount(caller: Caller): Promise<number> {
      return unreadCount(requireViewer(caller, notificationsAccess.unreadNotificationCount.roles).id);
    },

    async markRead(caller: Caller, rawId: string): Promise<NotificationRecord> {
      const viewer = requireViewer(caller, notificationsAccess.markNotificationRead.roles);
      const id = parseId(rawId, 'notification id');
      return db.$transaction(async (tx) => {
        const notification = await tx.notification.findUnique({ where: { id } });
        // Someone else's notification looks exactly like a missing one.
        if (!notification || notification.recipientId !== viewer.id) throw notFound('Notification not found.');
        if (notification.readAt) return notification;
        // Compare-and-set: marked read twice at once, the first read time stays and the count changes once.
        const [updated] = await tx.notification.updateManyAndReturn({ where: { id, readAt: null }, data: { readAt: new Date() } });
        if (!updated) return tx.notification.findUniqueOrThrow({ where: { id } });
        await raiseEvents(tx, [{ type: 'notifications-read', userId: viewer.id }]);
        return updated;
      });
    },

    async markAllRead(caller: Caller): Promise<number> {
      const viewer = requireViewer(caller, notificationsAccess.markAllNotificationsRead.roles);
      return db.$transaction(async (tx) => {
        const { count } = await tx.notification.updateMany({ where: { recipientId: viewer.id, readAt: null }, data: { readAt: new Date() } });
        if (count) await raiseEvents(tx, [{ type: 'notifications-read', userId: viewer.id }]);
        return count;
      });
    },

    /** New notifications and count changes of the caller, live; the caller is checked again before each. */
    live(caller: Caller) {
      const viewer = requireViewer(caller, notificationsAccess.notificationEvents.roles);
      const stream = events.stream((event) => {
        if (event.type === 'notification' && event.userId === viewer.id) return event.id;
        if ((event.type === 'notifications-read' && event.userId === viewer.id) || event.type === 'resync') return null;
        return undefined;
      });
      const countOnly = async (): Promise<NotificationEvent> => ({ notification: null, unreadCount: await unreadCount(viewer.id) });
      return whileStillAllowed(db, caller, notificationsAccess.notificationEvents.roles, stream, countOnly, async (notificationId): Promise<NotificationEvent> => ({
        notification: notificationId ? await db.notification.findFirst({ where: { id: notificationId, recipientId: viewer.id } }) : null,
        unreadCount: await unreadCount(viewer.id),
      }));
    },

    async emailSettings(caller: Caller): Promise<EmailSetting[]> {
      const viewer = requireViewer(caller, notificationsAccess.emailSettings.roles);
      return settingsOf(viewer.id, typesFor(viewer.role));
    },

    async setEmailSetting(caller: Caller, type: NotificationType, delivery: EmailDelivery): Promise<EmailSetting> {
      const viewer = requireViewer(caller, notificationsAccess.setEmailSetting.roles);
      if (!typesFor(viewer.role).includes(type)) throw badInput('This kind of notification is not sent to your account.');
      if (!SETTING_CHOICES.includes(delivery)) throw badInput('Choose instantly, in the daily digest, or never.');
      await setDelivery(viewer.id, [type], delivery);
      return (await settingsOf(viewer.id, [type]))[0];
    },

    /**
     * One-click unsubscribe (no sign-in): the signed token names the user and
     * the one setting it turns off. Returns what it stopped, in words.
     */
    async unsubscribe(token: string): Promise<string> {
      const verified = tokens.verify(token);
      if (!verified) throw badInput(INVALID_UNSUBSCRIBE_LINK);
      const user = await db.user.findUnique({ where: { id: verified.userId } });
      if (!user) throw notFound('This account no longer exists.');
      const types = await typesOfScope(user.id, verified.scope);
      await setDelivery(user.id, types, 'never');
      return verified.scope.startsWith('digest:') ? `the ${verified.scope.slice('digest:'.length)} digest` : `e-mails about ${NOTIFICATION_TYPES[verified.scope as NotificationType].about}`;
    },
  };

  /** The types a token's scope turns off: one type, or everything that currently waits for that digest. */
  async function typesOfScope(userId: string, scope: UnsubscribeScope): Promise<NotificationType[]> {
    if (!scope.startsWith('digest:')) return [scope as NotificationType];
    const cadence = scope === 'digest:daily' ? 'daily' : 'weekly';
    const current = await settingsOf(userId, ALL_NOTIFICATION_TYPES);
    const types = current.filter((setting) => setting.delivery === cadence).map((setting) => setting.type);
    // Saved searches with this frequency feed the digest whatever the type's setting says.
    if (await db.savedSearch.count({ where: { userId, frequency: cadence } })) types.push('saved_search_match');
    return [...new Set(types)];
  }
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
