// Every create-style GraphQL mutation and every REST POST, sent N times at the
// same moment with identical input (a double click, a retrying client, two
// tabs): each ends in its invariant, one row (every call answered with it), or
// one success and clean CONFLICTs, or, where every call is a new thing by
// design (a listing, a review, an upload, a message), N rows; and never an
// INTERNAL_SERVER_ERROR or a 500. Removing the same thing N times at once gives
// one success and NOT_FOUNDs. The last test fails for a mutation or POST route
// this file does not cover, so a new one cannot skip the question.
// The rules: db/constraint-meanings.ts (what each unique constraint means) and
// the services; docs/invariants.md.
import { buildSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../config';
import { ACTIVE_API_KEY_LIMIT, API_KEY_CAP_REACHED, TRUSTED_DOCUMENT_CAP_REACHED, TRUSTED_DOCUMENT_LIMIT } from '../api-keys/api-keys.service';
import { confirmationTokenHash } from '../newsletter/newsletter-confirmation';
import { WEBHOOK_CAP_REACHED, WEBHOOK_ENDPOINT_LIMIT } from '../webhooks/webhooks.service';
import { createUnsubscribeTokens } from '../notifications/unsubscribe-token';
import { apiRoutes } from '../domains';
import { createCast, createListing, createOffer, createReview, createWishlistItem, FUTURE, okData, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { signUp, uniqueEmail } from '../test/identity';
import { TEST_UNSUBSCRIBE_SECRET } from '../test/infrastructure';
import { graphqlOutcome, internalErrorsOf, refusalsOf, restOutcome, type Outcome } from '../test/outcomes';
import { confirmWithCard } from '../test/payments';
import { startTestApp, type TestApp } from '../test/test-app';

/** Identical calls sent at once (the test app's pool has 5 connections: some wait for one, as under load). */
const N = 6;
const atOnce = <T>(call: (index: number) => Promise<T>) => Promise.all(Array.from({ length: N }, (_, index) => call(index)));

let app: TestApp;
let agent: Account, buyer: Account;
/** A webhook receiver on loopback (allow-listed for this app) that accepts every delivery. */
let receiver: http.Server;
let receiverUrl: string;

beforeAll(async () => {
  app = await startTestApp({}, { webhookAllowedHosts: ['127.0.0.1'] });
  ({ agent, buyer } = await createCast(app, ['agent', 'buyer']));
  receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('thanks')));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const covered = { mutations: new Set<string>(), posts: new Set<string>() };

/** A test of mutation `field`, N identical calls at once. */
function mutationCase(field: string, title: string, test: () => Promise<void>) {
  covered.mutations.add(field);
  it(`${field}: ${title}`, test);
}
/** A test of REST route `call` ("POST /api/..."), N identical calls at once. */
function postCase(call: string, title: string, test: () => Promise<void>) {
  covered.posts.add(call);
  it(`${call}: ${title}`, test);
}

/** Every call answered, none refused. */
function expectAllSucceeded(outcomes: Outcome[]) {
  expect(internalErrorsOf(outcomes)).toEqual([]);
  expect(refusalsOf(outcomes)).toEqual([]);
}
/** One call succeeded; every other one was refused with `refusal` ("CODE: message"). */
function expectOneWinner(outcomes: Outcome[], refusal: string) {
  expect(internalErrorsOf(outcomes)).toEqual([]);
  expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
  expect(refusalsOf(outcomes)).toEqual(Array(N - 1).fill(refusal));
}

const listing = (data: Parameters<typeof createListing>[2] = {}) => createListing(app, agent.user.id, { title: unique('Concurrent'), ...data });
const gql = <T>(promise: Promise<T & { status: number }>) => promise.then((result) => graphqlOutcome(result as never));

async function acceptedOfferWithSucceededPayment() {
  const property = await listing();
  const offer = await createOffer(app, property, buyer.user.id, 'accepted');
  const payment = okData(await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken)).startOfferPayment;
  expect((await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId)).body.status).toBe('succeeded');
  return { property, offer, payment };
}

/** After the payment: bought with this payment, sold, the agent told once. */
async function expectBoughtOnce(offerId: string, paymentIntentId: string) {
  const offer = await app.db.offer.findUniqueOrThrow({ where: { id: offerId }, include: { property: true } });
  expect({ status: offer.status, transactionId: offer.transactionId, saleState: offer.property.saleState }).toEqual({ status: 'bought', transactionId: paymentIntentId, saleState: 'sold' });
  expect(await app.db.notification.count({ where: { subjectId: offerId, type: 'sold' } })).toBe(1);
}

describe('GraphQL mutations that create', () => {
  mutationCase('recordSignIn', 'a first sign-in sent N times makes one record, and every call answers it', async () => {
    const account = await signUp({ displayName: 'Twice Clicked' });
    const results = await atOnce(() => app.graphql(operations.RecordSignIn, { input: { name: 'Twice Clicked' } }, account.idToken));
    expectAllSucceeded(results.map(graphqlOutcome));
    const rows = await app.db.user.findMany({ where: { email: account.email.toLowerCase() } });
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((result) => result.data?.recordSignIn.id))).toEqual(new Set([rows[0].id]));
  });

  mutationCase('addProperty', 'each call is a listing the agent asked for: N listings, all pending', async () => {
    const title = unique('Added at once');
    const input = { title, location: 'Gulshan, Dhaka', image: 'https://images.example.test/a.jpg', priceMin: '1000', priceMax: '2000' };
    expectAllSucceeded(await atOnce(() => gql(app.graphql(operations.AddProperty, { input }, agent.idToken))));
    expect(await app.db.property.count({ where: { title, status: 'pending' } })).toBe(N);
  });

  mutationCase('addReview', 'each call is a review: N reviews, the agent told of each', async () => {
    const property = await listing();
    expectAllSucceeded(await atOnce(() => gql(app.graphql(operations.AddReview, { propertyId: property.id, text: 'Lovely light.' }, buyer.idToken))));
    expect(await app.db.review.count({ where: { propertyId: property.id } })).toBe(N);
    expect(await app.db.notification.count({ where: { recipientId: agent.user.id, subjectId: property.id, type: 'new_review' } })).toBe(N);
  });

  mutationCase('addToWishlist', "one item; the others CONFLICT 'Already in wishlist'", async () => {
    const property = await listing();
    expectOneWinner(await atOnce(() => gql(app.graphql(operations.AddToWishlist, { propertyId: property.id }, buyer.idToken))), 'CONFLICT: Already in wishlist');
    expect(await app.db.wishlistItem.count({ where: { propertyId: property.id } })).toBe(1);
  });

  mutationCase('contactAgent', "'Contact agent' N times: one conversation, every call answers it, with the N messages", async () => {
    const property = await listing();
    const sender = await app.createUser('user');
    const results = await atOnce((index) => app.graphql(operations.ContactAgent, { propertyId: property.id, body: `Is it still available? (${index})` }, sender.idToken));
    expectAllSucceeded(results.map(graphqlOutcome));
    const conversations = await app.db.conversation.findMany({ where: { propertyId: property.id } });
    expect(conversations).toHaveLength(1);
    expect(new Set(results.map((result) => result.data?.contactAgent.conversation.id))).toEqual(new Set([conversations[0].id]));
    expect(await app.db.message.count({ where: { conversationId: conversations[0].id } })).toBe(N);
  });

  mutationCase('makeOffer', 'one offer; the others CONFLICT (one open offer per buyer and listing)', async () => {
    const property = await listing();
    const input = { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE };
    expectOneWinner(await atOnce(() => gql(app.graphql(operations.MakeOffer, { input }, buyer.idToken))), 'CONFLICT: You already have an open offer on this property.');
    expect(await app.db.offer.count({ where: { propertyId: property.id } })).toBe(1);
    expect(await app.db.notification.count({ where: { recipientId: agent.user.id, type: 'offer_received', text: { contains: property.title } } })).toBe(1);
  });

  mutationCase('reportListing', 'one open report; the others CONFLICT', async () => {
    const property = await listing();
    const input = { propertyId: property.id, reason: 'wrong_price' as const };
    expectOneWinner(await atOnce(() => gql(app.graphql(operations.ReportListing, { input }, buyer.idToken))), 'CONFLICT: You have already reported this listing; an admin will look at it.');
    expect(await app.db.listingReport.count({ where: { propertyId: property.id } })).toBe(1);
  });

  mutationCase('saveSearch', 'the same save N times is one saved search, and every call answers it', async () => {
    const saver = await app.createUser('user');
    const input = { name: 'Gulshan flats', frequency: 'daily' as const, search: 'Gulshan', sort: 'PRICE_ASC' as const, filter: { minBedrooms: 2 } };
    const results = await atOnce(() => app.graphql(operations.SaveSearch, { input }, saver.idToken));
    expectAllSucceeded(results.map(graphqlOutcome));
    const rows = await app.db.savedSearch.findMany({ where: { userId: saver.user.id } });
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((result) => result.data?.saveSearch.id))).toEqual(new Set([rows[0].id]));
  });

  mutationCase('sendMessage', 'each call is a message: N messages (within the per-minute limit; caps.test.ts goes past it)', async () => {
    const property = await listing();
    const sender = await app.createUser('user');
    const first = okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Hello' }, sender.idToken)).contactAgent;
    expectAllSucceeded(await atOnce((index) => gql(app.graphql(operations.SendMessage, { conversationId: first.conversation.id, body: `Again ${index}` }, sender.idToken))));
    expect(await app.db.message.count({ where: { conversationId: first.conversation.id } })).toBe(N + 1);
  });

  mutationCase('startOfferPayment', 'one payment at the provider: every call answers the same payment', async () => {
    const offer = await createOffer(app, await listing(), buyer.user.id, 'accepted');
    const results = await atOnce(() => app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken));
    expectAllSucceeded(results.map(graphqlOutcome));
    const ids = new Set(results.map((result) => result.data?.startOfferPayment.paymentIntentId));
    expect(ids.size).toBe(1);
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).paymentIntentId).toBe([...ids][0]);
  });

  mutationCase('completeOfferPayment', 'bought once, the agent told of the sale once, every call answers the bought offer', async () => {
    const { offer, payment } = await acceptedOfferWithSucceededPayment();
    expectAllSucceeded(await atOnce(() => gql(app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken))));
    await expectBoughtOnce(offer.id, payment.paymentIntentId);
  });

  mutationCase('subscribeToNewsletter', 'one sign-up and one confirmation e-mail, every call answered alike', async () => {
    const email = uniqueEmail('newsletter');
    expectAllSucceeded(await atOnce(() => gql(app.graphql(operations.SubscribeToNewsletter, { email }))));
    const rows = await app.db.newsletterSubscription.findMany({ where: { email } });
    expect(rows).toHaveLength(1);
    const [{ count }] = await app.db.$queryRaw<Array<{ count: number }>>`
      SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'newsletter-confirmation' AND data->>'subscriptionId' = ${rows[0].id}`;
    expect(count).toBe(1);
  });

  mutationCase('confirmNewsletterSubscription', 'confirming N times at once confirms once; every call succeeds', async () => {
    const token = `token-${unique('confirm').replace(' ', '-')}`;
    const email = uniqueEmail('confirm');
    await app.db.newsletterSubscription.create({ data: { email, confirmationTokenHash: confirmationTokenHash(token), confirmationSentAt: new Date() } });
    expectAllSucceeded(await atOnce(() => gql(app.graphql(operations.ConfirmNewsletterSubscription, { token }))));
    expect((await app.db.newsletterSubscription.findUniqueOrThrow({ where: { email } })).confirmedAt).not.toBeNull();
  });

  mutationCase('setEmailSetting', 'one settings row, holding the choice', async () => {
    const user = await app.createUser('user');
    expectAllSucceeded(await atOnce(() => gql(app.graphql(operations.SetEmailSetting, { type: 'offer_accepted', delivery: 'daily' }, user.idToken))));
    expect(await app.db.notificationSetting.findMany({ where: { userId: user.user.id }, select: { type: true, delivery: true } })).toEqual([{ type: 'offer_accepted', delivery: 'daily' }]);
  });

  mutationCase('unsubscribe', 'the link followed N times at once: one settings row, set to never', async () => {
    const user = await app.createUser('user');
    const token = createUnsubscribeTokens(TEST_UNSUBSCRIBE_SECRET).sign(user.user.id, 'offer_rejected');
    expectAllSucceeded(await atOnce(() => gql(app.graphql(operations.Unsubscribe, { token }))));
    expect(await app.db.notificationSetting.findMany({ where: { userId: user.user.id }, select: { type: true, delivery: true } })).toEqual([{ type: 'offer_rejected', delivery: 'never' }]);
  });

  mutationCase('markNotificationRead', 'read once: the first read time stays, every call answers it', async () => {
    const notification = await app.db.notification.create({
      data: { recipientId: agent.user.id, type: 'new_review', subjectId: agent.user.id, text: 'A review.', dedupeKey: unique('read-at-once'), emailDelivery: 'never' },
    });
    const results = await atOnce(() => app.graphql(operations.MarkNotificationRead, { id: notification.id }, agent.idToken));
    expectAllSucceeded(results.map(graphqlOutcome));
    const stored = await app.db.notification.findUniqueOrThrow({ where: { id: notification.id } });
    expect(new Set(results.map((result) => result.data?.markNotificationRead.readAt))).toEqual(new Set([stored.readAt?.toISOString()]));
  });
});

describe('integrators (API keys, webhooks) and sale records', () => {
  const createKey = (account: Account, name: string) => app.graphql(operations.CreateApiKey, { input: { name, scopes: ['listings:read'], expiresInDays: 30 } }, account.idToken);
  const registerEndpoint = (account: Account) => app.graphql(operations.CreateWebhookEndpoint, { input: { url: receiverUrl, events: ['listing.verified'] } }, account.idToken);

  mutationCase('createApiKey', 'each call is a key the owner asked for; N at once near the cap stop at the cap (the count is taken under the owner’s lock)', async () => {
    const owner = await app.createUser('agent');
    expectAllSucceeded(await atOnce((index) => gql(createKey(owner, `Key ${index}`))));
    expect(await app.db.apiKey.count({ where: { ownerId: owner.user.id } })).toBe(N);
    for (let index = N; index < ACTIVE_API_KEY_LIMIT - 2; index++) okData(await createKey(owner, `Key ${index}`));
    const outcomes = await atOnce((index) => gql(createKey(owner, `Late ${index}`)));
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
    expect(refusalsOf(outcomes)).toEqual(Array(N - 2).fill(`CONFLICT: ${API_KEY_CAP_REACHED}`));
    expect(await app.db.apiKey.count({ where: { ownerId: owner.user.id, revokedAt: null } })).toBe(ACTIVE_API_KEY_LIMIT);
  });

  mutationCase('revokeApiKey', 'revoked once (one audit entry); every call answers the revoked key', async () => {
    const owner = await app.createUser('agent');
    const { apiKey } = okData(await createKey(owner, 'To revoke')).createApiKey;
    const results = await atOnce(() => app.graphql(operations.RevokeApiKey, { id: apiKey.id }, owner.idToken));
    expectAllSucceeded(results.map(graphqlOutcome));
    const stored = await app.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(new Set(results.map((result) => result.data?.revokeApiKey.revokedAt))).toEqual(new Set([stored.revokedAt?.toISOString()]));
    expect(await app.db.apiKeyAuditEntry.count({ where: { apiKeyId: apiKey.id, action: 'revoked' } })).toBe(1);
  });

  mutationCase('registerTrustedDocument', 'the same document N times at once is one row, every call answers it; N different ones near the cap stop at the cap (counted under the owner’s lock)', async () => {
    const owner = await app.createUser('agent');
    const { apiKey } = okData(await createKey(owner, 'Trusted')).createApiKey;
    const register = (document: string) => app.graphql(operations.RegisterTrustedDocument, { apiKeyId: apiKey.id, document }, owner.idToken);
    const same = await atOnce(() => register('query Same { me { id } }'));
    expectAllSucceeded(same.map(graphqlOutcome));
    expect(new Set(same.map((result) => `${result.data?.registerTrustedDocument.sha256} ${result.data?.registerTrustedDocument.createdAt}`)).size).toBe(1);
    expect(await app.db.trustedDocument.count({ where: { apiKeyId: apiKey.id } })).toBe(1);
    await app.db.trustedDocument.createMany({ data: Array.from({ length: TRUSTED_DOCUMENT_LIMIT - 3 }, (_, index) => ({ apiKeyId: apiKey.id, sha256: `filler-${index}`, document: `query Q${index} { me { id } }` })) });
    const outcomes = await atOnce((index) => gql(register(`query Late${index} { me { id } }`)));
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
    expect(refusalsOf(outcomes)).toEqual(Array(N - 2).fill(`CONFLICT: ${TRUSTED_DOCUMENT_CAP_REACHED}`));
    expect(await app.db.trustedDocument.count({ where: { apiKeyId: apiKey.id } })).toBe(TRUSTED_DOCUMENT_LIMIT);
  });

  mutationCase('createWebhookEndpoint', 'each call is an endpoint the owner asked for; N at once near the cap stop at the cap', async () => {
    const owner = await app.createUser('agent');
    expectAllSucceeded(await atOnce(() => gql(registerEndpoint(owner))));
    for (let index = N; index < WEBHOOK_ENDPOINT_LIMIT - 1; index++) okData(await registerEndpoint(owner));
    const outcomes = await atOnce(() => gql(registerEndpoint(owner)));
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(refusalsOf(outcomes)).toEqual(Array(N - 1).fill(`CONFLICT: ${WEBHOOK_CAP_REACHED}`));
    expect(await app.db.webhookEndpoint.count({ where: { ownerId: owner.user.id } })).toBe(WEBHOOK_ENDPOINT_LIMIT);
  });

  mutationCase('sendTestWebhook', 'each call is a test event the owner asked for: N events, each delivered once', async () => {
    const owner = await app.createUser('agent');
    const { endpoint } = okData(await registerEndpoint(owner)).createWebhookEndpoint;
    const results = await atOnce(() => app.graphql(operations.SendTestWebhook, { endpointId: endpoint.id }, owner.idToken));
    expectAllSucceeded(results.map(graphqlOutcome));
    expect(new Set(results.map((result) => result.data?.sendTestWebhook.eventId)).size).toBe(N);
    expect(await app.db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(N);
  });

  mutationCase('redeliverWebhook', 'each call is a redelivery the owner asked for: N new deliveries of the same event id', async () => {
    const owner = await app.createUser('agent');
    const { endpoint } = okData(await registerEndpoint(owner)).createWebhookEndpoint;
    const first = okData(await app.graphql(operations.SendTestWebhook, { endpointId: endpoint.id }, owner.idToken)).sendTestWebhook;
    const results = await atOnce(() => app.graphql(operations.RedeliverWebhook, { deliveryId: first.id }, owner.idToken));
    expectAllSucceeded(results.map(graphqlOutcome));
    expect(new Set(results.map((result) => result.data?.redeliverWebhook.eventId))).toEqual(new Set([first.eventId]));
    expect(await app.db.webhookDelivery.count({ where: { endpointId: endpoint.id, eventId: first.eventId } })).toBe(N + 1);
  });

  mutationCase('deleteWebhookEndpoint', 'one deletion; the others NOT_FOUND', async () => {
    const owner = await app.createUser('agent');
    const { endpoint } = okData(await registerEndpoint(owner)).createWebhookEndpoint;
    expectOneWinner(await atOnce(() => gql(app.graphql(operations.DeleteWebhookEndpoint, { id: endpoint.id }, owner.idToken))), 'NOT_FOUND: Webhook endpoint not found.');
    expect(await app.db.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(0);
  });

  mutationCase('withholdSaleAmount', 'withholding N times at once: withheld, every call answers the withheld record', async () => {
    const property = await listing({ saleState: 'sold' });
    await createOffer(app, property, buyer.user.id, 'bought', '1650.00');
    await app.db.listingEvent.create({ data: { propertyId: property.id, kind: 'offer_accepted' } });
    const results = await atOnce(() => app.graphql(operations.WithholdSaleAmount, { propertyId: property.id, withheld: true }, agent.idToken));
    expectAllSucceeded(results.map(graphqlOutcome));
    expect(new Set(results.map((result) => JSON.stringify(result.data?.withholdSaleAmount)))).toHaveProperty('size', 1);
    expect(results[0].data?.withholdSaleAmount).toMatchObject({ amountWithheld: true, soldAmount: null });
    expect(await app.db.offer.count({ where: { propertyId: property.id, amountWithheld: true } })).toBe(1);
  });
});

describe('GraphQL mutations that remove', () => {
  mutationCase('removeFromWishlist', 'one removal; the others NOT_FOUND', async () => {
    const item = await createWishlistItem(app, (await listing()).id, buyer.user.id);
    expectOneWinner(await atOnce(() => gql(app.graphql(operations.RemoveFromWishlist, { id: item.id }, buyer.idToken))), 'NOT_FOUND: Wishlist item not found.');
  });

  mutationCase('deleteReview', 'one deletion; the others NOT_FOUND', async () => {
    const review = await createReview(app, (await listing()).id, buyer.user.id);
    expectOneWinner(await atOnce(() => gql(app.graphql(operations.DeleteReview, { id: review.id }, buyer.idToken))), 'NOT_FOUND: Review not found.');
  });

  mutationCase('deleteSavedSearch', 'one deletion; the others NOT_FOUND', async () => {
    const search = okData(await app.graphql(operations.SaveSearch, { input: { name: unique('To delete'), frequency: 'off' } }, buyer.idToken)).saveSearch;
    expectOneWinner(await atOnce(() => gql(app.graphql(operations.DeleteSavedSearch, { id: search.id }, buyer.idToken))), 'NOT_FOUND: Saved search not found.');
  });

  mutationCase('deleteProperty', 'one deletion; the others NOT_FOUND', async () => {
    const property = await listing();
    expectOneWinner(await atOnce(() => gql(app.graphql(operations.DeleteProperty, { id: property.id }, agent.idToken))), 'NOT_FOUND: Property not found.');
  });
});

describe('REST POST routes', () => {
  postCase('POST /api/users', 'a first sign-in sent N times makes one record', async () => {
    const account = await signUp({ displayName: 'Rest Twice' });
    expectAllSucceeded(await atOnce(() => app.rest('POST', '/api/users', { token: account.idToken, body: { name: 'Rest Twice' } }).then(restOutcome)));
    expect(await app.db.user.count({ where: { email: account.email.toLowerCase() } })).toBe(1);
  });

  postCase('POST /api/properties', 'each call is a listing the agent asked for: N listings', async () => {
    const title = unique('Posted at once');
    const body = { title, location: 'Uttara, Dhaka', image: 'https://images.example.test/b.jpg', priceMin: 1000, priceMax: 2000 };
    expectAllSucceeded(await atOnce(() => app.rest('POST', '/api/properties', { token: agent.idToken, body }).then(restOutcome)));
    expect(await app.db.property.count({ where: { title } })).toBe(N);
  });

  postCase('POST /api/wishlist', 'one item; the others 409', async () => {
    const property = await listing();
    expectOneWinner(await atOnce(() => app.rest('POST', '/api/wishlist', { token: buyer.idToken, body: { propertyId: property.id } }).then(restOutcome)), 'CONFLICT: Already in wishlist');
    expect(await app.db.wishlistItem.count({ where: { propertyId: property.id } })).toBe(1);
  });

  postCase('POST /api/offers', 'one offer; the others 409', async () => {
    const property = await listing();
    const body = { propertyId: property.id, offerAmount: 1500, buyingDate: FUTURE };
    expectOneWinner(await atOnce(() => app.rest('POST', '/api/offers', { token: buyer.idToken, body }).then(restOutcome)), 'CONFLICT: You already have an open offer on this property.');
    expect(await app.db.offer.count({ where: { propertyId: property.id } })).toBe(1);
  });

  postCase('POST /api/reviews', 'each call is a review: N reviews', async () => {
    const property = await listing();
    expectAllSucceeded(await atOnce(() => app.rest('POST', '/api/reviews', { token: buyer.idToken, body: { propertyId: property.id, reviewText: 'Quiet street.' } }).then(restOutcome)));
    expect(await app.db.review.count({ where: { propertyId: property.id } })).toBe(N);
  });

  postCase('POST /api/uploads', 'each call is an upload: N stored images, each its own URL', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
    const results = await atOnce(() => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      return app.rest('POST', '/api/uploads', { token: buyer.idToken, body });
    });
    expectAllSucceeded(results.map(restOutcome));
    expect(new Set(results.map((result) => result.body.url)).size).toBe(N);
  });

  postCase('POST /api/create-payment-intent', 'one payment at the provider: every call answers the same payment', async () => {
    const offer = await createOffer(app, await listing(), buyer.user.id, 'accepted');
    const results = await atOnce(() => app.rest('POST', '/api/create-payment-intent', { token: buyer.idToken, body: { offerId: offer.id } }));
    expectAllSucceeded(results.map(restOutcome));
    expect(new Set(results.map((result) => result.body.paymentIntentId)).size).toBe(1);
  });

  postCase('POST /api/stripe/webhook', 'the same signed event delivered N times at once: bought once, the agent told once', async () => {
    const { offer, payment } = await acceptedOfferWithSucceededPayment();
    const cents = Math.round(Number(offer.amount.toFixed(2)) * 100);
    const event = JSON.stringify({
      id: `evt_${offer.id}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: payment.paymentIntentId, object: 'payment_intent', status: 'succeeded', amount: cents, currency: 'usd', metadata: { offerId: offer.id } } },
    });
    const results = await atOnce(() => app.rest('POST', '/api/stripe/webhook', { body: event, headers: { 'content-type': 'application/json', 'stripe-signature': app.signWebhook(event) } }));
    expectAllSucceeded(results.map(restOutcome));
    await expectBoughtOnce(offer.id, payment.paymentIntentId);
  });

  postCase('POST /api/session', 'each call starts a session cookie for the same account; nothing is stored', async () => {
    const outcomes = await atOnce(() => app.rest('POST', '/api/session', { token: buyer.idToken }).then(restOutcome));
    expectAllSucceeded(outcomes);
  });

  postCase('POST /api/newsletter', 'one sign-up', async () => {
    const email = uniqueEmail('rest-newsletter');
    expectAllSucceeded(await atOnce(() => app.rest('POST', '/api/newsletter', { body: { email } }).then(restOutcome)));
    expect(await app.db.newsletterSubscription.count({ where: { email } })).toBe(1);
  });

  postCase('POST /api/newsletter/confirm', 'confirmed once; every call succeeds', async () => {
    const token = `rest-${unique('confirm').replace(' ', '-')}`;
    const email = uniqueEmail('rest-confirm');
    await app.db.newsletterSubscription.create({ data: { email, confirmationTokenHash: confirmationTokenHash(token), confirmationSentAt: new Date() } });
    expectAllSucceeded(await atOnce(() => app.rest('POST', '/api/newsletter/confirm', { body: { token } }).then(restOutcome)));
    expect((await app.db.newsletterSubscription.findUniqueOrThrow({ where: { email } })).confirmedAt).not.toBeNull();
  });
});

/**
 * Mutations that change the state of one existing record rather than create or
 * remove one: their races are tested pairwise where they meet (file named).
 */
const STATE_CHANGES: Record<string, string> = {
  acceptOffer: 'shared/state-races.test.ts',
  rejectOffer: 'shared/state-races.test.ts',
  verifyProperty: 'shared/state-races.test.ts',
  rejectProperty: 'shared/state-races.test.ts',
  advertiseProperty: 'shared/state-races.test.ts',
  resolveReports: 'shared/state-races.test.ts',
  markUserAsFraud: 'shared/state-races.test.ts (and users/user-admin.test.ts)',
  setUserRole: 'users/user-admin.test.ts (concurrent demotions keep an admin)',
  deleteUser: 'users/user-admin.test.ts (concurrent deletions keep an admin)',
  updateProperty: 'shared/state-races.test.ts (an update and a rejection at once)',
  updateSavedSearch: 'a conditional UPDATE of the owner’s row; deleted meanwhile: NOT_FOUND',
  markAllNotificationsRead: 'one conditional UPDATE (read_at IS NULL)',
  markConversationRead: 'one UPDATE of the caller’s read mark; the later time wins',
  // Viewings (viewings/viewings.test.ts): bookings race on the exclusion constraint, changes are compare-and-sets.
  bookViewing: 'viewings/viewings.test.ts (50 concurrent bookings of one slot: 1 booked, 49 CONFLICT; 5 at once keep the cap of 2)',
  requestViewing: 'viewings/viewings.test.ts (the same exclusion constraint and cap as bookViewing)',
  confirmViewing: 'viewings/viewings.test.ts (confirm and cancel at once, several rounds)',
  proposeViewingTime: 'viewings/viewings.test.ts (move and cancel at once, several rounds)',
  declineViewing: 'viewings/viewings.test.ts (decline and cancel at once: one wins)',
  cancelViewing: 'viewings/viewings.test.ts (raced against confirm, move and decline)',
  acceptViewingTime: 'a compare-and-set from proposed, like confirmViewing; a cancel meanwhile: CONFLICT',
  leaveViewingFeedback: 'the feedback row’s primary key (one per viewing): a second gets CONFLICT',
  setViewingAvailability: 'replaces the listing’s availability as a whole under the listing’s row lock; the last one wins',
  addOpenHouse: 'each call is an open house the agent asked for, written under the listing’s row lock',
  removeOpenHouse: 'one DELETE by id: a second finds nothing (NOT_FOUND)',
};

describe('coverage', () => {
  it('covers every mutation of the schema and every POST route', () => {
    const schema = buildSchema(readFileSync(path.join(projectRoot, 'schema.graphql'), 'utf8'));
    const mutations = Object.keys(schema.getMutationType()!.getFields()).sort();
    expect(mutations.filter((field) => !covered.mutations.has(field) && !(field in STATE_CHANGES))).toEqual([]);
    const posts = apiRoutes.filter((route) => route.method === 'post').map((route) => `POST /api${route.path}`);
    expect(posts.filter((call) => !covered.posts.has(call))).toEqual([]);
    // Nothing listed here that the API no longer has.
    expect([...covered.mutations, ...Object.keys(STATE_CHANGES)].filter((field) => !mutations.includes(field))).toEqual([]);
  });
});
