// A database outage under a steady load: an app process (server/main.ts, as `npm
// start` runs it) on a PostgreSQL cluster of this test's own, which the test
// stops for a while and starts again. While the database is down every API
// request (REST and GraphQL, reads and writes, anonymous and signed in) answers
// 503 SERVICE_UNAVAILABLE with Retry-After, in good time (a request that has no
// answer after 5 s counts as a hang); afterwards the same process serves again,
// without a restart, and every write it acknowledged is in the database.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../local-services/embedded-postgres';
import { createLogger } from '../infra/logger';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { signUp, uniqueEmail } from '../test/identity';

const OUTAGE_MS = 8_000;
/** An answer later than this is a hang (the bound). */
const ANSWER_BOUND_MS = 5_000;

type Phase = 'before' | 'stopping' | 'outage' | 'recovering' | 'after';
interface Outcome {
  kind: string;
  phase: Phase;
  status: number | 'no answer';
  code?: string;
  retryAfter?: string | null;
  /** The subscribed address, for acknowledged writes. */
  wrote?: string;
}

const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
let clusterDir: string;
let port: number;
let cluster: EmbeddedPostgresHandle;
let app: AppProcess;

beforeAll(async () => {
  clusterDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-outage-')), 'cluster');
  cluster = await startEmbeddedPostgres({ clusterDir, database: 'opennest', persistent: true, fast: false, log });
  port = Number(new URL(cluster.url).port);
  app = await startAppProcess({ databaseUrl: cluster.url, label: 'app on the stoppable database' });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await cluster?.stop().catch(() => undefined);
  if (clusterDir) await fs.rm(path.dirname(clusterDir), { recursive: true, force: true });
});

async function graphql(query: string, variables: Record<string, unknown>, token?: string) {
  return fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(ANSWER_BOUND_MS),
  });
}

it('answers 503 with Retry-After while the database is down, recovers without a restart, and loses no acknowledged write', async () => {
  const account = await signUp({ displayName: 'Olga Outage' });
  const recorded = await graphql('mutation { recordSignIn { id } }', {}, account.idToken);
  expect(recorded.status).toBe(200);

  let phase: Phase = 'before';
  const outcomes: Outcome[] = [];
  const requests: Array<{ kind: string; send(): Promise<{ response: Response; wrote?: string }> }> = [
    { kind: 'REST read', send: async () => ({ response: await fetch(`${app.url}/api/properties/advertised`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) }) }) },
    {
      kind: 'REST write',
      send: async () => {
        const email = uniqueEmail('outage-rest');
        const response = await fetch(`${app.url}/api/newsletter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
          signal: AbortSignal.timeout(ANSWER_BOUND_MS),
        });
        return { response, wrote: email };
      },
    },
    { kind: 'GraphQL read', send: async () => ({ response: await graphql('{ advertisedProperties { id } }', {}) }) },
    { kind: 'GraphQL signed-in read', send: async () => ({ response: await graphql('{ me { id } }', {}, account.idToken) }) },
    {
      kind: 'GraphQL write',
      send: async () => {
        const email = uniqueEmail('outage-graphql');
        return { response: await graphql('mutation($email: String!) { subscribeToNewsletter(email: $email) { email } }', { email }), wrote: email };
      },
    },
  ];

  const send = async (request: (typeof requests)[number]) => {
    const startedIn = phase;
    try {
      const { response, wrote } = await request.send();
      const body = (await response.json().catch(() => ({}))) as { code?: string; errors?: Array<{ extensions?: { code?: string } }> };
      const ok = response.status < 300 && !body.errors;
      // A request that began in one phase and ended in another proves nothing about either.
      if (startedIn !== phase) return;
      outcomes.push({
        kind: request.kind,
        phase: startedIn,
        status: response.status,
        code: body.code ?? body.errors?.[0]?.extensions?.code,
        retryAfter: response.headers.get('retry-after'),
        wrote: ok ? wrote : undefined,
      });
    } catch {
      if (startedIn === phase) outcomes.push({ kind: request.kind, phase: startedIn, status: 'no answer' });
    }
  };

  // A steady load: four clients, each sending the five kinds of request in turn.
  let running = true;
  const clients = [0, 1, 2, 3].map(async (offset) => {
    for (let i = offset; running; i++) await send(requests[i % requests.length]);
  });

  await new Promise((resolve) => setTimeout(resolve, 2_000));
  phase = 'stopping';
  await cluster.stop();
  phase = 'outage';
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  phase = 'recovering';
  const restartedAt = Date.now();
  cluster = await startEmbeddedPostgres({ clusterDir, database: 'opennest', persistent: true, fast: false, log, port });
  // Recovery: the same app process answers reads and writes again.
  let recoveredAt = 0;
  while (!recoveredAt) {
    const ready = await fetch(`${app.url}/readyz`).then((r) => r.status);
    const read = await fetch(`${app.url}/api/properties/advertised`).then((r) => r.status);
    if (ready === 200 && read === 200) {
      recoveredAt = Date.now();
      phase = 'after';
    }
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  running = false;
  await Promise.all(clients);

  const during = outcomes.filter((o) => o.phase === 'outage');
  const statusCounts = (list: Outcome[]) => list.reduce<Record<string, number>>((counts, o) => ({ ...counts, [String(o.status)]: (counts[String(o.status)] ?? 0) + 1 }), {});
  const acknowledged = outcomes.flatMap((o) => (o.wrote ? [o.wrote] : []));
  const check = new pg.Client({ connectionString: cluster.url });
  await check.connect();
  const present = await check.query<{ email: string }>('SELECT email FROM newsletter_subscriptions WHERE email = ANY($1)', [acknowledged]);
  await check.end();

  const figures = {
    outageSeconds: OUTAGE_MS / 1000,
    statusesBefore: statusCounts(outcomes.filter((o) => o.phase === 'before')),
    statusesDuringOutage: statusCounts(during),
    duringOutageByKind: Object.fromEntries(requests.map(({ kind }) => [kind, statusCounts(during.filter((o) => o.kind === kind))])),
    statusesWhileRecovering: statusCounts(outcomes.filter((o) => o.phase === 'recovering')),
    statusesAfter: statusCounts(outcomes.filter((o) => o.phase === 'after')),
    recoverySecondsAfterDatabaseStart: (recoveredAt - restartedAt) / 1000,
    writesAcknowledged: acknowledged.length,
    writesPresent: present.rowCount,
  };
  process.stdout.write(`\nDatabase outage figures: ${JSON.stringify(figures, null, 2)}\n`);

  expect(during.length).toBeGreaterThan(20);
  // Every kind of request was refused the same way: 503, SERVICE_UNAVAILABLE, Retry-After; none hung, none was a 500.
  for (const { kind } of requests) expect(during.filter((o) => o.kind === kind).length).toBeGreaterThan(0);
  expect(during.filter((o) => o.status !== 503)).toEqual([]);
  expect(during.filter((o) => o.code !== 'SERVICE_UNAVAILABLE' || o.retryAfter !== '5')).toEqual([]);
  // Served normally before and after (the same process: no restart).
  expect(outcomes.filter((o) => (o.phase === 'before' || o.phase === 'after') && o.status !== 200 && o.status !== 201)).toEqual([]);
  // While it goes and comes back, a request is either served or refused the same way, never a 500.
  expect(outcomes.filter((o) => (o.phase === 'stopping' || o.phase === 'recovering') && ![200, 201, 503].includes(o.status as number))).toEqual([]);
  expect(outcomes.filter((o) => o.phase === 'after').length).toBeGreaterThan(5);
  // Every acknowledged write is there.
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(present.rows.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
}, 120_000);
