// A viewing's webhook events: one per change of its status (or time) that the
// viewings service or a listing's end makes, emitted inside the transaction of
// that change. They go to the listing's agent's endpoints only: admins do not
// read viewings (they see the feedback on a listing's held ones, not the
// viewings themselves), and buyers have no endpoints.
import type { WebhookEventType } from '@opennest/common/validation/webhook';
import type { Prisma } from '../generated/prisma/client';
import type { JobExecutor, JobQueue } from '../jobs/job-queue';
import { emitWebhookEvent, viewingObject } from '../webhooks/emit';

export type ViewingEventType = Extract<WebhookEventType, `viewing.${string}`>;

export const emitViewingEvent = (tx: Prisma.TransactionClient & JobExecutor, jobs: JobQueue, type: ViewingEventType, viewing: Parameters<typeof viewingObject>[0] & { agentId: string }) =>
  emitWebhookEvent(tx, jobs, { type, resource: `viewing:${viewing.id}`, audience: [viewing.agentId], adminsSee: false, object: viewingObject(viewing) });
