// Delivering webhooks: one pg-boss job per delivery, at least once, retried
// with exponential backoff for about a day (20 s doubling, 12 retries: the last
// about 23 h after the first try), in order per endpoint and resource (a
// delivery waits, retrying, while an earlier one of the same resource is
// pending). Every try is logged on the delivery (status, answer code, time,
// the answer's first KB); a delivery is settled by compare-and-set, so it is
// sent once even when two workers hold it. An endpoint whose deliveries all
// failed for 3 days is disabled, and its owner told by e-mail.
import type { Job } from 'pg-boss';
import type { Db } from '../db/client';
import { jobHandler, jobKind, type JobHandler } from '../jobs/job-queue';
import { renderEmail } from '../mail/email-layout';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../infra/logger';
import { sendWebhook, type SendOutcome } from './send';
import { SIGNATURE_HEADER, signatureHeader } from './signature';
import type { Resolve } from './target-check';

export const DELIVERY_RETRIES = { retryLimit: 12, retryDelay: 20, retryBackoff: true, expireInSeconds: 60 } as const;
// Ten at once per worker process: a delivery mostly waits on a receiver (up to 10 s for a slow one), and
// one slow endpoint must not hold back everyone else's deliveries.
export const webhookDeliveryJob = jobKind<{ deliveryId: string }>({ name: 'webhook-delivery', options: DELIVERY_RETRIES, concurrency: 10 });

/** An endpoint failing this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** What an earlier delivery of the same resource still pending makes a later one do: wait (the job retries). */
export class WaitingForEarlierDelivery extends Error {}

/** The JSON a receiver gets: the event id (stable), its type, its creation time and the resource. */
export const eventBody = (event: { id: string; type: string; createdAt: Date; payload: unknown }) =>
  JSON.stringify({ id: event.id, type: event.type, created: event.createdAt.toISOString(), data: { object: event.payload } });

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  webhookAllowedHosts: readonly string[];
  /** DNS for the target check (tests inject a stub). */
  resolve?: Resolve;
  timeoutMs?: number;
}

export function createWebhookDeliveryHandler(deps: DeliveryDeps): JobHandler {
  const { db } = deps;
  return jobHandler(webhookDeliveryJob, async ({ deliveryId }, job: Job<{ deliveryId: string }>) => {
    const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true, event: true } });
    // Gone (its endpoint deleted) or settled (another worker sent it): nothing to do.
    if (!delivery || delivery.status !== 'pending') return;
    const lastTry = job.retryCount >= DELIVERY_RETRIES.retryLimit;
    if (delivery.endpoint.disabledAt) {
      await db.webhookDelivery.updateMany({ where: { id: deliveryId, status: 'pending' }, data: { status: 'failed', responseExcerpt: 'The endpoint is disabled.' } });
      return;
    }
    const earlier = await db.webhookDelivery.findFirst({
      where: { endpointId: delivery.endpointId, resource: delivery.resource, status: 'pending', OR: [{ createdAt: { lt: delivery.createdAt } }, { createdAt: delivery.createdAt, id: { lt: delivery.id } }] },
      select: { id: true },
    });
    if (earlier && !lastTry) throw new WaitingForEarlierDelivery(`delivery ${deliveryId} waits for ${earlier.id} of the same resource`);

    const body = eventBody(delivery.event);
    const outcome: SendOutcome = await sendWebhook(
      delivery.endpoint.url,
      body,
      { [SIGNATURE_HEADER]: signatureHeader(delivery.endpoint.secret, body), 'OpenNest-Event-Id': delivery.event.id, 'OpenNest-Event-Type': delivery.event.type, 'OpenNest-Delivery-Id': delivery.id },
      { allowedHosts: deps.webhookAllowedHosts, resolve: deps.resolve, timeoutMs: deps.timeoutMs },
    );
    const settled = outcome.ok ? 'succeeded' : lastTry ? 'failed' : 'pending';
    await db.webhookDelivery.updateMany({
      where: { id: deliveryId, status: 'pending' },
      data: { status: settled, attempts: { increment: 1 }, responseStatus: outcome.status, durationMs: outcome.durationMs, responseExcerpt: outcome.excerpt, lastAttemptAt: new Date() },
    });
    await settleEndpoint(deps, delivery.endpoint, outcome.ok);
    if (!outcome.ok && !lastTry) throw new Error(`webhook delivery ${deliveryId} failed (${outcome.status ?? 'no answer'}); retried later`);
  });
}

/** A success clears the endpoint's failing streak; a failure starts it, and after 3 days of it disables the endpoint (once) and tells its owner. */
async function settleEndpoint({ db, mailer, log, publicUrl }: DeliveryDeps, endpoint: { id: string; url: string; ownerId: string }, ok: boolean): Promise<void> {
  if (ok) {
    await db.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: { not: null } }, data: { failingSince: null } });
    return;
  }
  await db.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince: new Date() } });
  const disabled = await db.webhookEndpoint.updateMany({
    where: { id: endpoint.id, disabledAt: null, failingSince: { lte: new Date(Date.now() - DISABLE_AFTER_MS) } },
    data: { disabledAt: new Date() },
  });
  if (!disabled.count) return;
  const owner = await db.user.findUnique({ where: { id: endpoint.ownerId } });
  if (!owner) return;
  log.warn({ endpointId: endpoint.id }, 'webhook endpoint disabled after 3 days of failures');
  const email = renderEmail({
    subject: 'Your webhook endpoint was disabled',
    greeting: `Hello ${owner.name},`,
    intro: `Every delivery to your webhook endpoint ${endpoint.url} failed for 3 days, so OpenNest stopped sending to it. Fix the receiver, then register the endpoint again on the developer page.`,
    entries: [{ text: 'Your endpoints and their delivery logs', url: `${publicUrl}/developers`, action: 'Open the developer page' }],
    reason: 'You get this e-mail because you registered this webhook endpoint on OpenNest.',
  });
  await mailer.send({ to: owner.email, ...email });
}
