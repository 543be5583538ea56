// `kill -9` of an HTTP worker (node:cluster, server/infra/http-workers.ts) in the
// middle of writes under load, on the real entry point with API_PROCESSES=2:
// every write the app acknowledged is in the database afterwards, the primary
// forks a new worker, and the requests that fail are those in flight at the
// kill (a connection reset, never an HTTP 5xx).
//
// One exception, measured and left to a decision (docs/input-bounds-and-faults.md):
// node:cluster's round-robin primary hands a new connection to a worker it has not
// yet seen exit (it learns of the SIGKILL a few milliseconds later), and a
// connection handed over so is never answered nor closed: the client waits for its
// own timeout. Runs here hit it with a request sent 2 ms after the kill. With
// cluster.SCHED_NONE (the kernel hands out connections) no request after the kill
// failed, but sequential connections then mostly go to one worker
// (http-workers.test.ts's two-worker check failed one run in two), so the
// scheduling policy is unchanged and such requests are allowed here, within
// HANDOFF_RACE_MS of the kill, and counted.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { waitFor } from '../test/mailbox';
import { startTestApp, type TestApp } from '../test/test-app';

let a: TestApp;
let cluster: AppProcess | undefined;

beforeAll(async () => {
  // App A only provides the database (and reads it afterwards).
  a = await startTestApp();
  cluster = await startAppProcess({ databaseUrl: a.databaseUrl, env: { JOB_WORKERS: 'off', API_PROCESSES: '2' }, label: 'app with two HTTP workers' });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await a?.close();
});

/** How soon after the kill a connection may still be handed to the dead worker (the primary sees the exit within milliseconds; generous for a busy machine). */
const HANDOFF_RACE_MS = 1_000;
/** The clients' own timeout: a connection handed to the dead worker is never answered. */
const CLIENT_TIMEOUT_MS = 10_000;

interface Sent {
  email: string;
  startedAt: number;
  /** The HTTP status, or the connection error's code. */
  outcome: number | string;
  pid?: number;
}

/** One POST /api/newsletter on a connection of its own (the cluster hands out connections, not requests). */
function subscribe(url: string, email: string): Promise<Sent> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const request = http.request(`${url}/api/newsletter`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' }, timeout: CLIENT_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('end', () => resolve({ email, startedAt, outcome: response.statusCode ?? 0, pid: Number(response.headers['x-opennest-pid']) }));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ email, startedAt, outcome: error.code ?? error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ email, startedAt, outcome: error.code ?? error.message }));
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.end(JSON.stringify({ email }));
  });
}

it('loses no acknowledged write when a worker is killed with SIGKILL under load; the worker is forked again and only in-flight requests fail', async () => {
  const app = cluster!;
  const sent: Sent[] = [];
  let stopLoad = false;
  const CLIENTS = 6;
  // Six clients, each writing one subscription after another until told to stop.
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let n = 0; !stopLoad; n += 1) sent.push(await subscribe(app.url, `load-${client}-${n}-${randomBytes(3).toString('hex')}@example.test`));
  });

  // Once writes are flowing through both workers, kill one of them.
  const victim = await waitFor(async () => {
    const pids = new Set(sent.filter((s) => s.outcome === 201).map((s) => s.pid));
    return pids.size === 2 && sent.length >= 40 ? [...pids][0] : undefined;
  }, { timeoutMs: 60_000, what: 'writes answered by both workers' });
  const killedAt = performance.now();
  process.kill(victim!, 'SIGKILL');

  // The primary forks a replacement: a third process answers, beside the survivor.
  await waitFor(async () => {
    const pids = new Set(sent.filter((s) => s.outcome === 201 && s.startedAt > killedAt).map((s) => s.pid));
    return pids.size === 2 && !pids.has(victim) ? true : undefined;
  }, { timeoutMs: 60_000, what: 'two workers answering again, neither the killed one' });
  // Some more writes on both workers, then stop.
  const countAfterRestart = sent.length;
  await waitFor(async () => (sent.length >= countAfterRestart + 20 ? true : undefined), { timeoutMs: 60_000, what: 'writes after the restart' });
  stopLoad = true;
  await Promise.all(clients);

  // A write succeeded (201), or its connection was cut by the kill. The one other answer allowed is a
  // clean 503 (a database connection not had within 3 s on a busy machine: nothing stored, retry).
  expect(sent.filter((s) => typeof s.outcome === 'number' && s.outcome !== 201 && s.outcome !== 503)).toEqual([]);
  const cut = sent.filter((s) => typeof s.outcome === 'string' && s.startedAt <= killedAt);
  const handedToTheDead = sent.filter((s) => typeof s.outcome === 'string' && s.startedAt > killedAt);
  // Requests in flight at the kill: each client had at most one.
  expect(cut.length).toBeLessThanOrEqual(CLIENTS);
  // Sent after it: answered, but for the round-robin hand-over race above (unanswered, right after the kill).
  const unexplained = handedToTheDead.filter((s) => s.outcome !== 'TIMEOUT' || s.startedAt - killedAt > HANDOFF_RACE_MS);
  expect(unexplained.map((s) => ({ outcome: s.outcome, msAfterKill: Math.round(s.startedAt - killedAt) }))).toEqual([]);
  console.log(
    `worker kill: ${sent.length} writes sent, ${cut.length} in flight and cut (${cut.map((s) => s.outcome).join(', ')}), ` +
      `${handedToTheDead.length} sent after the kill and handed to the dead worker, ${sent.filter((s) => s.outcome === 503).length} answered 503`,
  );

  // Every acknowledged write is stored.
  const acknowledged = sent.filter((s) => s.outcome === 201).map((s) => s.email);
  const stored = await a.db.newsletterSubscription.findMany({ where: { email: { in: acknowledged } }, select: { email: true } });
  expect(stored.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
  expect(app.logs()).toContain('HTTP worker exited');
}, 180_000);
