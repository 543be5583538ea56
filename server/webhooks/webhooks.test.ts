// Signed webhooks through the real app and its job workers, delivered to a real
// receiver (an HTTP server on loopback, allow-listed with WEBHOOK_ALLOWED_HOSTS):
// the signature verifies with the documented scheme; a failing receiver is
// retried (the retry's wait is moved to now, as time passing would) with the
// same event id; redelivery and the test event; order per resource; an
// endpoint failing for 3 days is disabled and its owner e-mailed; bad URLs are
// refused; a second worker process delivers each event once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCast, errorOf, okData, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { waitFor, waitForEmails } from '../test/mailbox';
import { startTestApp, type TestApp } from '../test/test-app';
import { DELIVERY_TIMEOUT_MS, sendWebhook } from './send';
import { SIGNATURE_HEADER, verifySignature } from './signature';
import { NOT_HTTPS } from './target-check';

interface Received {
  eventId: string;
  type: string;
  signature: string | undefined;
  body: string;
}

/** A receiver on loopback: records every request; `answer` says what to reply (status, or 'redirect' to `redirectTo`). */
async function startReceiver() {
  const received: Received[] = [];
  let answer: (request: Received) => number = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry = { eventId: String(req.headers['opennest-event-id']), type: String(req.headers['opennest-event-type']), signature: req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined, body };
      received.push(entry);
      const status = answer(entry);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : `failing with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    answerWith: (next: (request: Received) => number) => void (answer = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let agent: Account, admin: Account;

beforeAll(async () => {
  app = await startTestApp({}, { webhookAllowedHosts: ['127.0.0.1'] });
  receiver = await startReceiver();
  ({ agent, admin } = await createCast(app, ['agent', 'admin']));
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const register = async (account: Account, events: string[], url = receiver.url) =>
  okData(await app.graphql(operations.CreateWebhookEndpoint, { input: { url, events } }, account.idToken)).createWebhookEndpoint;

const pendingListing = (agentId: string, title = `Hooked ${Math.random().toString(36).slice(2, 8)}`) =>
  app.db.property.create({ data: { agentId, title, location: 'Hook Street', image: 'https://images.example.test/h.jpg', priceMin: '100', priceMax: '200', status: 'pending' } });

const deliveriesOf = async (account: Account, endpointId: string) => okData(await app.graphql(operations.WebhookDeliveries, { endpointId }, account.idToken)).webhookDeliveries;

/** Moves the delivery retries waiting in pg-boss's backoff to now (as the time passing would). */
const retryNow = () => app.db.$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = 'webhook-delivery' AND state = 'retry'`;

const receivedOf = (type: string, resourceId: string) => receiver.received.filter((r) => r.type === type && r.body.includes(resourceId));

it('delivers a signed event that verifies with the documented scheme, logged with its answer', async () => {
  const { endpoint, secret } = await register(agent, ['listing.verified', 'listing.advertised']);
  expect(secret).toMatch(/^whsec_/);
  const listing = await pendingListing(agent.user.id);
  okData(await app.graphql(operations.VerifyProperty, { id: listing.id }, admin.idToken));
  const [got] = await waitFor(async () => (receivedOf('listing.verified', listing.id).length ? receivedOf('listing.verified', listing.id) : undefined), { what: 'the listing.verified delivery' });
  expect(verifySignature(secret, got.signature, got.body)).toBe(true);
  expect(verifySignature(secret, got.signature, got.body.replace('verified', 'rejected'))).toBe(false);
  expect(verifySignature('whsec_other', got.signature, got.body)).toBe(false);
  // The replay window: the same signature six minutes later is refused.
  expect(verifySignature(secret, got.signature, got.body, Date.now() + 6 * 60_000)).toBe(false);
  const event = JSON.parse(got.body) as { id: string; type: string; created: string; data: { object: { id: string; status: string } } };
  expect(event).toMatchObject({ id: got.eventId, type: 'listing.verified', data: { object: { id: listing.id, status: 'verified' } } });
  const [logged] = await waitFor(async () => {
    const rows = await deliveriesOf(agent, endpoint.id);
    return rows[0]?.status === 'succeeded' ? rows : undefined;
  });
  expect(logged).toMatchObject({ eventId: got.eventId, eventType: 'listing.verified', status: 'succeeded', attempts: 1, responseStatus: 200, responseExcerpt: 'thanks' });
  okData(await app.graphql(operations.DeleteWebhookEndpoint, { id: endpoint.id }, agent.idToken));
});

it('retries a failing receiver with the same event id; redelivers; sends a test event', async () => {
  const { endpoint } = await register(agent, ['listing.rejected']);
  const listing = await pendingListing(agent.user.id);
  let failures = 0;
  receiver.answerWith((request) => (request.body.includes(listing.id) && failures++ < 2 ? 503 : 200));
  okData(await app.graphql(operations.RejectProperty, { id: listing.id }, admin.idToken));
  const tries = await waitFor(
    async () => {
      await retryNow();
      const seen = receivedOf('listing.rejected', listing.id);
      return seen.length >= 3 ? seen : undefined;
    },
    { what: 'three tries', timeoutMs: 60_000, intervalMs: 500 },
  );
  expect(new Set(tries.map((t) => t.eventId)).size).toBe(1);
  const delivery = await waitFor(async () => (await deliveriesOf(agent, endpoint.id)).find((d) => d.status === 'succeeded'));
  expect(delivery).toMatchObject({ attempts: 3, responseStatus: 200 });

  const redelivered = okData(await app.graphql(operations.RedeliverWebhook, { deliveryId: delivery.id }, agent.idToken)).redeliverWebhook;
  expect(redelivered.eventId).toBe(delivery.eventId);
  await waitFor(async () => (receivedOf('listing.rejected', listing.id).length >= 4 ? true : undefined));
  expect(receivedOf('listing.rejected', listing.id).at(-1)?.eventId).toBe(delivery.eventId);

  const test = okData(await app.graphql(operations.SendTestWebhook, { endpointId: endpoint.id }, agent.idToken)).sendTestWebhook;
  expect(test.eventType).toBe('webhook.test');
  await waitFor(async () => (receiver.received.some((r) => r.eventId === test.eventId && r.type === 'webhook.test') ? true : undefined));
  receiver.answerWith(() => 200);
  okData(await app.graphql(operations.DeleteWebhookEndpoint, { id: endpoint.id }, agent.idToken));
});

it('keeps the order per resource: a later event waits while an earlier one of the same listing is failing', async () => {
  const { endpoint } = await register(agent, ['listing.verified', 'listing.advertised']);
  const listing = await pendingListing(agent.user.id);
  let failedOnce = false;
  receiver.answerWith((request) => (request.type === 'listing.verified' && request.body.includes(listing.id) && !failedOnce ? ((failedOnce = true), 500) : 200));
  okData(await app.graphql(operations.VerifyProperty, { id: listing.id }, admin.idToken));
  await waitFor(async () => (failedOnce ? true : undefined));
  okData(await app.graphql(operations.AdvertiseProperty, { id: listing.id }, admin.idToken));
  await waitFor(
    async () => {
      await retryNow();
      return receivedOf('listing.advertised', listing.id).length ? true : undefined;
    },
    { what: 'the advertised event', timeoutMs: 60_000, intervalMs: 500 },
  );
  const order = receiver.received.filter((r) => r.body.includes(listing.id)).map((r) => r.type);
  // The advertised event arrived only after the verified one was delivered.
  expect(order.indexOf('listing.advertised')).toBeGreaterThan(order.lastIndexOf('listing.verified'));
  expect(order.filter((type) => type === 'listing.verified').length).toBe(2);
  receiver.answerWith(() => 200);
  okData(await app.graphql(operations.DeleteWebhookEndpoint, { id: endpoint.id }, agent.idToken));
});

it('disables an endpoint that failed for 3 days, and e-mails its owner', async () => {
  const owner = await app.createUser('agent');
  const { endpoint } = await register(owner, ['listing.verified']);
  await app.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: new Date(Date.now() - 3 * 86_400_000 - 60_000) } });
  receiver.answerWith((request) => (request.type === 'webhook.test' && request.body.includes(endpoint.id) ? 500 : 200));
  okData(await app.graphql(operations.SendTestWebhook, { endpointId: endpoint.id }, owner.idToken));
  const [disabled] = await waitFor(async () => {
    const rows = okData(await app.graphql(operations.WebhookEndpoints, {}, owner.idToken)).webhookEndpoints;
    return rows[0]?.disabledAt ? rows : undefined;
  });
  expect(disabled.id).toBe(endpoint.id);
  const [email] = await waitForEmails(owner.email, { subject: /webhook endpoint was disabled/ });
  expect(email.text).toContain(receiver.url);
  // A disabled endpoint gets no more events.
  const listing = await pendingListing(owner.user.id);
  okData(await app.graphql(operations.VerifyProperty, { id: listing.id }, admin.idToken));
  expect(await app.db.webhookDelivery.count({ where: { endpointId: endpoint.id, event: { type: 'listing.verified' } } })).toBe(0);
  receiver.answerWith(() => 200);
});

it('refuses URLs that are not https or resolve to refused addresses, and endpoints for buyers', async () => {
  const refusal = async (url: string) => errorOf(await app.graphql(operations.CreateWebhookEndpoint, { input: { url, events: ['listing.verified'] } }, agent.idToken));
  expect(await refusal('http://example.com/hook')).toMatchObject({ message: NOT_HTTPS, extensions: { code: 'BAD_USER_INPUT' } });
  for (const url of ['https://10.1.2.3/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://127.0.0.2/hook']) {
    expect(await refusal(url)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  }
  expect(await refusal('not a url')).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  const buyer = await app.createUser('user');
  expect(errorOf(await app.graphql(operations.CreateWebhookEndpoint, { input: { url: receiver.url, events: ['listing.verified'] } }, buyer.idToken))?.extensions?.code).toBe('FORBIDDEN');
});

it('cuts a receiver that hangs (10 s in production; shortened here) and records why', async () => {
  expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
  const hanging = http.createServer(() => undefined);
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  try {
    const outcome = await sendWebhook(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`, '{}', {}, { allowedHosts: ['127.0.0.1'], timeoutMs: 300 });
    expect(outcome).toMatchObject({ ok: false, status: null, excerpt: 'No answer within 0.3 s.' });
  } finally {
    hanging.closeAllConnections();
    hanging.close();
  }
});

describe('with a second worker process', () => {
  let worker: AppProcess;
  beforeAll(async () => {
    worker = await startAppProcess({ databaseUrl: app.databaseUrl, entry: 'server/worker.ts', env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }, label: 'worker B' });
  }, 120_000);
  afterAll(() => worker?.stop());

  it('delivers each event once', async () => {
    const { endpoint } = await register(agent, ['listing.verified']);
    const listings = await Promise.all(Array.from({ length: 12 }, () => pendingListing(agent.user.id)));
    for (const listing of listings) okData(await app.graphql(operations.VerifyProperty, { id: listing.id }, admin.idToken));
    const ids = listings.map((l) => l.id);
    await waitFor(async () => (ids.every((id) => receivedOf('listing.verified', id).length) ? true : undefined), { timeoutMs: 60_000, what: 'every event' });
    // Let any duplicate arrive before counting.
    await waitFor(async () => ((await app.db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: 'pending' } })) === 0 ? true : undefined));
    for (const id of ids) expect(receivedOf('listing.verified', id)).toHaveLength(1);
    okData(await app.graphql(operations.DeleteWebhookEndpoint, { id: endpoint.id }, agent.idToken));
  });
});
