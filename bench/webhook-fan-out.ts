// The webhook fan-out scenario of `npm run bench` (issue 22): 10,000 events
// (BENCH_WEBHOOK_EVENTS) for 10 endpoints (BENCH_WEBHOOK_ENDPOINTS) that all
// want them, emitted as the services emit them (emitWebhookEvent inside a
// transaction: the event, a delivery per endpoint, their jobs), then delivered
// by the production delivery handler on a pg-boss worker as `npm start` runs it
// (its concurrency, its retries), to a receiver on loopback (allow-listed).
// Reported: the time to emit, the time until every delivery succeeded, the
// deliveries per second, and this process's memory (RSS and heap) sampled
// throughout: the peak and the growth over the run. Each event is about a
// resource of its own: deliveries of one resource go in order, one at a time,
// which would measure the retry delay instead of the fan-out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '../server/db/client';
import { createEventBus } from '../server/events/event-bus';
import type { Logger } from '../server/infra/logger';
import { createJobQueue } from '../server/jobs/job-queue';
import { JOB_KINDS } from '../server/jobs/jobs';
import type { Mailer } from '../server/mail/mailer';
import { createWebhookDeliveryHandler } from '../server/webhooks/delivery';
import { emitWebhookEvent } from '../server/webhooks/emit';

export interface WebhookFanOutScenario {
  events: number;
  endpoints: number;
  deliveries: number;
  emitMs: number;
  deliverMs: number;
  received: number;
  memory: { startRssMb: number; peakRssMb: number; endRssMb: number; peakHeapMb: number };
}

/** Events emitted per transaction (a burst of state changes, each its own event). */
const EVENTS_PER_TRANSACTION = 100;
const MB = 1024 * 1024;

export async function runWebhookFanOutScenario({ databaseUrl, events, endpoints, log }: { databaseUrl: string; events: number; endpoints: number; log: Logger }): Promise<WebhookFanOutScenario> {
  let received = 0;
  const receiver = http.createServer((req, res) =>
    req.resume().on('end', () => {
      received += 1;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }),
  );
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const db = createDb(databaseUrl, { maxConnections: 4 });
  const bus = await createEventBus({ databaseUrl, log });
  // The queue that emits (as an API process: no workers) and the one that delivers (as a worker process).
  const emitting = createJobQueue({ databaseUrl, log, runWorkers: false, events: bus });
  const delivering = createJobQueue({ databaseUrl, log, runWorkers: true, events: bus });
  // No endpoint fails here, so nothing is e-mailed.
  const mailer: Mailer = { send: async () => undefined, close: () => undefined };
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  };
  const sampler = setInterval(sample, 100);
  const startRss = process.memoryUsage().rss;
  try {
    await emitting.start(JOB_KINDS, []);
    // An admin's endpoints receive every event (an agent's, only its own listings' and offers').
    const admin = await db.user.create({ data: { firebaseUid: `bench-webhooks-${Date.now()}`, email: `webhooks-${Date.now()}@bench.opennest.test`, name: 'Bench Integrator', role: 'admin' } });
    const created = await db.webhookEndpoint.createManyAndReturn({
      data: Array.from({ length: endpoints }, (_, i) => ({ ownerId: admin.id, url: `${url}?endpoint=${i}`, events: ['listing.price_changed'], secret: `whsec_bench_${i}` })),
      select: { id: true },
    });
    const endpointIds = created.map(({ id }) => id);

    const emitStarted = performance.now();
    for (let start = 0; start < events; start += EVENTS_PER_TRANSACTION) {
      await db.$transaction(async (tx) => {
        for (let i = start; i < Math.min(events, start + EVENTS_PER_TRANSACTION); i++) {
          await emitWebhookEvent(tx, emitting, {
            type: 'listing.price_changed',
            resource: `listing:bench-${i}`,
            audience: [],
            object: { id: `bench-${i}`, object: 'listing', title: `Bench listing ${i}`, priceMin: '100000.00', priceMax: '120000.00' },
          });
        }
      }, { timeout: 60_000 });
    }
    const emitMs = performance.now() - emitStarted;
    const deliveries = await db.webhookDelivery.count({ where: { endpointId: { in: endpointIds } } });

    const deliverStarted = performance.now();
    await delivering.start(JOB_KINDS, [createWebhookDeliveryHandler({ db, mailer, log, publicUrl: 'http://127.0.0.1', webhookAllowedHosts: ['127.0.0.1'] })]);
    for (;;) {
      const pending = await db.webhookDelivery.count({ where: { endpointId: { in: endpointIds }, status: { not: 'succeeded' } } });
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const deliverMs = performance.now() - deliverStarted;
    sample();
    return {
      events,
      endpoints,
      deliveries,
      emitMs,
      deliverMs,
      received,
      memory: { startRssMb: startRss / MB, peakRssMb: peakRss / MB, endRssMb: process.memoryUsage().rss / MB, peakHeapMb: peakHeap / MB },
    };
  } finally {
    clearInterval(sampler);
    await delivering.stop();
    await emitting.stop();
    await bus.close();
    await db.$disconnect();
    await new Promise((resolve) => receiver.close(resolve));
  }
}
