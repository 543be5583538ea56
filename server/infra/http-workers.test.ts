// `npm start` with API_PROCESSES=2, on the real entry point (server/main.ts as a
// process): two HTTP worker processes answer on the one port, a subscription
// held by one of them gets the events of messages sent through both (events go
// through PostgreSQL), and SIGTERM stops the primary and its workers with exit 0.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { createCast, createListing, okData, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { subscribe } from '../test/live';
import { startTestApp, type TestApp } from '../test/test-app';

let a: TestApp;
let cluster: AppProcess | undefined;
let agent: Account, buyer: Account;

beforeAll(async () => {
  a = await startTestApp();
  ({ agent, buyer } = await createCast(a, ['agent', 'buyer']));
  cluster = await startAppProcess({ databaseUrl: a.databaseUrl, env: { JOB_WORKERS: 'off', API_PROCESSES: '2' }, label: 'app with two HTTP workers' });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await a?.close();
});

/** One request on a connection of its own (the cluster hands out connections, not requests); its answer and the pid that served it. */
function request(url: string, { method = 'GET', token, body }: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; pid: number; json: any }> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { method, agent: false, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, pid: Number(response.headers['x-opennest-pid']), json: text ? JSON.parse(text) : null }));
    });
    sent.on('error', reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The processes that answer six health checks, each on a connection of its own (all answered 200). */
async function servingPids(url: string): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < 6; i += 1) {
    const answer = await request(`${url}/healthz`);
    expect(answer.status).toBe(200);
    pids.add(answer.pid);
  }
  return pids;
}

it('answers from two worker processes, fans events out between them, and exits 0 on SIGTERM', async () => {
  const app = cluster!;
  const pids = await servingPids(app.url);
  expect(pids.size).toBe(2);
  expect(pids.has(app.pid)).toBe(false);

  // A conversation, then the buyer's live messages on one of the workers.
  const property = await createListing(a, agent.user.id);
  const { conversation } = okData(await a.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Is it still available?' }, buyer.idToken)).contactAgent;
  const live = await subscribe(app.url, buyer.idToken, operations.MessageEvents);
  try {
    // Two replies on two new connections: one worker each, so at least one is not the subscription's.
    const sendMessage = 'mutation($conversationId: ID!, $body: String!) { sendMessage(conversationId: $conversationId, body: $body) { id } }';
    const replies = [];
    for (const body of ['Yes, it is.', 'Come and see it.']) {
      replies.push(await request(`${app.url}/graphql`, { method: 'POST', token: agent.idToken, body: { query: sendMessage, variables: { conversationId: conversation.id, body } } }));
    }
    expect(replies.map((reply) => reply.json.errors)).toEqual([undefined, undefined]);
    expect(new Set(replies.map((reply) => reply.pid)).size).toBe(2);
    const delivered = [await live.next(), await live.next()].map((event) => event.data?.messageEvents.message?.body);
    expect(delivered).toEqual(['Yes, it is.', 'Come and see it.']);
  } finally {
    await live.close();
  }

  expect(await app.stop()).toEqual({ code: 0, signal: null });
  cluster = undefined;
  await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
}, 90_000);

it('forks a worker that crashed during start-up again, with the restart delay, and the start succeeds', async () => {
  // Loaded into every process through NODE_OPTIONS, this module makes the first worker
  // to start exit at once (it leaves a marker file); later workers and the primary start normally.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-worker-crash-'));
  const marker = path.join(dir, 'crashed');
  const crashOnce = path.join(dir, 'crash-first-worker.mjs');
  await fs.writeFile(
    crashOnce,
    `import cluster from 'node:cluster';
import fs from 'node:fs';
if (cluster.isWorker) {
  let first = true;
  try { fs.writeFileSync(${JSON.stringify(marker)}, String(process.pid), { flag: 'wx' }); } catch { first = false; }
  if (first) process.exit(3);
}
`,
  );
  const crashing = await startAppProcess({
    databaseUrl: a.databaseUrl,
    env: { JOB_WORKERS: 'off', API_PROCESSES: '2', NODE_OPTIONS: `--import ${pathToFileURL(crashOnce).href}` },
    label: 'app whose first HTTP worker crashes at start',
  });
  try {
    const crashedPid = Number(await fs.readFile(marker, 'utf8'));
    expect(crashing.logs()).toContain('HTTP worker failed to start; starting another');
    // Both slots serve, neither by the crashed process.
    const pids = await servingPids(crashing.url);
    expect(pids.size).toBe(2);
    expect(pids.has(crashedPid)).toBe(false);
  } finally {
    expect(await crashing.stop()).toEqual({ code: 0, signal: null });
    await fs.rm(dir, { recursive: true, force: true });
  }
}, 90_000);
