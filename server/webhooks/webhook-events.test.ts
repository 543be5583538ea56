// The webhook events of conversations and viewings (issue 22), through the real
// app, its job workers and a real receiver on loopback (allow-listed): who gets
// them (a conversation's participants only, never admins; a viewing's listing
// agent only), what they carry, their order per resource, and that a refused
// change or a rolled-back transaction emits nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, zonedDate, zonedInstant } from '@opennest/common/zoned-time';
import { MESSAGE_MAX_LENGTH } from '@opennest/common/validation/message';
import { WEBHOOK_EVENT_TYPES } from '@opennest/common/validation/webhook';
import { createCast, createListing, errorOf, okData, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { waitFor } from '../test/mailbox';
import { startTestApp, type TestApp } from '../test/test-app';
import { emitViewingEvent } from '../viewings/viewing-webhooks';
import { SIGNATURE_HEADER, verifySignature } from './signature';

interface Received {
  /** The receiver's path: which endpoint it was sent to. */
  path: string;
  eventId: string;
  type: string;
  signature: string | undefined;
  body: string;
}

interface EventBody {
  id: string;
  type: string;
  created: string;
  data: { object: Record<string, unknown> };
}

/** A receiver on loopback recording every request; each endpoint of the test is a path of it. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', eventId: String(req.headers['opennest-event-id']), type: String(req.headers['opennest-event-type']), signature: req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const LONDON = 'Europe/London';
const VIEWING_EVENTS = WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('viewing.'));
const everyDay = { timeZone: LONDON, viewingMinutes: 30, weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '10:00', end: '13:00' })), oneOff: [], blockedDates: [] };
/** `time` (London) on the day three days from now. */
const inThreeDays = (time: string) => zonedInstant(addDays(zonedDate(new Date(), LONDON), 3), time, LONDON).toISOString();

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let cast: Record<'agent' | 'otherAgent' | 'buyer' | 'otherBuyer' | 'admin', Account>;

beforeAll(async () => {
  app = await startTestApp({}, { webhookAllowedHosts: ['127.0.0.1'] });
  receiver = await startReceiver();
  cast = await createCast(app, ['agent', 'otherAgent', 'buyer', 'otherBuyer', 'admin']);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

/** Registers an endpoint of `account` at the receiver's `path`; returns it with its secret. */
const register = async (account: Account, path: string, events: readonly string[]) =>
  okData(await app.graphql(operations.CreateWebhookEndpoint, { input: { url: receiver.url(path), events: [...events] } }, account.idToken)).createWebhookEndpoint;

/** The events received at `path` about `resourceId` (in arrival order), parsed. */
const receivedAt = (path: string, resourceId: string) => receiver.received.filter((r) => r.path === path && r.body.includes(resourceId));
const parsed = (got: Received) => JSON.parse(got.body) as EventBody;
const deliveriesTo = (endpointId: string) => app.db.webhookDelivery.count({ where: { endpointId } });
const eventsOf = (resource: string) => app.db.webhookEvent.findMany({ where: { resource }, orderBy: { createdAt: 'asc' } });

describe('message.created', () => {
  it('goes, signed, to the participant agent’s endpoint only: not to another agent’s, an admin’s or one not subscribed to it', async () => {
    const path = `/messages-${unique('a').split(' ')[1]}`;
    const { endpoint, secret } = await register(cast.agent, `${path}/agent`, ['message.created']);
    const notSubscribed = await register(cast.agent, `${path}/agent-listings`, ['listing.verified']);
    const otherAgent = await register(cast.otherAgent, `${path}/other-agent`, ['message.created']);
    const admin = await register(cast.admin, `${path}/admin`, WEBHOOK_EVENT_TYPES);
    const property = await createListing(app, cast.agent.user.id);

    const first = okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Is the garden south-facing?' }, cast.buyer.idToken)).contactAgent;
    const conversationId = first.conversation.id;
    const reply = okData(await app.graphql(operations.SendMessage, { conversationId, body: 'It is, and it gets the afternoon sun.' }, cast.agent.idToken)).sendMessage;

    const got = await waitFor(async () => (receivedAt(`${path}/agent`, conversationId).length >= 2 ? receivedAt(`${path}/agent`, conversationId) : undefined), { what: 'two message.created deliveries' });
    for (const delivery of got) {
      expect(delivery.type).toBe('message.created');
      expect(verifySignature(secret, delivery.signature, delivery.body)).toBe(true);
    }
    // In the order they were sent (one resource: the conversation).
    const [asked, answered] = got.map(parsed);
    const stored = await app.db.message.findUniqueOrThrow({ where: { id: first.message.id } });
    expect(asked).toEqual({
      id: got[0].eventId,
      type: 'message.created',
      created: expect.any(String),
      data: {
        object: { id: first.message.id, object: 'message', conversationId, propertyId: property.id, senderId: cast.buyer.user.id, createdAt: stored.createdAt.toISOString(), body: 'Is the garden south-facing?' },
      },
    });
    expect(answered.data.object).toMatchObject({ id: reply.id, senderId: cast.agent.user.id, body: 'It is, and it gets the afternoon sun.' });
    expect((await eventsOf(`conversation:${conversationId}`)).map((e) => e.type)).toEqual(['message.created', 'message.created']);

    // Deliveries are made in the transaction of the message: none was made for the others, so none can arrive.
    for (const other of [notSubscribed.endpoint, otherAgent.endpoint, admin.endpoint]) expect(await deliveriesTo(other.id)).toBe(0);
    expect(receiver.received.filter((r) => r.path.startsWith(path) && r.path !== `${path}/agent`)).toEqual([]);
    expect(await deliveriesTo(endpoint.id)).toBe(2);
  });

  it('a refused message emits nothing', async () => {
    const path = `/refused-${unique('a').split(' ')[1]}`;
    const { endpoint } = await register(cast.agent, path, ['message.created']);
    const property = await createListing(app, cast.agent.user.id);
    const conversationId = okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Hello' }, cast.buyer.idToken)).contactAgent.conversation.id;
    await waitFor(async () => (receivedAt(path, conversationId).length ? true : undefined));
    // Someone else's conversation, and a message over the length limit.
    expect(errorOf(await app.graphql(operations.SendMessage, { conversationId, body: 'Let me in' }, cast.otherBuyer.idToken))?.extensions?.code).toBe('NOT_FOUND');
    expect(errorOf(await app.graphql(operations.SendMessage, { conversationId, body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, cast.buyer.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await eventsOf(`conversation:${conversationId}`)).toHaveLength(1);
    expect(await deliveriesTo(endpoint.id)).toBe(1);
  });
});

describe('viewing.*', () => {
  it('each change of a viewing goes to the listing agent’s endpoint, in order per viewing; nobody else gets it', async () => {
    const path = `/viewings-${unique('a').split(' ')[1]}`;
    const { endpoint, secret } = await register(cast.agent, `${path}/agent`, VIEWING_EVENTS);
    const notSubscribed = await register(cast.agent, `${path}/agent-messages`, ['message.created']);
    const otherAgent = await register(cast.otherAgent, `${path}/other-agent`, VIEWING_EVENTS);
    const admin = await register(cast.admin, `${path}/admin`, WEBHOOK_EVENT_TYPES);
    const property = await createListing(app, cast.agent.user.id, { title: unique('Viewable') });
    okData(await app.graphql(operations.SetViewingAvailability, { propertyId: property.id, input: everyDay }, cast.agent.idToken));

    // A request, moved by the agent, accepted by the buyer, then cancelled by the buyer.
    const moved = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: inThreeDays('10:00') }, cast.buyer.idToken)).requestViewing;
    okData(await app.graphql(operations.ProposeViewingTime, { id: moved.id, startsAt: inThreeDays('10:30') }, cast.agent.idToken));
    okData(await app.graphql(operations.AcceptViewingTime, { id: moved.id }, cast.buyer.idToken));
    okData(await app.graphql(operations.CancelViewing, { id: moved.id, reason: 'Found another place.' }, cast.buyer.idToken));
    // A request confirmed, a request declined, an instant booking.
    const confirmed = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: inThreeDays('11:00') }, cast.otherBuyer.idToken)).requestViewing;
    okData(await app.graphql(operations.ConfirmViewing, { id: confirmed.id }, cast.agent.idToken));
    const declined = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: inThreeDays('15:00') }, cast.buyer.idToken)).requestViewing;
    okData(await app.graphql(operations.DeclineViewing, { id: declined.id, reason: 'I am away that afternoon.' }, cast.agent.idToken));
    const booked = okData(await app.graphql(operations.BookViewing, { propertyId: property.id, startsAt: inThreeDays('12:00') }, cast.buyer.idToken)).bookViewing;

    const typesAt = (id: string) => receivedAt(`${path}/agent`, id).map((r) => r.type);
    const expected: Record<string, string[]> = {
      [moved.id]: ['viewing.requested', 'viewing.time_proposed', 'viewing.time_accepted', 'viewing.cancelled'],
      [confirmed.id]: ['viewing.requested', 'viewing.confirmed'],
      [declined.id]: ['viewing.requested', 'viewing.declined'],
      [booked.id]: ['viewing.booked'],
    };
    await waitFor(async () => (Object.entries(expected).every(([id, types]) => typesAt(id).length >= types.length) ? true : undefined), { what: 'every viewing event' });
    for (const [id, types] of Object.entries(expected)) expect(typesAt(id)).toEqual(types);

    const movedEvents = receivedAt(`${path}/agent`, moved.id);
    for (const delivery of movedEvents) expect(verifySignature(secret, delivery.signature, delivery.body)).toBe(true);
    const objects = movedEvents.map((delivery) => parsed(delivery).data.object);
    expect(objects[0]).toEqual({
      id: moved.id,
      object: 'viewing',
      propertyId: property.id,
      buyerId: cast.buyer.user.id,
      kind: 'request',
      status: 'requested',
      startsAt: inThreeDays('10:00'),
      endsAt: inThreeDays('10:30'),
      timeZone: LONDON,
      reason: null,
      sequence: 0,
    });
    expect(objects.slice(1)).toEqual([
      expect.objectContaining({ status: 'proposed', startsAt: inThreeDays('10:30'), endsAt: inThreeDays('11:00'), sequence: 1 }),
      expect.objectContaining({ status: 'confirmed', startsAt: inThreeDays('10:30'), sequence: 2 }),
      expect.objectContaining({ status: 'cancelled', reason: 'Found another place.', sequence: 3 }),
    ]);
    // No contact details of the buyer.
    for (const delivery of movedEvents) expect(delivery.body).not.toContain(cast.buyer.email);
    expect(parsed(receivedAt(`${path}/agent`, booked.id)[0]).data.object).toMatchObject({ kind: 'instant', status: 'confirmed' });

    // The listing's end cancels its viewings to come: each is an event too.
    okData(await app.graphql(operations.DeleteProperty, { id: property.id }, cast.agent.idToken));
    await waitFor(async () => (typesAt(booked.id).length >= 2 && typesAt(confirmed.id).length >= 3 ? true : undefined), { what: 'the cancellations of the listing’s end' });
    expect(typesAt(booked.id)).toEqual(['viewing.booked', 'viewing.cancelled']);
    expect(parsed(receivedAt(`${path}/agent`, booked.id)[1]).data.object).toMatchObject({ status: 'cancelled', reason: 'the agent removed the listing.' });
    expect(typesAt(confirmed.id)).toEqual(['viewing.requested', 'viewing.confirmed', 'viewing.cancelled']);

    for (const other of [notSubscribed.endpoint, otherAgent.endpoint, admin.endpoint]) expect(await deliveriesTo(other.id)).toBe(0);
    expect(receiver.received.filter((r) => r.path.startsWith(path) && r.path !== `${path}/agent`)).toEqual([]);
    expect(await deliveriesTo(endpoint.id)).toBe(11);
  });

  it('a refused booking (a taken time, also when two buyers race for it) emits nothing', async () => {
    const path = `/taken-${unique('a').split(' ')[1]}`;
    const { endpoint } = await register(cast.agent, path, VIEWING_EVENTS);
    const property = await createListing(app, cast.agent.user.id, { title: unique('Busy') });
    okData(await app.graphql(operations.SetViewingAvailability, { propertyId: property.id, input: everyDay }, cast.agent.idToken));
    const startsAt = inThreeDays('10:00');
    const answers = await Promise.all([cast.buyer, cast.otherBuyer].map((buyer) => app.graphql(operations.BookViewing, { propertyId: property.id, startsAt }, buyer.idToken)));
    expect(answers.filter((answer) => !answer.errors).length).toBe(1);
    expect(answers.map((answer) => answer.errors?.[0]?.extensions?.code).filter(Boolean)).toEqual(['CONFLICT']);
    // And once more, after the race.
    expect(errorOf(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt }, cast.otherBuyer.idToken))?.extensions?.code).toBe('CONFLICT');
    const viewings = await app.db.viewing.findMany({ where: { propertyId: property.id } });
    expect(viewings).toHaveLength(1);
    expect(await app.db.webhookEvent.count({ where: { type: { startsWith: 'viewing.' }, payload: { path: ['propertyId'], equals: property.id } } })).toBe(1);
    expect(await deliveriesTo(endpoint.id)).toBe(1);
    await waitFor(async () => (receivedAt(path, viewings[0].id).length ? true : undefined));
  });

  it('two changes racing on one viewing (the agent declines as the buyer cancels): one wins, one event', async () => {
    const path = `/race-${unique('a').split(' ')[1]}`;
    const { endpoint } = await register(cast.agent, path, VIEWING_EVENTS);
    const property = await createListing(app, cast.agent.user.id, { title: unique('Raced') });
    const viewing = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: inThreeDays('12:30') }, cast.buyer.idToken)).requestViewing;
    const [decline, cancel] = await Promise.all([
      app.graphql(operations.DeclineViewing, { id: viewing.id, reason: 'I am away.' }, cast.agent.idToken),
      app.graphql(operations.CancelViewing, { id: viewing.id, reason: 'Changed my mind.' }, cast.buyer.idToken),
    ]);
    const winner = decline.errors ? 'viewing.cancelled' : 'viewing.declined';
    expect([decline, cancel].filter((answer) => answer.errors?.[0]?.extensions?.code === 'CONFLICT')).toHaveLength(1);
    expect((await eventsOf(`viewing:${viewing.id}`)).map((event) => event.type)).toEqual(['viewing.requested', winner]);
    await waitFor(async () => (receivedAt(path, viewing.id).length >= 2 ? true : undefined));
    expect(receivedAt(path, viewing.id).map((r) => r.type)).toEqual(['viewing.requested', winner]);
    expect(await deliveriesTo(endpoint.id)).toBe(2);
  });

  it('an event emitted in a transaction that rolls back leaves no event, delivery or job', async () => {
    const path = `/rolled-back-${unique('a').split(' ')[1]}`;
    const { endpoint } = await register(cast.agent, path, VIEWING_EVENTS);
    const property = await createListing(app, cast.agent.user.id);
    const viewing = await app.db.viewing.create({
      data: { propertyId: property.id, buyerId: cast.buyer.user.id, agentId: cast.agent.user.id, startsAt: new Date(inThreeDays('10:00')), endsAt: new Date(inThreeDays('10:30')), timeZone: LONDON, kind: 'request', status: 'requested' },
    });
    const before = new Date();
    await expect(
      app.db.$transaction(async (tx) => {
        await emitViewingEvent(tx, app.eventsAndJobs.jobs, 'viewing.requested', viewing);
        // The event was written: this transaction sees it.
        expect(await tx.webhookEvent.count({ where: { resource: `viewing:${viewing.id}` } })).toBe(1);
        throw new Error('the change failed after its event');
      }),
    ).rejects.toThrow('the change failed after its event');
    expect(await eventsOf(`viewing:${viewing.id}`)).toEqual([]);
    expect(await deliveriesTo(endpoint.id)).toBe(0);
    const [{ queued }] = await app.db.$queryRaw<Array<{ queued: number }>>`SELECT count(*)::int AS queued FROM pgboss.job WHERE name = 'webhook-delivery' AND created_on >= ${before}::timestamptz`;
    expect(queued).toBe(0);
  });
});
