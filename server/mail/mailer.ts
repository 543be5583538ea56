// Sending e-mail over SMTP with nodemailer: the embedded maildev by default,
// any mail service through SMTP_URL (and MAIL_FROM), with no code change.
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe URL (List-Unsubscribe header, RFC 2369). */
  unsubscribeUrl: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html, unsubscribeUrl }) {
      await transport.sendMail({ from, to, subject, text, html, headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` } });
    },
    close: () => transport.close(),
  };
}
