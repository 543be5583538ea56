// Graceful shutdown on SIGTERM, on the real entry point (server/main.ts as a
// process): /readyz says 503 (draining) at once, a request already in flight
// (held back by a table lock the test holds) still gets its answer, and the
// process then closes its pool and exits 0; with two HTTP workers too.
import pg from 'pg';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { startTestApp, type TestApp } from '../test/test-app';

let a: TestApp;
let b: AppProcess | undefined;

beforeAll(async () => {
  a = await startTestApp();
}, 60_000);
afterAll(async () => {
  await b?.stop();
  await a?.close();
});

// API_PROCESSES=2: the primary passes SIGTERM on to both HTTP workers, each drains, then it exits 0.
it.each(['1', '2'])('drains on SIGTERM (API_PROCESSES=%s): readyz 503, the in-flight request answered, exit code 0', async (apiProcesses) => {
  b = await startAppProcess({ databaseUrl: a.databaseUrl, env: { JOB_WORKERS: 'off', SHUTDOWN_DRAIN_DELAY_MS: '1500', API_PROCESSES: apiProcesses }, label: 'app to stop' });
  const url = b.url;
  expect((await fetch(`${url}/readyz`)).status).toBe(200);

  const locker = new pg.Client({ connectionString: a.databaseUrl });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE properties IN ACCESS EXCLUSIVE MODE');
    const inFlight = fetch(`${url}/api/properties/advertised`);
    // Wait until the app's query is queued behind the lock: the request is in flight.
    for (;;) {
      const { rows } = await locker.query<{ waiting: number }>(
        "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND pid <> pg_backend_pid()",
      );
      if (rows[0].waiting > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const stopped = b.stop();
    let readiness = 0;
    while (readiness !== 503) {
      readiness = (await fetch(`${url}/readyz`)).status;
      if (readiness !== 503) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const draining = await fetch(`${url}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining', message: 'Shutting down.' });

    await locker.query('COMMIT');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(Array.isArray(await answer.json())).toBe(true);

    expect(await stopped).toEqual({ code: 0, signal: null });
    b = undefined;
    // Nothing listens any more.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  } finally {
    await locker.end();
  }
}, 90_000);
