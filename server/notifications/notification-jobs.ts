// The e-mail side of notifications, run as jobs (never inside a web request):
// one e-mail per notification that goes out at once, and the daily and weekly
// digests of those that wait for them. Each e-mail links to what it is about
// and carries a one-click unsubscribe link for what it reports.
import type { Db } from '../db/client';
import type { EmailDelivery, Notification as NotificationRecord, User as UserRecord } from '../generated/prisma/client';
import type { Logger } from '../infra/logger';
import { jobHandler, jobKind, type JobHandler } from '../jobs/job-queue';
import { renderEmail, type EmailEntry } from '../mail/email-layout';
import { EMAIL_RETRIES, type Mailer } from '../mail/mailer';
import { currentViewingInvite } from '../viewings/viewing-invite';
import { NOTIFICATION_TYPES } from './notification-types';
import type { UnsubscribeTokens } from './unsubscribe-token';


export const notificationEmailJob = jobKind<{ notificationId: string }>({ name: 'notification-email', options: EMAIL_RETRIES });

/** Daily at 07:00 UTC, weekly on Mondays at 07:00 UTC. */
export const dailyDigestJob = jobKind<object>({ name: 'digest-daily', options: EMAIL_RETRIES, schedule: '0 7 * * *' });
export const weeklyDigestJob = jobKind<object>({ name: 'digest-weekly', options: EMAIL_RETRIES, schedule: '0 7 * * 1' });

/** A notification's text as an e-mail subject: one line, at most 120 characters. */
const oneLine = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

/** A digest lists this many notifications at most, then says how many more there are. */
const DIGEST_MAX_ENTRIES = 50;

export interface EmailDeps {
  db: Db;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  log: Logger;
}

/** Whether `user` may still get e-mail about `notification` (a fraud account hears only of its marking). */
function stillWanted(user: UserRecord, notification: NotificationRecord, currentSetting: EmailDelivery | undefined): boolean {
  if (user.role === 'fraud' && notification.type !== 'marked_fraud') return false;
  return currentSetting !== 'never';
}

export function createEmailJobHandlers({ db, mailer, tokens, publicUrl, log }: EmailDeps): JobHandler[] {
  const url = (pathname: string) => `${publicUrl}${pathname}`;
  const unsubscribeUrl = (userId: string, scope: Parameters<UnsubscribeTokens['sign']>[1]) => url(`/unsubscribe?token=${encodeURIComponent(tokens.sign(userId, scope))}`);
  const entryOf = (notification: NotificationRecord & { recipient: UserRecord }): EmailEntry => {
    const info = NOTIFICATION_TYPES[notification.type];
    return { text: notification.text, url: url(info.link(notification.subjectId, notification.recipient.role)), action: info.action };
  };
  const markEmailed = (ids: string[]) => db.notification.updateMany({ where: { id: { in: ids }, emailedAt: null }, data: { emailedAt: new Date() } });

  async function sendOne({ notificationId }: { notificationId: string }) {
    const notification = await db.notification.findUnique({ where: { id: notificationId }, include: { recipient: true } });
    // Gone with its account, or sent by an earlier attempt: nothing to do.
    if (!notification || notification.emailedAt) return;
    const { recipient } = notification;
    const setting = await db.notificationSetting.findUnique({ where: { userId_type: { userId: recipient.id, type: notification.type } } });
    if (!stillWanted(recipient, notification, setting?.delivery)) {
      await markEmailed([notification.id]);
      return;
    }
    const info = NOTIFICATION_TYPES[notification.type];
    const email = renderEmail({
      subject: info.subjectIsText ? oneLine(notification.text) : info.subject,
      greeting: `Hello ${recipient.name},`,
      intro: 'Something happened on OpenNest that you asked to hear about:',
      entries: [entryOf(notification)],
      unsubscribeWhat: `e-mails about ${info.about}`,
      unsubscribeUrl: unsubscribeUrl(recipient.id, notification.type),
      settingsUrl: url('/dash-board/email-settings'),
    });
    // A viewing's e-mail carries its calendar invite as it is now (viewings/viewing-invite.ts).
    const calendarInvite = notification.type === 'viewing_update' ? await currentViewingInvite(db, notification.subjectId, publicUrl) : null;
    await mailer.send({ to: recipient.email, ...email, unsubscribeUrl: unsubscribeUrl(recipient.id, notification.type), calendarInvite });
    await markEmailed([notification.id]);
  }

  async function sendDigests(cadence: 'daily' | 'weekly') {
    const waiting = await db.notification.findMany({
      where: { emailDelivery: cadence, emailedAt: null },
      include: { recipient: true },
      orderBy: [{ recipientId: 'asc' }, { createdAt: 'desc' }],
    });
    const byRecipient = new Map<string, typeof waiting>();
    for (const notification of waiting) byRecipient.set(notification.recipientId, [...(byRecipient.get(notification.recipientId) ?? []), notification]);
    let failures = 0;
    for (const notifications of byRecipient.values()) {
      const { recipient } = notifications[0];
      const settings = new Map((await db.notificationSetting.findMany({ where: { userId: recipient.id } })).map((s) => [s.type, s.delivery]));
      const wanted = notifications.filter((n) => stillWanted(recipient, n, settings.get(n.type)));
      try {
        if (wanted.length) {
          const shown = wanted.slice(0, DIGEST_MAX_ENTRIES);
          const more = wanted.length - shown.length;
          const scope = cadence === 'daily' ? 'digest:daily' : 'digest:weekly';
          const email = renderEmail({
            subject: `Your ${cadence} digest: ${wanted.length} update${wanted.length === 1 ? '' : 's'}`,
            greeting: `Hello ${recipient.name},`,
            intro: `Here is what happened on OpenNest${more ? ` (the latest ${shown.length}; ${more} more on your notifications page)` : ''}:`,
            entries: shown.map(entryOf),
            unsubscribeWhat: `the ${cadence} digest`,
            unsubscribeUrl: unsubscribeUrl(recipient.id, scope),
            settingsUrl: url('/dash-board/email-settings'),
          });
          await mailer.send({ to: recipient.email, ...email, unsubscribeUrl: unsubscribeUrl(recipient.id, scope) });
        }
        await markEmailed(notifications.map((n) => n.id));
      } catch (error) {
        // One mailbox failing must not hold back the others; the job is retried for what is left.
        failures += 1;
        log.error({ err: error, userId: recipient.id, cadence }, 'digest e-mail failed');
      }
    }
    if (failures) throw new Error(`${failures} ${cadence} digest e-mail(s) failed; they are retried.`);
  }

  return [
    jobHandler(notificationEmailJob, sendOne),
    jobHandler(dailyDigestJob, () => sendDigests('daily')),
    jobHandler(weeklyDigestJob, () => sendDigests('weekly')),
  ];
}
