// Automatic persisted queries (issue 22, trusted documents, first part): a
// client may send only the sha256 of a document; an unknown hash asks for the
// document once (PERSISTED_QUERY_NOT_FOUND), after which the hash alone runs
// it. Apollo Server keeps the documents per process (a miss on another process
// costs one more round trip, as the protocol expects); a hash that does not
// match its document is refused.
import { createHash } from 'node:crypto';
import { startTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
beforeAll(async () => (app = await startTestApp()));
afterAll(() => app?.close());

const QUERY = 'query AdvertisedIds { advertisedProperties { id } }';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function post(body: object): Promise<{ status: number; json: { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> } }> {
  const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as never };
}

it('runs a document by its sha256 once it was sent with it', async () => {
  const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(QUERY) } };
  const miss = await post({ extensions });
  expect(miss.json.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  const registered = await post({ query: QUERY, extensions });
  expect(registered.json.errors).toBeUndefined();
  const byHash = await post({ extensions });
  expect(byHash.json.errors).toBeUndefined();
  expect(byHash.json.data).toEqual(registered.json.data);
});

it('refuses a hash that is not its document’s', async () => {
  const wrong = await post({ query: QUERY, extensions: { persistedQuery: { version: 1, sha256Hash: sha256('something else') } } });
  expect(wrong.status).toBe(400);
  expect(wrong.json.errors?.[0]).toMatchObject({ message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST' } });
});
