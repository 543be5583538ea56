// The job queue on a real PostgreSQL (pg-boss): jobs queued inside a
// transaction exist only if it commits; a failing job is retried with backoff
// and, once out of retries, ends in the failed state, logged, while the other
// jobs of its queue complete; jobs are rows, so another worker process (here:
// a second queue on the same database) picks up what the first left behind.
import { createEventBus, type EventBus } from '../events/event-bus';
import { createLogger } from '../infra/logger';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { waitFor } from '../test/mailbox';
import { createJobQueue, jobHandler, jobKind, type JobQueue } from './job-queue';

const log = createLogger('silent');
let database: TestDatabase;
let events: EventBus;
const queues: JobQueue[] = [];

const flaky = jobKind<{ label: string; failures: number }>({ name: 'test-flaky', options: { retryLimit: 2, retryDelay: 1, retryBackoff: true } });
/** What the handler saw: label → attempts. */
const attempts = new Map<string, number>();
const logged: string[] = [];

async function startQueue(runWorkers: boolean) {
  const queue = createJobQueue({
    databaseUrl: database.url,
    log: { ...log, error: (details: { jobId?: string }) => logged.push(String(details.jobId)) } as never,
    runWorkers,
    events,
    pollingIntervalSeconds: 1,
  });
  queues.push(queue);
  await queue.start(
    [flaky],
    [
      jobHandler(flaky, async ({ label, failures }) => {
        const attempt = (attempts.get(label) ?? 0) + 1;
        attempts.set(label, attempt);
        if (attempt <= failures) throw new Error(`${label} fails (attempt ${attempt})`);
      }),
    ],
  );
  return queue;
}

beforeAll(async () => {
  database = await createTestDatabase();
  events = await createEventBus({ databaseUrl: database.url, log });
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await events?.close();
  await database?.drop();
});

const stateOf = async (queue: JobQueue, label: string) => (await queue.boss.findJobs<{ label: string }>(flaky.name, { data: { label } }))[0];

it('queues a job only when the transaction that queued it commits', async () => {
  const producer = await startQueue(false);
  await expect(
    database.db.$transaction(async (tx) => {
      await producer.enqueue(tx, flaky, [{ label: 'rolled-back', failures: 0 }]);
      throw new Error('rollback');
    }),
  ).rejects.toThrow('rollback');
  await database.db.$transaction((tx) => producer.enqueue(tx, flaky, [{ label: 'committed', failures: 0 }]));
  expect(await stateOf(producer, 'rolled-back')).toBeUndefined();
  expect((await stateOf(producer, 'committed'))?.state).toBe('created');
});

it('retries with backoff, fails a job for good after its retries, logs it, and completes the others meanwhile', async () => {
  const producer = queues[0];
  await database.db.$transaction((tx) =>
    producer.enqueue(tx, flaky, [
      { label: 'always-fails', failures: 99 },
      { label: 'fails-once', failures: 1 },
      { label: 'fine', failures: 0 },
    ]),
  );
  // The worker: a separate queue instance, as `npm run worker` would be.
  const worker = await startQueue(true);
  const settled = await waitFor(
    async () => {
      const jobs = await Promise.all(['committed', 'always-fails', 'fails-once', 'fine'].map((label) => stateOf(worker, label)));
      return jobs.every((job) => job && (job.state === 'completed' || job.state === 'failed')) ? jobs : undefined;
    },
    { timeoutMs: 60_000, what: 'every test job to settle' },
  );
  const [committed, alwaysFails, failsOnce, fine] = settled;
  expect([committed!.state, alwaysFails!.state, failsOnce!.state, fine!.state]).toEqual(['completed', 'failed', 'completed', 'completed']);
  // Three attempts (the first and two retries), then failed for good; retried once, then done.
  expect(attempts.get('always-fails')).toBe(3);
  expect(alwaysFails!.retryCount).toBe(2);
  expect(attempts.get('fails-once')).toBe(2);
  expect(attempts.get('fine')).toBe(1);
  expect(logged.filter((id) => id === alwaysFails!.id)).toHaveLength(3);
  // Its retries back off exponentially (the queue option every e-mail and matching job has too).
  expect(alwaysFails!.retryBackoff).toBe(true);
  expect(alwaysFails!.output).toMatchObject({ message: 'always-fails fails (attempt 3)' });
});
