// Webhook events come from the state changes themselves: a service calls
// emitWebhookEvent inside the transaction of its change, which stores the event
// (its id is the id receivers see, on every retry and redelivery), one delivery
// per endpoint that wants it and whose owner may see it, and queues their jobs
// in the same transaction (jobs/job-queue.ts): a rolled-back change emits nothing.
import type { WebhookEventType } from '@opennest/common/validation/webhook';
import type { Prisma } from '../generated/prisma/client';
import type { JobExecutor, JobQueue } from '../jobs/job-queue';
import { webhookDeliveryJob } from './delivery';

type Tx = Prisma.TransactionClient & JobExecutor;

export interface WebhookEventInput {
  type: WebhookEventType;
  /** The resource's kind and id (`listing:<id>`): its deliveries go in order. */
  resource: string;
  /** Who may see it besides admins (a listing's agent, an offer's agent and buyer). */
  audience: string[];
  /** The resource as receivers get it (`data.object`). */
  object: Record<string, unknown>;
}

/** Stores the event and its deliveries and queues them, when any endpoint wants it (one indexed query otherwise). */
export async function emitWebhookEvent(tx: Tx, jobs: JobQueue, { type, resource, audience, object }: WebhookEventInput): Promise<void> {
  const endpoints = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT e.id FROM webhook_endpoints e JOIN users u ON u.id = e.owner_id
    WHERE e.disabled_at IS NULL AND ${type} = ANY (e.events)
      AND u.role IN ('agent', 'admin') AND (u.role = 'admin' OR e.owner_id = ANY (${audience}::uuid[]))`;
  if (!endpoints.length) return;
  const event = await tx.webhookEvent.create({ data: { type, resource, payload: object as Prisma.InputJsonValue } });
  const deliveries = await tx.webhookDelivery.createManyAndReturn({ data: endpoints.map(({ id }) => ({ endpointId: id, eventId: event.id, resource })), select: { id: true } });
  await jobs.enqueue(tx, webhookDeliveryJob, deliveries.map(({ id }) => ({ deliveryId: id })));
}

/** A listing as webhooks describe it. */
export const listingObject = (property: { id: string; title: string; status: string; saleState: string; isAdvertised: boolean; priceMin: { toString(): string }; priceMax: { toString(): string } }) => ({
  id: property.id,
  object: 'listing',
  title: property.title,
  status: property.status,
  saleState: property.saleState,
  isAdvertised: property.isAdvertised,
  priceMin: property.priceMin.toString(),
  priceMax: property.priceMax.toString(),
});

/** An offer as webhooks describe it. */
export const offerObject = (offer: { id: string; propertyId: string; status: string; amount: { toString(): string } }) => ({
  id: offer.id,
  object: 'offer',
  propertyId: offer.propertyId,
  status: offer.status,
  amount: offer.amount.toString(),
});
