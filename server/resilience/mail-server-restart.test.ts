// The mail server (maildev, a process of its own) stopped while e-mails are
// queued and started again: the e-mail jobs fail while it is down, are retried
// with their backoff (server/mail/mailer.ts EMAIL_RETRIES), and every e-mail is
// delivered once it is back, exactly once, with no restart of the app.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../infra/logger';
import { startMailServer, type MailServerHandle } from '../local-services/mail-server';
import { uniqueEmail } from '../test/identity';
import { waitFor } from '../test/mailbox';
import { startTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
let mail: MailServerHandle | undefined;
let mailDirectory: string;
let ports: { smtp: number; web: number };

const startMail = () => startMailServer({ mailDirectory, smtpPort: ports.smtp, webPort: ports.web, log: createLogger('silent') });

beforeAll(async () => {
  mailDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-mail-restart-'));
  mail = await startMailServer({ mailDirectory, smtpPort: 0, webPort: 0, log: createLogger('silent') });
  ports = { smtp: Number(new URL(mail.smtpUrl).port), web: Number(new URL(mail.inboxUrl).port) };
  app = await startTestApp({ smtpUrl: mail.smtpUrl });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await mail?.stop();
  await fs.rm(mailDirectory, { recursive: true, force: true });
});

/** What this test's inbox holds, by recipient. */
async function inbox(): Promise<Map<string, number>> {
  const response = await fetch(`http://127.0.0.1:${ports.web}/api/email`);
  const emails = (await response.json()) as Array<{ to: Array<{ address: string }> }>;
  const counts = new Map<string, number>();
  for (const email of emails) for (const { address } of email.to) counts.set(address, (counts.get(address) ?? 0) + 1);
  return counts;
}

/** The newsletter confirmation jobs of `addresses`' subscriptions, as pg-boss keeps them. */
async function confirmationJobs(addresses: string[]) {
  return app.db.$queryRaw<Array<{ state: string; retry_count: number }>>`
    SELECT job.state::text AS state, job.retry_count
    FROM pgboss.job job JOIN newsletter_subscriptions subscription ON subscription.id::text = job.data->>'subscriptionId'
    WHERE job.name = 'newsletter-confirmation' AND subscription.email = ANY(${addresses})`;
}

it('retries the e-mails queued while the mail server is down and delivers each exactly once after it is back', async () => {
  await mail!.stop();
  mail = undefined;

  // Five confirmation e-mails queued with the mail server down.
  const addresses = Array.from({ length: 5 }, () => uniqueEmail('restart'));
  for (const email of addresses) expect((await app.rest('POST', '/api/newsletter', { body: { email } })).status).toBe(201);

  // Each job has been tried and failed (retry_count counts the failures), none delivered.
  await waitFor(async () => {
    const jobs = await confirmationJobs(addresses);
    return jobs.length === addresses.length && jobs.every((job) => job.retry_count >= 1) ? true : undefined;
  }, { timeoutMs: 60_000, what: 'every confirmation job to have failed once' });

  mail = await startMail();
  expect(new URL(mail.smtpUrl).port).toBe(String(ports.smtp));

  // Retried with their backoff: all delivered, without a restart of the app.
  const received = await waitFor(async () => {
    const counts = await inbox();
    return addresses.every((address) => counts.has(address)) ? counts : undefined;
  }, { timeoutMs: 90_000, what: 'the five e-mails in the restarted inbox' });
  const jobs = await waitFor(async () => {
    const states = await confirmationJobs(addresses);
    return states.every((job) => job.state === 'completed') ? states : undefined;
  }, { timeoutMs: 30_000, what: 'every job completed' });
  expect(jobs).toHaveLength(addresses.length);

  // Exactly once each, even after a few more polling rounds.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const counts = await inbox();
  expect(addresses.map((address) => counts.get(address))).toEqual(addresses.map(() => 1));
  expect(received.size).toBeGreaterThanOrEqual(addresses.length);
}, 240_000);
