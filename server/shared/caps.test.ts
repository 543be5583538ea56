// Caps held by the database under concurrent writes, through the real app:
// saved searches (50 per buyer: counted by a trigger under the owner's row lock), messages
// (10 a minute per sender: the shared PostgreSQL rate limiter's atomic counter),
// photos (20 per listing: positions 0..19 by CHECK, unique per listing), and an
// integrator's bursts (25 working API keys per account, 100 documents per key,
// 10 webhook endpoints per account: counted under the owner's lock). The
// other caps (one open offer per buyer and listing, one accepted offer per
// listing, one open report per reporter and listing, at least one admin) are
// unique indexes or locked counts tested in concurrent-writes.test.ts,
// state-races.test.ts and users/user-admin.test.ts. docs/invariants.md lists them.
import { randomUUID } from 'node:crypto';
import { createSavedSearchesService, SAVED_SEARCH_CAP_REACHED, SAVED_SEARCH_LIMIT } from '../saved-searches/saved-searches.service';
import { createListing, okData, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { graphqlOutcome, internalErrorsOf, refusalsOf } from '../test/outcomes';
import { startTestApp, type TestApp } from '../test/test-app';
import { appErrorOfDatabaseError } from '../db/constraint-meanings';
import { ACTIVE_API_KEY_LIMIT, API_KEY_CAP_REACHED, TRUSTED_DOCUMENT_CAP_REACHED, TRUSTED_DOCUMENT_LIMIT } from '../api-keys/api-keys.service';
import { WEBHOOK_CAP_REACHED, WEBHOOK_ENDPOINT_LIMIT } from '../webhooks/webhooks.service';

let app: TestApp;
let agent: Account;

beforeAll(async () => {
  // The webhooks' burst registers a loopback address (nothing is delivered to it).
  app = await startTestApp({}, { webhookAllowedHosts: ['127.0.0.1'] });
  agent = await app.createUser('agent');
});
afterAll(async () => {
  await app?.close();
});

describe('saved searches: at most 50 per buyer', () => {
  /** `count` saved searches of `userId` stored directly. */
  const fillers = (userId: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({ userId, name: `Stored ${i}`, criteria: { version: 2, search: '', sort: 'NEWEST', filter: {} }, locationTerm: '', frequency: 'off' as const }));

  it('55 concurrent saves from 49 stored end with exactly 50: one saved, 54 refused with the cap message', async () => {
    const buyer = await app.createUser('user');
    await app.db.savedSearch.createMany({ data: fillers(buyer.user.id, SAVED_SEARCH_LIMIT - 1) });
    const outcomes = await Promise.all(
      Array.from({ length: 55 }, (_, i) => app.graphql(operations.SaveSearch, { input: { name: `At once ${i}`, frequency: 'weekly', search: `Place ${i}` } }, buyer.idToken).then(graphqlOutcome)),
    );
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(refusalsOf(outcomes)).toEqual(Array(54).fill(`BAD_USER_INPUT: ${SAVED_SEARCH_CAP_REACHED}`));
    expect(await app.db.savedSearch.count({ where: { userId: buyer.user.id } })).toBe(SAVED_SEARCH_LIMIT);
  });

  it('the same through the service alone, where the 55 calls reach the database together (no HTTP handling spreads them out)', async () => {
    const buyer = await app.createUser('user');
    await app.db.savedSearch.createMany({ data: fillers(buyer.user.id, SAVED_SEARCH_LIMIT - 1) });
    const service = createSavedSearchesService({ db: app.db });
    const identity = { uid: buyer.user.firebaseUid, email: buyer.user.email, emailVerified: true, name: null, picture: null, signInProvider: 'password', expiresAt: new Date(Date.now() + 3600_000) };
    const caller = { identity, viewer: buyer.user, authError: null };
    const settled = await Promise.allSettled(Array.from({ length: 55 }, (_, i) => service.create(caller, { name: `Direct ${i}`, frequency: 'off', search: `Town ${i}` })));
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    // The service leaves a refusal of the database as it is; the API's one mapping (appErrorOfDatabaseError) words it.
    const refusals = settled.flatMap((result) => (result.status === 'rejected' ? [appErrorOfDatabaseError(result.reason) ?? result.reason] : []));
    expect(refusals.map((refusal) => `${refusal.code}: ${refusal.message}`)).toEqual(Array(54).fill(`BAD_USER_INPUT: ${SAVED_SEARCH_CAP_REACHED}`));
    expect(await app.db.savedSearch.count({ where: { userId: buyer.user.id } })).toBe(SAVED_SEARCH_LIMIT);
  });

  it('at the cap, saving the same search again still answers the stored one (it adds nothing)', async () => {
    const buyer = await app.createUser('user');
    const input = { name: 'Kept', frequency: 'daily' as const, search: 'Banani' };
    const kept = okData(await app.graphql(operations.SaveSearch, { input }, buyer.idToken)).saveSearch;
    await app.db.savedSearch.createMany({ data: fillers(buyer.user.id, SAVED_SEARCH_LIMIT - 1) });
    expect(okData(await app.graphql(operations.SaveSearch, { input }, buyer.idToken)).saveSearch.id).toBe(kept.id);
    expect(graphqlOutcome(await app.graphql(operations.SaveSearch, { input: { ...input, name: 'One more' } }, buyer.idToken))).toMatchObject({ code: 'BAD_USER_INPUT', message: SAVED_SEARCH_CAP_REACHED });
    expect(await app.db.savedSearch.count({ where: { userId: buyer.user.id } })).toBe(SAVED_SEARCH_LIMIT);
  });
});

// An integrator's script that makes keys, registers documents or endpoints in a loop
// of parallel calls: every call past the cap is told the cap, none waits for a
// connection until it answers 503, and the cap holds exactly.
describe('integrators: a burst of creations ends at the cap, each extra one told why', () => {
  const BURST = 40;

  it(`API keys: ${BURST} at once from none end with ${ACTIVE_API_KEY_LIMIT} working keys`, async () => {
    const owner = await app.createUser('agent');
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) => app.graphql(operations.CreateApiKey, { input: { name: `Burst ${i}`, scopes: ['listings:read'], expiresInDays: 30 } }, owner.idToken).then(graphqlOutcome)),
    );
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(refusalsOf(outcomes)).toEqual(Array(BURST - ACTIVE_API_KEY_LIMIT).fill(`CONFLICT: ${API_KEY_CAP_REACHED}`));
    expect(await app.db.apiKey.count({ where: { ownerId: owner.user.id } })).toBe(ACTIVE_API_KEY_LIMIT);
    expect(await app.db.apiKeyAuditEntry.count({ where: { apiKey: { ownerId: owner.user.id }, action: 'created' } })).toBe(ACTIVE_API_KEY_LIMIT);
  });

  it(`trusted documents: ${BURST} at once from ${TRUSTED_DOCUMENT_LIMIT - 10} end with ${TRUSTED_DOCUMENT_LIMIT}`, async () => {
    const owner = await app.createUser('agent');
    const { apiKey } = okData(await app.graphql(operations.CreateApiKey, { input: { name: 'Documents', scopes: ['listings:read'], expiresInDays: 30 } }, owner.idToken)).createApiKey;
    await app.db.trustedDocument.createMany({ data: Array.from({ length: TRUSTED_DOCUMENT_LIMIT - 10 }, (_, i) => ({ apiKeyId: apiKey.id, sha256: `stored-${i}`, document: `query Stored${i} { me { id } }` })) });
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) => app.graphql(operations.RegisterTrustedDocument, { apiKeyId: apiKey.id, document: `query Burst${i} { me { id } }` }, owner.idToken).then(graphqlOutcome)),
    );
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(refusalsOf(outcomes)).toEqual(Array(BURST - 10).fill(`CONFLICT: ${TRUSTED_DOCUMENT_CAP_REACHED}`));
    expect(await app.db.trustedDocument.count({ where: { apiKeyId: apiKey.id } })).toBe(TRUSTED_DOCUMENT_LIMIT);
  });

  it(`webhook endpoints: ${BURST} at once from none end with ${WEBHOOK_ENDPOINT_LIMIT}`, async () => {
    const owner = await app.createUser('agent');
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) => app.graphql(operations.CreateWebhookEndpoint, { input: { url: `http://127.0.0.1:9/hook-${i}`, events: ['listing.verified'] } }, owner.idToken).then(graphqlOutcome)),
    );
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(refusalsOf(outcomes)).toEqual(Array(BURST - WEBHOOK_ENDPOINT_LIMIT).fill(`CONFLICT: ${WEBHOOK_CAP_REACHED}`));
    expect(await app.db.webhookEndpoint.count({ where: { ownerId: owner.user.id } })).toBe(WEBHOOK_ENDPOINT_LIMIT);
  });
});

describe('messages: at most 10 a minute per sender', () => {
  it('15 concurrent messages store exactly 10; the other 5 are RATE_LIMITED with nothing stored', async () => {
    const property = await createListing(app, agent.user.id, { title: unique('Chatty') });
    const sender = await app.createUser('user');
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, (_, i) => app.graphql(operations.ContactAgent, { propertyId: property.id, body: `Message ${i}` }, sender.idToken).then(graphqlOutcome)),
    );
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(10);
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.code)).toEqual(Array(5).fill('RATE_LIMITED'));
    expect(await app.db.message.count({ where: { senderId: sender.user.id } })).toBe(10);
    // One conversation, whatever the interleaving of the first messages.
    expect(await app.db.conversation.count({ where: { propertyId: property.id, buyerId: sender.user.id } })).toBe(1);
  });
});

describe('photos: at most 20 per listing', () => {
  const photos = (tag: string, count = 20) => Array.from({ length: count }, (_, i) => `https://images.example.test/${tag}-${i}.jpg`);

  it('four updates replacing all 20 photos at once leave exactly 20, all from one of them (positions 0 to 19)', async () => {
    const property = await createListing(app, agent.user.id, { title: unique('Photogenic') });
    const tags = ['a', 'b', 'c', 'd'];
    const outcomes = await Promise.all(
      tags.map((tag) =>
        app
          .graphql(operations.UpdateProperty, { id: property.id, input: { title: property.title, location: property.location, priceMin: '1000', priceMax: '2000', photos: photos(tag) } }, agent.idToken)
          .then(graphqlOutcome),
      ),
    );
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(refusalsOf(outcomes)).toEqual([]);
    const stored = await app.db.propertyPhoto.findMany({ where: { propertyId: property.id }, orderBy: { position: 'asc' } });
    expect(stored.map((photo) => photo.position)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const tag = /\/(\w)-0\.jpg$/.exec(stored[0].url)![1];
    expect(stored.map((photo) => photo.url)).toEqual(photos(tag));
  });

  it('the database itself refuses a 21st photo (position 20), whatever writes it; the API answers BAD_USER_INPUT for it', async () => {
    const property = await createListing(app, agent.user.id, { title: unique('Full') });
    await app.db.propertyPhoto.createMany({ data: photos('full').map((url, position) => ({ propertyId: property.id, url, position })) });
    const refused = await app.db.propertyPhoto.create({ data: { propertyId: property.id, url: 'https://images.example.test/21.jpg', position: 20 } }).catch((error: unknown) => error);
    expect(appErrorOfDatabaseError(refused)).toMatchObject({ code: 'BAD_USER_INPUT', message: 'A listing has at most 20 photos.' });
    await expect(app.db.$executeRaw`INSERT INTO property_photos (id, property_id, position, url) VALUES (${randomUUID()}::uuid, ${property.id}::uuid, -1, 'x')`).rejects.toThrow(/property_photos_position_range/);
    expect(await app.db.propertyPhoto.count({ where: { propertyId: property.id } })).toBe(20);
    // Through the API, 21 photos are refused by the input check before any write.
    const input = { title: property.title, location: property.location, priceMin: '1000', priceMax: '2000', photos: photos('more', 21) };
    expect(graphqlOutcome(await app.graphql(operations.UpdateProperty, { id: property.id, input }, agent.idToken))).toMatchObject({ ok: false, code: 'BAD_USER_INPUT' });
  });
});
