// Webhook endpoints of an agent or admin: registered with a URL that passes
// the target check (target-check.ts) and the events wanted, a signing secret
// shown once; listed; deleted; their delivery log, redelivery and test event.
import { randomBytes } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, webhookEndpointSchema } from '@opennest/common/validation/webhook';
import type { AppConfig } from '../config';
import { requireViewer, type Caller } from '../context/caller';
import { lockAccount } from '../db/account-lock';
import type { Db } from '../db/client';
import type { WebhookDelivery as DeliveryRecord, WebhookEndpoint as EndpointRecord } from '../generated/prisma/client';
import type { JobQueue } from '../jobs/job-queue';
import { conflict, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { validateInput } from '../shared/validate';
import { webhookDeliveryJob } from './delivery';
import { checkWebhookTarget, type Resolve } from './target-check';
import { webhooksAccess } from './webhooks.access';

export const WEBHOOK_ENDPOINT_LIMIT = 10;
export const WEBHOOK_CAP_REACHED = `You can register at most ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints. Delete one first.`;
export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';
export const DELIVERY_NOT_FOUND = 'Delivery not found.';
const LOGGED_DELIVERIES = 50;

export type DeliveryView = DeliveryRecord & { eventType: string };

export function createWebhooksService({ db, jobs, config, resolve }: { db: Db; jobs: JobQueue; config: Pick<AppConfig, 'webhookAllowedHosts'>; resolve?: Resolve }) {
  async function ownEndpoint(viewerId: string, rawId: string): Promise<EndpointRecord> {
    const endpoint = await db.webhookEndpoint.findUnique({ where: { id: parseId(rawId, 'endpoint id') } });
    if (!endpoint || endpoint.ownerId !== viewerId) throw notFound(ENDPOINT_NOT_FOUND);
    return endpoint;
  }

  /** A new delivery of `eventId` to `endpointId`, queued in the same transaction. */
  const deliver = (endpointId: string, event: { id: string; type: string; resource: string }) =>
    db.$transaction(async (tx) => {
      const delivery = await tx.webhookDelivery.create({ data: { endpointId, eventId: event.id, resource: event.resource } });
      await jobs.enqueue(tx, webhookDeliveryJob, [{ deliveryId: delivery.id }]);
      return { ...delivery, eventType: event.type };
    });

  return {
    async list(caller: Caller): Promise<EndpointRecord[]> {
      const viewer = requireViewer(caller, webhooksAccess.webhookEndpoints.roles);
      return db.webhookEndpoint.findMany({ where: { ownerId: viewer.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    },

    async deliveries(caller: Caller, endpointId: string): Promise<DeliveryView[]> {
      const viewer = requireViewer(caller, webhooksAccess.webhookDeliveries.roles);
      const endpoint = await ownEndpoint(viewer.id, endpointId);
      const rows = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: LOGGED_DELIVERIES, include: { event: { select: { type: true } } } });
      return rows.map(({ event, ...delivery }) => ({ ...delivery, eventType: event.type }));
    },

    /** The URL is checked where it resolves now (and again at every delivery). The cap is counted under the owner's lock. */
    async create(caller: Caller, input: { url: unknown; events: unknown }): Promise<{ endpoint: EndpointRecord; secret: string }> {
      const viewer = requireViewer(caller, webhooksAccess.createWebhookEndpoint.roles);
      const { url, events } = await validateInput(webhookEndpointSchema, input);
      await checkWebhookTarget(url, { allowedHosts: config.webhookAllowedHosts, resolve });
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const endpoint = await db.$transaction(async (tx) => {
        await lockAccount(tx, viewer.id);
        if ((await tx.webhookEndpoint.count({ where: { ownerId: viewer.id } })) >= WEBHOOK_ENDPOINT_LIMIT) throw conflict(WEBHOOK_CAP_REACHED);
        return tx.webhookEndpoint.create({ data: { ownerId: viewer.id, url, events: [...new Set(events as string[])], secret } });
      });
      return { endpoint, secret };
    },

    async remove(caller: Caller, id: string): Promise<string> {
      const viewer = requireViewer(caller, webhooksAccess.deleteWebhookEndpoint.roles);
      // One conditional DELETE: of removals at once, one finds the row and the others NOT_FOUND.
      const endpointId = parseId(id, 'endpoint id');
      const { count } = await db.webhookEndpoint.deleteMany({ where: { id: endpointId, ownerId: viewer.id } });
      if (!count) throw notFound(ENDPOINT_NOT_FOUND);
      return endpointId;
    },

    async redeliver(caller: Caller, deliveryId: string): Promise<DeliveryView> {
      const viewer = requireViewer(caller, webhooksAccess.redeliverWebhook.roles);
      const delivery = await db.webhookDelivery.findUnique({ where: { id: parseId(deliveryId, 'delivery id') }, include: { endpoint: { select: { ownerId: true } }, event: true } });
      if (!delivery || delivery.endpoint.ownerId !== viewer.id) throw notFound(DELIVERY_NOT_FOUND);
      return deliver(delivery.endpointId, delivery.event);
    },

    async sendTest(caller: Caller, endpointId: string): Promise<DeliveryView> {
      const viewer = requireViewer(caller, webhooksAccess.sendTestWebhook.roles);
      const endpoint = await ownEndpoint(viewer.id, endpointId);
      const event = await db.webhookEvent.create({ data: { type: WEBHOOK_TEST_EVENT, resource: `endpoint:${endpoint.id}`, payload: { object: 'test', endpointId: endpoint.id, message: 'A test event from the OpenNest developer page.' } } });
      return deliver(endpoint.id, event);
    },
  };
}
