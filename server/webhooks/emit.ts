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
  /** Who may see it (a listing's agent, an offer's agent and buyer, a conversation's two sides); admins too unless `adminsSee` is false. */
  audience: string[];
  /**
   * Whether admins may see it, and so their endpoints get it (default true).
   * False for what the product keeps from admins: a conversation's messages
   * (read only by its two participants) and viewings (no admin reads them).
   */
  adminsSee?: boolean;
  /** The resource as receivers get it (`data.object`). */
  object: Record<string, unknown>;
}

/** Stores the event and its deliveries and queues them, when any endpoint wants it (one indexed query otherwise). */
export async function emitWebhookEvent(tx: Tx, jobs: JobQueue, { type, resource, audience, adminsSee = true, object }: WebhookEventInput): Promise<void> {
  const endpoints = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT e.id FROM webhook_endpoints e JOIN users u ON u.id = e.owner_id
    WHERE e.disabled_at IS NULL AND ${type} = ANY (e.events)
      AND u.role IN ('agent', 'admin') AND ((${adminsSee}::boolean AND u.role = 'admin') OR e.owner_id = ANY (${audience}::uuid[]))`;
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

/** A message as webhooks describe it (its conversation's two sides only: admins do not read conversations). */
export const messageObject = (message: { id: string; conversationId: string; senderId: string; body: string; createdAt: Date }, conversation: { propertyId: string }) => ({
  id: message.id,
  object: 'message',
  conversationId: message.conversationId,
  propertyId: conversation.propertyId,
  senderId: message.senderId,
  createdAt: message.createdAt.toISOString(),
  body: message.body,
});

/** A viewing as webhooks describe it: the listing's agent's view, without the buyer's contact details. */
export const viewingObject = (viewing: { id: string; propertyId: string; buyerId: string; kind: string; status: string; startsAt: Date; endsAt: Date; timeZone: string; reason: string | null; sequence: number }) => ({
  id: viewing.id,
  object: 'viewing',
  propertyId: viewing.propertyId,
  buyerId: viewing.buyerId,
  kind: viewing.kind,
  status: viewing.status,
  startsAt: viewing.startsAt.toISOString(),
  endsAt: viewing.endsAt.toISOString(),
  timeZone: viewing.timeZone,
  reason: viewing.reason,
  sequence: viewing.sequence,
});
