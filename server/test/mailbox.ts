// The test mail server's inbox, read through maildev's REST API (GET /api/email,
// /api/email/:id/source) as a person would read the web inbox: tests see the
// e-mails the app really sent over SMTP, never a mock transport.
import { testEnv } from './infrastructure';

export interface ReceivedEmail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string; name: string }>;
  from: Array<{ address: string; name: string }>;
  time: string;
}

const inbox = () => testEnv().mailInboxUrl;

/** Every e-mail received for `address` so far, oldest first. */
export async function emailsTo(address: string): Promise<ReceivedEmail[]> {
  const response = await fetch(`${inbox()}/api/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  const all = (await response.json()) as ReceivedEmail[];
  return all.filter((email) => email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** The raw message (headers included), as it went over SMTP. */
export async function emailSource(id: string): Promise<string> {
  const response = await fetch(`${inbox()}/api/email/${id}/source`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  return response.text();
}

/** Waits until `address` has received `count` e-mails (matching `subject` when given) and returns them. */
export async function waitForEmails(address: string, { count = 1, subject, timeoutMs = 30_000 }: { count?: number; subject?: RegExp; timeoutMs?: number } = {}): Promise<ReceivedEmail[]> {
  return waitFor(async () => {
    const emails = (await emailsTo(address)).filter((email) => !subject || subject.test(email.subject));
    return emails.length >= count ? emails : undefined;
  }, { timeoutMs, what: `${count} e-mail(s) to ${address}${subject ? ` with subject ${subject}` : ''}` });
}

/**
 * Polls `probe` until it returns something other than undefined (what a person
 * waiting for an e-mail or a background job does); fails with `what` after `timeoutMs`.
 */
export async function waitFor<T>(probe: () => Promise<T | undefined>, { timeoutMs = 30_000, intervalMs = 200, what = 'the condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
