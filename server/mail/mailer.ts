// Sending e-mail over SMTP with nodemailer: the embedded maildev by default,
// any mail service through SMTP_URL (and MAIL_FROM), with no code change.
import nodemailer from 'nodemailer';

/** Queue options of jobs that send e-mail: retries with exponential backoff (about 5 s, 10 s, 20 s... capped by the retry limit), then `failed`. */
export const EMAIL_RETRIES = { retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 } as const;

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe URL (List-Unsubscribe header, RFC 2369); none for a one-off e-mail someone asked for. */
  unsubscribeUrl?: string;
  /** An iCalendar invite: sent as a text/calendar alternative (mail apps offer to add it) and as the attachment viewing.ics. */
  calendarInvite?: { method: 'REQUEST' | 'CANCEL'; content: string } | null;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html, unsubscribeUrl, calendarInvite }) {
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        html,
        headers: unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>` } : {},
        ...(calendarInvite ? { icalEvent: { method: calendarInvite.method, filename: 'viewing.ics', content: calendarInvite.content } } : {}),
      });
    },
    close: () => transport.close(),
  };
}
