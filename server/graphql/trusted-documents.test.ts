// Trusted documents through the real app: app B, a server/main.ts process with
// GRAPHQL_TRUSTED_DOCUMENTS=on, beside app A (in this test's process, every
// document allowed) on one database, where the fixtures sign up the cast. On B the
// web client's own operations run, as the client sends them (with __typename
// fields, whatever the spacing), by text or by automatic persisted query; any
// other document is refused with one clear error before it runs, on HTTP and on
// the WebSocket; a document an integrator registered against its key runs with
// that key only; registering is validated, owner-only and capped.
import { createHash } from 'node:crypto';
import { parse, print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { createListing, errorOf, okData, unique, type Account } from '../test/fixtures';
import { startTwoAppsWithCast } from '../test/fixtures';
import type { AppProcess } from '../test/app-process';
import * as operations from '../test/generated/graphql';
import { subscribe } from '../test/live';
import type { TestApp } from '../test/test-app';
import { withTypenames } from '../web/first-screen';
import { API_KEY_NOT_FOUND, KEY_NOT_WORKING, TRUSTED_DOCUMENT_CAP_REACHED, TRUSTED_DOCUMENT_LIMIT, TRUSTED_DOCUMENT_MAX_LENGTH } from '../api-keys/api-keys.service';
import { projectRoot } from '../config';
import { documentIdentity, loadClientManifest, untrustedDocumentMessage } from './trusted-documents';

let app: TestApp;
let trusted: AppProcess;
let agent: Account, otherAgent: Account;
let stopBoth: () => Promise<void>;

beforeAll(async () => {
  ({ a: app, b: trusted, cast: { agent, otherAgent }, stopBoth } = await startTwoAppsWithCast(['agent', 'otherAgent'], { GRAPHQL_TRUSTED_DOCUMENTS: 'on' }));
}, 120_000);
afterAll(() => stopBoth?.());

const manifest = loadClientManifest(projectRoot);
/** A client operation's manifest text, by its first line. */
const clientOperation = (firstLine: string) => {
  const found = Object.values(manifest).find((text) => text.startsWith(firstLine));
  if (!found) throw new Error(`no client operation starts with ${firstLine}`);
  return found;
};
/** As Apollo Client sends a document: __typename in every selection but the root's, printed by graphql-js. */
const asClientSends = (text: string) => print(withTypenames(parse(text)));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function post(body: object, token?: string): Promise<{ status: number; json: { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> } }> {
  const response = await fetch(`${trusted.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as never };
}

const ADVERTISED = () => clientOperation('query AdvertisedProperties');
const MY_IDS = 'query MyIds { myProperties(first: 5) { nodes { id title } } }';

describe('the web client’s operations', () => {
  it('run as the client sends them, and as written in the manifest', async () => {
    const sent = await post({ query: asClientSends(ADVERTISED()), operationName: 'AdvertisedProperties' });
    expect(sent.json.errors).toBeUndefined();
    expect(sent.json.data.advertisedProperties).toBeDefined();
    const mine = await post({ query: asClientSends(clientOperation('query MyProperties(')), variables: { first: 5 } }, agent.idToken);
    expect(mine.json.errors).toBeUndefined();
  });

  it('run by automatic persisted query: the hash alone, PERSISTED_QUERY_NOT_FOUND, then hash and document, then the hash alone', async () => {
    const query = asClientSends(ADVERTISED());
    const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(query) } };
    expect((await post({ extensions })).json.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await post({ query, extensions });
    expect(registered.json.errors).toBeUndefined();
    const byHash = await post({ extensions });
    expect(byHash.json.errors).toBeUndefined();
    expect(byHash.json.data).toEqual(registered.json.data);
  });
});

describe('any other document', () => {
  it('is refused before it runs with BAD_USER_INPUT and a clear message, by text and by persisted query', async () => {
    // The client's operation with one more field is another document.
    const widened = ADVERTISED().replace('title', 'title description');
    const refused = await post({ query: widened });
    expect(refused.status).toBe(400);
    expect(refused.json.data).toBeUndefined();
    expect(refused.json.errors).toEqual([{ message: untrustedDocumentMessage('AdvertisedProperties'), extensions: { code: 'BAD_USER_INPUT' } }]);
    const anonymous = await post({ query: '{ advertisedProperties { id } }' });
    expect(anonymous.json.errors?.[0]).toMatchObject({ message: untrustedDocumentMessage(undefined), extensions: { code: 'BAD_USER_INPUT' } });

    // A mutation not trusted changes nothing.
    const before = await app.db.property.count();
    const add = await post({ query: 'mutation { addProperty(input: { title: "Untrusted", location: "Dhaka", image: "https://images.example.test/u.jpg", priceMin: "1", priceMax: "2" }) { id } }' }, agent.idToken);
    expect(add.json.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await app.db.property.count()).toBe(before);

    const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(widened) } };
    expect((await post({ extensions })).json.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await post({ query: widened, extensions })).json.errors?.[0]?.message).toBe(untrustedDocumentMessage('AdvertisedProperties'));
    const again = await post({ extensions });
    expect(again.json.data).toBeUndefined();
    // Refused, the document was not kept under its hash: the hash alone stays unknown.
    expect(again.json.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('is refused on the WebSocket too, where the client’s own subscription runs', async () => {
    const ownText = asClientSends(clientOperation('subscription MessageEvents'));
    const own = await subscribe(trusted.url, agent.idToken, parse(ownText) as TypedDocumentNode<unknown, never>);
    // The tests' own MessageEvents selects other fields than the client's: not trusted.
    const other = await subscribe(trusted.url, agent.idToken, operations.MessageEvents);
    try {
      expect(other.initial.errors?.[0]).toMatchObject({ message: untrustedDocumentMessage('MessageEvents'), extensions: { code: 'BAD_USER_INPUT' } });
      // The client's own one was accepted (its current state first), and receives the next event: a buyer writes to the agent.
      const buyer = await app.createUser('user');
      const listing = await createListing(app, agent.user.id, { title: unique('Trusted live') });
      okData(await app.graphql(operations.ContactAgent, { propertyId: listing.id, body: 'Is it still available?' }, buyer.idToken));
      expect(own.initial.errors).toBeUndefined();
      const next = await own.next(20_000);
      expect(next.errors).toBeUndefined();
      expect((next.data as { messageEvents: { message: { body: string } } }).messageEvents.message.body).toBe('Is it still available?');
    } finally {
      await own.close();
      await other.close();
    }
  });
});

describe('documents registered against a key', () => {
  const makeKey = async (account: Account) =>
    okData(await app.graphql(operations.CreateApiKey, { input: { name: unique('Trusted'), scopes: ['listings:read'], expiresInDays: 30 } }, account.idToken)).createApiKey;

  it('run with that key only, once registered (by the owner’s ID token, with the integrators’ registering operation), and are listed to the owner', async () => {
    const { secret, apiKey } = await makeKey(agent);
    const { secret: otherKeyOfOwner } = await makeKey(agent);
    expect((await post({ query: MY_IDS }, secret)).json.errors?.[0]?.message).toBe(untrustedDocumentMessage('MyIds'));

    const register = async (document: string) => (await post({ query: print(operations.RegisterTrustedDocument), variables: { apiKeyId: apiKey.id, document } }, agent.idToken)).json;
    const registered = (await register(MY_IDS)).data.registerTrustedDocument;
    expect(registered).toMatchObject({ sha256: documentIdentity(parse(MY_IDS)).hash, operationNames: ['MyIds'] });
    // Registering again changes nothing.
    expect((await register(`${MY_IDS}\n`)).data.registerTrustedDocument.createdAt).toBe(registered.createdAt);

    const byKey = await post({ query: MY_IDS }, secret);
    expect(byKey.json.errors).toBeUndefined();
    expect(byKey.json.data.myProperties.nodes).toEqual(expect.any(Array));
    // Not for the owner's token, nor for the owner's other key.
    expect((await post({ query: MY_IDS }, agent.idToken)).json.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await post({ query: MY_IDS }, otherKeyOfOwner)).json.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // Cost limits and scopes still apply to it: a registered write needs the key's write scope.
    const write = 'mutation Del($id: ID!) { deleteProperty(id: $id) { id } }';
    expect((await register(write)).errors).toBeUndefined();
    // The owner lists them (another account's key looks missing).
    const listed: Array<{ sha256: string; document: string; operationNames: string[] }> = (await post({ query: print(operations.TrustedDocuments), variables: { apiKeyId: apiKey.id } }, agent.idToken)).json.data.trustedDocuments;
    expect(listed.map((entry) => entry.operationNames).sort()).toEqual([['Del'], ['MyIds']]);
    expect(listed.find((entry) => entry.sha256 === registered.sha256)?.document).toBe(documentIdentity(parse(MY_IDS)).canonical);
    expect(errorOf(await app.graphql(operations.TrustedDocuments, { apiKeyId: apiKey.id }, otherAgent.idToken))).toMatchObject({ message: API_KEY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
    expect((await post({ query: write, variables: { id: '00000000-0000-0000-0000-000000000000' } }, secret)).json.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses a document that is not valid against the schema, another’s key, a revoked key, a key, and past the cap', async () => {
    const { secret, apiKey } = await makeKey(agent);
    const register = (document: string, id = apiKey.id, token = agent.idToken) => app.graphql(operations.RegisterTrustedDocument, { apiKeyId: id, document }, token);
    expect(errorOf(await register('query { nope }'))).toMatchObject({ message: expect.stringMatching(/^The document is not valid: Cannot query field "nope"/), extensions: { code: 'BAD_USER_INPUT' } });
    expect(errorOf(await register('query {'))).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(errorOf(await register('fragment F on Property { id }'))).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(errorOf(await register(`query Long { me { id } } # ${'x'.repeat(TRUSTED_DOCUMENT_MAX_LENGTH)}`))).toMatchObject({ message: 'The document is not valid: it is longer than 20,000 characters.', extensions: { code: 'BAD_USER_INPUT' } });
    expect(errorOf(await register(MY_IDS, apiKey.id, otherAgent.idToken))).toMatchObject({ message: API_KEY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
    // A key cannot register documents (no scope opens it).
    expect(errorOf(await register(MY_IDS, apiKey.id, secret))?.extensions?.code).toBe('FORBIDDEN');

    const { apiKey: revoked } = await makeKey(agent);
    okData(await app.graphql(operations.RevokeApiKey, { id: revoked.id }, agent.idToken));
    expect(errorOf(await register(MY_IDS, revoked.id))).toMatchObject({ message: KEY_NOT_WORKING, extensions: { code: 'BAD_USER_INPUT' } });

    await app.db.trustedDocument.createMany({
      data: Array.from({ length: TRUSTED_DOCUMENT_LIMIT }, (_, index) => ({ apiKeyId: apiKey.id, sha256: `filler-${index}`, document: `query Q${index} { me { id } }` })),
    });
    expect(errorOf(await register(MY_IDS))).toMatchObject({ message: TRUSTED_DOCUMENT_CAP_REACHED, extensions: { code: 'CONFLICT' } });
    expect(await app.db.trustedDocument.count({ where: { apiKeyId: apiKey.id } })).toBe(TRUSTED_DOCUMENT_LIMIT);
  });
});
