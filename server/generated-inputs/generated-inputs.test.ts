// Generated-input tests (fast-check): every Query and Mutation field of the
// schema and every REST route of the declarations gets requests whose inputs are
// drawn from their declared types, edge values included (empty, huge, negative,
// Unicode, NUL, dates at PostgreSQL's limits, garbage cursors and ids), sent by
// callers of every kind against one seeded app. Whatever is sent:
//   - no answer is a 5xx, and no GraphQL error is INTERNAL_SERVER_ERROR;
//   - a refused write (a mutation with errors, a REST write answered 4xx)
//     changed nothing: a checksum of every application table is the same after it.
//
// GENERATED_INPUT_SEED fixes the run (the seed used is printed: rerun with it to
// replay a failure); GENERATED_INPUT_RUNS is the total number of cases (10,000
// by default), shared out over the targets.
import fc from 'fast-check';
import pg from 'pg';
import { buildSchema } from '../graphql/schema';
import { apiRoutes } from '../domains';
import { encodeCursor } from '../shared/pagination';
import { createCast, createListing, createOffer, createReview, createUserRow, createWishlistItem, okData, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { signUp, verifiedLikeARealProject } from '../test/identity';
import { startTestApp, type TestApp } from '../test/test-app';
import { weighted, type KnownValues } from './edge-values';
import { graphqlTargets, type GraphqlTarget } from './graphql-cases';
import { restTargets, type RestRequest, type RestTarget } from './rest-cases';

const SEED = process.env.GENERATED_INPUT_SEED ? Number(process.env.GENERATED_INPUT_SEED) : Date.now() % 2 ** 31;
const TOTAL_RUNS = Number(process.env.GENERATED_INPUT_RUNS ?? 10_000);

const graphql = graphqlTargets(buildSchema());
const rest = restTargets(apiRoutes);
const RUNS_PER_TARGET = Math.ceil(TOTAL_RUNS / (graphql.length + rest.length));

/** The codes a caller may be answered with (shared/errors.ts), and GraphQL's own request errors. */
const CALLER_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'BAD_USER_INPUT', 'NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND']);

type CallerName = 'anonymous' | 'badToken' | 'fresh' | 'buyer' | 'otherBuyer' | 'agent' | 'otherAgent' | 'admin' | 'fraud';
const ROLE_CALLERS: Record<string, CallerName[]> = { user: ['buyer', 'otherBuyer'], agent: ['agent', 'otherAgent'], admin: ['admin'], fraud: ['fraud'] };
const ALL_CALLERS: CallerName[] = ['anonymous', 'badToken', 'fresh', 'buyer', 'otherBuyer', 'agent', 'otherAgent', 'admin', 'fraud'];

let app: TestApp;
let tokens: Record<CallerName, string | undefined>;
let known: KnownValues;
let checksumSql: string;
let checksumConnection: pg.Client;
let cases = 0;
/** Per target, how its cases were answered ("ok" or the error code): printed at the end, to show how deep the inputs got. */
const outcomes = new Map<string, Map<string, number>>();
const countOutcome = (target: string, outcome: string) => {
  const counts = outcomes.get(target) ?? new Map<string, number>();
  counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  outcomes.set(target, counts);
};

beforeAll(async () => {
  console.log(`generated inputs: seed ${SEED} (GENERATED_INPUT_SEED=${SEED} replays this run), ${RUNS_PER_TARGET} cases for each of ${graphql.length} GraphQL fields and ${rest.length} REST routes`);
  // Reads verified locally, writes with the provider's look-up, as a real project does;
  // no job workers, so that nothing changes the tables between a refused write and its check.
  app = await startTestApp({ wrapIdentity: verifiedLikeARealProject }, { jobWorkers: false });
  const cast = await createCast(app, ['agent', 'otherAgent', 'buyer', 'otherBuyer', 'admin', 'fraud']);
  const fresh = await signUp();
  tokens = {
    anonymous: undefined,
    badToken: 'not.a.token',
    fresh: fresh.idToken,
    ...(Object.fromEntries(Object.entries(cast).map(([name, account]) => [name, account.idToken])) as Record<keyof typeof cast, string>),
  };
  await seed(cast);
  known = await knownValues(cast);
  checksumSql = await tableChecksumSql();
  checksumConnection = new pg.Client({ connectionString: app.databaseUrl });
  await checksumConnection.connect();
}, 180_000);

afterAll(async () => {
  const lines = [...outcomes].map(([target, counts]) => `${target}: ${[...counts].map(([outcome, n]) => `${outcome} ${n}`).join(', ')}`);
  console.log(`generated inputs: ${cases} cases sent (seed ${SEED}), ${Math.round(checksumMs)} ms in checksums; answers per target:\n${lines.join('\n')}`);
  await checksumConnection?.end();
  await app?.close();
});

/** Records in every state the services tell apart, so that generated ids reach past "not found". */
async function seed(cast: Record<'agent' | 'otherAgent' | 'buyer' | 'otherBuyer' | 'admin' | 'fraud', Account>) {
  const { agent, otherAgent, buyer, otherBuyer, fraud } = cast;
  const listings = [];
  for (const data of [{}, {}, {}, { status: 'pending' as const }, { status: 'rejected' as const }, { isAdvertised: true }, { saleState: 'sold' as const }, { deletedAt: new Date() }]) {
    listings.push(await createListing(app, agent.user.id, data));
  }
  listings.push(await createListing(app, otherAgent.user.id, { floorArea: 120, areaUnit: 'sq_m', propertyType: 'house', bedrooms: 3 }));
  listings.push(await createListing(app, fraud.user.id));
  const [open, accepted, bought] = listings;
  await createOffer(app, open, buyer.user.id, 'pending');
  await createOffer(app, open, otherBuyer.user.id, 'pending', '1999.99');
  await createOffer(app, accepted, buyer.user.id, 'accepted');
  await createOffer(app, bought, otherBuyer.user.id, 'bought');
  for (const listing of listings.slice(0, 3)) {
    await createReview(app, listing.id, buyer.user.id);
    await createWishlistItem(app, listing.id, buyer.user.id);
  }
  okData(await app.graphql(operations.ContactAgent, { propertyId: open.id, body: 'Is it still available?' }, buyer.idToken));
  okData(await app.graphql(operations.SaveSearch, { input: { name: 'Banani', search: 'banani', frequency: 'instant' } }, buyer.idToken));
  okData(await app.graphql(operations.ReportListing, { input: { propertyId: listings[1].id, reason: 'wrong_price' } }, otherBuyer.idToken));
  // Accounts an admin's generated requests may promote, mark or delete (the callers' own records stay out of reach).
  for (const role of ['user', 'agent', 'agent', 'admin'] as const) await createUserRow(app, 'victim', { role });
}

async function knownValues(cast: Record<string, Account>): Promise<KnownValues> {
  const callerIds = new Set(Object.entries(cast).flatMap(([name, account]) => (name === 'admin' ? [] : [account.user.id])));
  const rows = await app.db.$queryRawUnsafe<Array<{ id: string }>>(
    ['users', 'properties', 'offers', 'reviews', 'wishlist_items', 'conversations', 'messages', 'notifications', 'saved_searches', 'listing_reports', 'property_photos'].map((table) => `SELECT id::text FROM ${table}`).join(' UNION ALL '),
  );
  const users = await app.db.user.findMany({ select: { email: true } });
  const newest = await app.db.property.findMany({ select: { id: true, createdAt: true, priceMin: true }, take: 3 });
  return {
    ids: rows.map((row) => row.id).filter((id) => !callerIds.has(id)),
    emails: users.map((user) => user.email),
    cursors: newest.flatMap((row) => [
      encodeCursor({ sort: 'NEWEST', value: row.createdAt.toISOString(), id: row.id }),
      encodeCursor({ sort: 'PRICE_ASC', value: row.priceMin.toFixed(2), id: row.id }),
      encodeCursor({ sort: 'RECENT', value: row.createdAt.toISOString(), id: row.id }),
    ]),
  };
}

/** One statement whose answer changes when any row of any application table does. */
async function tableChecksumSql(): Promise<string> {
  const tables = await app.db.$queryRawUnsafe<Array<{ name: string }>>(
    // Reads write the listing view counts (the details page counts a view): those tables are left out,
    // so that a checksum stays valid across reads.
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' AND table_name NOT LIKE 'listing_view_%' ORDER BY 1`,
  );
  // Per table, its row count and the sum of its rows' xmin (the transaction that wrote each row's
  // current version): an insert, update or delete changes one or the other, and it costs a scan of
  // the small tables here, not a text rendering of every row.
  const parts = tables.map(({ name }) => `SELECT '${name}' AS t, count(*) AS n, coalesce(sum(xmin::text::bigint), 0) AS h FROM "${name}"`);
  return `SELECT string_agg(t || ':' || n || ':' || h, ',' ORDER BY t) AS checksum FROM (${parts.join(' UNION ALL ')}) tables`;
}

let checksumMs = 0;
/** The checksum after the last write case, while no write has succeeded since (reads change nothing it covers). */
let lastChecksum: string | null = null;
/** The checksum before a write case. */
const checksumBefore = async () => lastChecksum ?? (lastChecksum = await tableChecksum());
/** After a write case: whether a refused one changed anything (a successful one makes the next case compute afresh). */
async function changedByRefusal(before: string, refused: boolean): Promise<boolean> {
  if (!refused) {
    lastChecksum = null;
    return false;
  }
  lastChecksum = await tableChecksum();
  return lastChecksum !== before;
}
const tableChecksum = async () => {
  const started = performance.now();
  // A prepared statement on a connection of its own: planned once, not once per case.
  const { rows } = await checksumConnection.query<{ checksum: string }>({ name: 'table-checksum', text: checksumSql });
  checksumMs += performance.now() - started;
  return rows[0].checksum;
};

/** Mostly callers the field or route admits (so inputs get judged), sometimes anyone. */
function callers(roles: string[], kind: 'public' | 'signedIn' | 'auth' | 'stripeSignature'): fc.Arbitrary<CallerName> {
  const admitted: CallerName[] =
    kind === 'auth' ? (roles.length ? roles.flatMap((role) => ROLE_CALLERS[role] ?? []) : ['buyer', 'agent', 'admin']) : kind === 'signedIn' ? ['buyer', 'agent', 'admin', 'fresh'] : ['anonymous', 'buyer'];
  return weighted<CallerName>([4, fc.constantFrom(...admitted)], [1, fc.constantFrom(...ALL_CALLERS)]);
}

/** Seeds per target, from the run's seed and the target's name (adding a target changes no other's cases). */
function seedOf(name: string): number {
  let hash = SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

async function runProperty<T>(name: string, arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>) {
  const seed = seedOf(name);
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      cases += 1;
      await check(value);
    }),
    // Shrinking replays requests against a database the failing case may have changed: off unless asked for.
    { numRuns: RUNS_PER_TARGET, seed, endOnFailure: process.env.GENERATED_INPUT_SHRINK !== '1' },
  );
  // fast-check's own report prints the whole counterexample (a generated string can be 70,000 characters).
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${name}: failed after ${details.numRuns} cases (seed ${seed}, path "${details.counterexamplePath}"; the run's GENERATED_INPUT_SEED=${SEED})\n${cause}`);
  }
}

// ---------------------------------------------------------------------------

describe('every GraphQL field, with generated arguments', () => {
  it.each(graphql.map((target) => [target.name, target] as const))('%s: never an internal error; a refused mutation changes nothing', async (_name, target: GraphqlTarget) => {
    await runProperty(target.name, fc.tuple(target.variables(known), callers(target.access.roles, target.access.kind)), async ([variables, caller]) => {
      const before = target.kind === 'mutation' ? await checksumBefore() : null;
      const answer = await app.graphqlText(target.document, variables, tokens[caller]);
      countOutcome(target.name, answer.errors?.[0]?.extensions?.code ?? 'ok');
      const problem = graphqlProblem(answer);
      // Refused: the request or the field itself failed. An error below it (a bad cursor of a nested
      // list) comes after the write was made, even when its null reaches the field.
      const refused = Boolean((answer.errors as Array<{ path?: unknown[] }> | undefined)?.some((error) => !error.path || error.path.length === 1));
      if (before !== null && (await changedByRefusal(before, refused)) && !problem) {
        throw new Error(`a refused mutation changed the database: ${JSON.stringify(answer.errors)}`);
      }
      if (problem) throw new Error(`${problem}\ncaller: ${caller}\nvariables: ${preview(variables)}`);
    });
  });
});

describe('every REST route, with generated path, query and body', () => {
  it.each(rest.map((target) => [target.name, target] as const))('%s: never a 5xx; a refused write changes nothing', async (_name, target: RestTarget) => {
    await runProperty(target.name, fc.tuple(target.requests(known), callers(target.route.access.kind === 'auth' ? [...target.route.access.roles] : [], target.route.access.kind)), async ([request, caller]) => {
      const before = target.isWrite ? await checksumBefore() : null;
      const answer = await send(request, tokens[caller]);
      countOutcome(target.name, answer.status < 400 ? 'ok' : String((answer.body as { code?: string } | null)?.code ?? answer.status));
      const problem = restProblem(answer);
      if (before !== null && (await changedByRefusal(before, answer.status >= 400)) && !problem) {
        throw new Error(`a refused write (${answer.status}) changed the database: ${preview(answer.body)}`);
      }
      if (problem) throw new Error(`${problem}\ncaller: ${caller}\nrequest: ${request.method} ${preview(request.path)} ${preview(request.body)}`);
    });
  });
});

// ---------------------------------------------------------------------------

function graphqlProblem(answer: { status: number; errors?: Array<{ message: string; extensions?: { code?: string } }> }): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}: ${preview(answer.errors)}`;
  const unexpected = answer.errors?.find((error) => !CALLER_CODES.has(error.extensions?.code ?? ''));
  return unexpected ? `error ${unexpected.extensions?.code ?? '(no code)'}: ${unexpected.message}` : null;
}

/** Refused by Node's HTTP server before the app sees the request: headers (the URL included) over 16 KB. */
const HTTP_SERVER_REFUSALS = new Set([431]);

function restProblem(answer: { status: number; body: unknown }): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}: ${preview(answer.body)}`;
  if (answer.status >= 400 && !HTTP_SERVER_REFUSALS.has(answer.status)) {
    const code = (answer.body as { code?: string } | null)?.code;
    if (!code || !CALLER_CODES.has(code)) return `HTTP ${answer.status} without a caller's error code: ${preview(answer.body)}`;
  }
  return null;
}

async function send({ method, path, body, signed }: RestRequest, token: string | undefined): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (signed && typeof body === 'string') headers['stripe-signature'] = app.signWebhook(body);
  else if (path.startsWith('/stripe')) headers['stripe-signature'] = 't=1,v1=00';
  return app.rest(method, `/api${path}`, { token, body, headers });
}

const preview = (value: unknown) => {
  const text = value instanceof FormData ? '[multipart]' : typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} characters)` : text;
};
