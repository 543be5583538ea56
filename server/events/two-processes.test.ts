// Live events across API processes: two apps on one database (this test's
// in-process app A, and B, a separate Node process running server/main.ts, as
// `npm start` does), fanned out through PostgreSQL LISTEN/NOTIFY. A change made
// through one reaches a subscriber connected to the other.
import { createCast, createListing, dataOf, FUTURE, unique, type Account } from '../test/fixtures';
import { startAppProcess, type AppProcess } from '../test/app-process';
import * as operations from '../test/generated/graphql';
import { subscribe } from '../test/live';
import { FORBIDDEN_CLOSE_CODE } from '../graphql/websocket';
import { startTestApp, type TestApp } from '../test/test-app';

let a: TestApp;
let b: AppProcess;
let agent: Account, buyer: Account, admin: Account;

beforeAll(async () => {
  a = await startTestApp();
  // B runs no job workers: A's do the e-mail, whoever queued it.
  b = await startAppProcess({ databaseUrl: a.databaseUrl, env: { JOB_WORKERS: 'off' }, label: 'app B' });
  ({ agent, buyer, admin } = await createCast(a, ['agent', 'buyer', 'admin']));
});
afterAll(async () => {
  await b?.stop();
  await a?.close();
});

it('runs B as a process of its own on the same database', async () => {
  expect(b.pid).not.toBe(process.pid);
  expect(new URL(b.url).port).not.toBe(new URL(a.url).port);
  const me = await fetch(`${b.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.idToken}` },
    body: JSON.stringify({ query: '{ me { id role } }' }),
  });
  expect(await me.json()).toEqual({ data: { me: { id: agent.user.id, role: 'agent' } } });
});

it('delivers a notification caused through A to a subscriber connected to B, and back', async () => {
  const property = await createListing(a, agent.user.id, { title: unique('Twin Towers') });
  const agentOnB = await subscribe(b.url, agent.idToken, operations.NotificationEvents);
  const buyerOnA = await subscribe(a.url, buyer.idToken, operations.NotificationEvents);

  // The buyer offers through A; the agent, connected to B, hears of it live.
  const offer = await a.graphql(operations.MakeOffer, { input: { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE } }, buyer.idToken);
  expect(offer.errors).toBeUndefined();
  const onB = (await agentOnB.next()).data!.notificationEvents;
  expect(onB.notification).toMatchObject({ type: 'offer_received', text: `Bea Buyer offered $1,500.00 on ${property.title}.` });
  expect(onB.unreadCount).toBe(agentOnB.initial.data!.notificationEvents.unreadCount + 1);

  // The agent accepts through B (a plain HTTP request to the other process); the buyer, on A, hears of it.
  const accepted = await fetch(`${b.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.idToken}` },
    body: JSON.stringify({ query: 'mutation($id: ID!) { acceptOffer(id: $id) { status } }', variables: { id: dataOf(offer).makeOffer.id } }),
  });
  expect(await accepted.json()).toEqual({ data: { acceptOffer: { status: 'accepted' } } });
  expect((await buyerOnA.next()).data!.notificationEvents.notification).toMatchObject({ type: 'offer_accepted' });

  await Promise.all([agentOnB.close(), buyerOnA.close()]);
}, 60_000);

it('closes the sockets an account holds on B when an admin marks it as fraud through A, and keeps other accounts’ sockets open', async () => {
  const doomed = await a.createUser('agent', { name: 'Dov Doomed' });
  const bystander = await a.createUser('user', { name: 'Bo Bystander' });
  // Message events: the fraud marking raises none, so only the closed socket can end this subscription.
  const doomedOnB = await subscribe(b.url, doomed.idToken, operations.MessageEvents);
  const bystanderOnB = await subscribe(b.url, bystander.idToken, operations.NotificationEvents);

  // A change to another account that is not a role change (a new name) closes nothing.
  await a.db.user.update({ where: { id: bystander.user.id }, data: { name: 'Bo Renamed' } });
  const marked = await a.graphql(operations.MarkUserAsFraud, { id: doomed.user.id }, admin.idToken);
  expect(marked.errors).toBeUndefined();
  expect(await doomedOnB.socketClosed).toBe(FORBIDDEN_CLOSE_CODE);
  await doomedOnB.completed;

  // The bystander's socket on B still delivers: their offer, rejected through A, reaches them live.
  const property = await createListing(a, agent.user.id, { title: unique('Still Live Lane') });
  const offer = await a.graphql(operations.MakeOffer, { input: { propertyId: property.id, offerAmount: '1200', buyingDate: FUTURE } }, bystander.idToken);
  expect(offer.errors).toBeUndefined();
  const rejected = await a.graphql(operations.RejectOffer, { id: dataOf(offer).makeOffer.id }, agent.idToken);
  expect(rejected.errors).toBeUndefined();
  expect((await bystanderOnB.next()).data!.notificationEvents.notification).toMatchObject({ type: 'offer_rejected' });
  await Promise.all([doomedOnB.close(), bystanderOnB.close()]);
}, 60_000);
