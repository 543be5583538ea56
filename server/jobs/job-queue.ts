// Background jobs on PostgreSQL with pg-boss: e-mail, the digests, saved-search
// matching. Jobs that must exist exactly when a change commits are queued
// inside that change's transaction (pg-boss runs its INSERT on the Prisma
// transaction through `fromPrisma`), so a rolled-back change leaves no job and
// a committed one always has it. Retries back off exponentially; a job that
// keeps failing ends in pg-boss's `failed` state, logged, while the queue goes
// on with the others. Jobs are rows, so they survive restarts.
import { PgBoss, fromPrisma, type Job, type QueueOptions } from 'pg-boss';
import type { Logger } from '../infra/logger';
import { raiseEvents, type AppEvent, type EventBus, type SqlExecutor } from '../events/event-bus';

/** A Prisma transaction client (or the client itself): what jobs are queued on. */
export type JobExecutor = SqlExecutor & { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> };

/** A kind of job, typed by its data: declared once, by the domain that queues it. */
export interface JobKind<Data extends object> {
  name: string;
  /** Retries, backoff, expiry: pg-boss queue options, kept by the queue. */
  options: Omit<QueueOptions, 'retryDelayMax'>;
  /** A cron expression (UTC): pg-boss queues one job each time it comes round. */
  schedule?: string;
  /** Jobs of this kind one worker process runs at once (2 unless said): more for jobs that mostly wait on someone else. */
  concurrency?: number;
  /** Carries the data type only. */
  readonly data?: Data;
}

export const jobKind = <Data extends object>(kind: Omit<JobKind<Data>, 'data'>): JobKind<Data> => kind;

/** What runs a kind's jobs (in a process that works them). */
export interface JobHandler<Data extends object = object> {
  kind: JobKind<Data>;
  handle(data: Data, job: Job<Data>): Promise<void>;
}

export const jobHandler = <Data extends object>(kind: JobKind<Data>, handle: (data: Data, job: Job<Data>) => Promise<void>): JobHandler =>
  ({ kind, handle }) as unknown as JobHandler;

export interface JobQueueOptions {
  databaseUrl: string;
  log: Logger;
  /** Work the jobs in this process (and turn cron schedules into jobs); otherwise only queue them. */
  runWorkers: boolean;
  /** The event bus wakes workers when a job is queued (polling stays as the floor). */
  events?: EventBus;
  /** Connections of pg-boss's own pool. */
  maxConnections?: number;
  /** How often idle workers look for jobs (seconds). */
  pollingIntervalSeconds?: number;
}

export interface JobQueue {
  /** Creates (or updates) the queues and, with runWorkers, starts the handlers and schedules. */
  start(kinds: Array<JobKind<object>>, handlers: JobHandler[]): Promise<void>;
  /** Queues jobs inside the caller's transaction: they exist if and only if it commits. */
  enqueue<Data extends object>(tx: JobExecutor, kind: JobKind<Data>, items: Data[]): Promise<void>;
  /** The underlying pg-boss (tests and operators read job states with it). */
  boss: PgBoss;
  stop(): Promise<void>;
}

export function createJobQueue({ databaseUrl, log, runWorkers, events, maxConnections = 3, pollingIntervalSeconds = 2 }: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: maxConnections,
    application_name: runWorkers ? 'opennest-workers' : 'opennest-jobs',
    // Processes that work jobs also turn cron schedules into jobs and expire stuck ones.
    schedule: runWorkers,
    supervise: runWorkers,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const workerIds = new Map<string, string[]>();
  let stopWaking: (() => void) | undefined;
  let started = false;

  async function work(handlers: JobHandler[]) {
    for (const { kind, handle } of handlers) {
      const { name, schedule, concurrency = 2 } = kind;
      let id = '';
      id = await boss.work<object>(name, { pollingIntervalSeconds, localConcurrency: concurrency }, async ([job]) => {
        try {
          await handle(job.data, job);
        } catch (error) {
          // pg-boss retries it (with backoff) until its retry limit, then marks it failed.
          log.error({ err: error, queue: name, jobId: job.id, attempt: job.retryCount + 1 }, 'job failed');
          throw error;
        } finally {
          // A worker that found a job looks for the next one at once instead of waiting out the polling
          // interval (pg-boss waits it after every fetch): a backlog (10,000 webhook deliveries) drains at
          // the handlers' speed, not at 2 jobs per interval. An empty fetch returns it to polling.
          boss.notifyWorker(id);
        }
      });
      workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
      if (schedule) await boss.schedule(name, schedule, {}, { tz: 'UTC' });
    }
    stopWaking = events?.on((event) => {
      if (event.type === 'job') for (const id of workerIds.get(event.queue) ?? []) boss.notifyWorker(id);
    });
    log.info({ queues: handlers.map((h) => h.kind.name) }, 'job workers running');
  }

  return {
    boss,
    async start(kinds, handlers) {
      await boss.start();
      started = true;
      for (const { name, options } of kinds) {
        if (await boss.getQueue(name)) await boss.updateQueue(name, options);
        else await boss.createQueue(name, options);
      }
      if (runWorkers) await work(handlers);
    },

    async enqueue(tx, kind, items) {
      if (!items.length) return;
      if (!started) throw new Error('The job queue is not started.');
      await boss.insert(kind.name, items.map((data) => ({ data })), { db: fromPrisma(tx) });
      await raiseEvents(tx, [{ type: 'job', queue: kind.name } satisfies AppEvent]);
    },

    async stop() {
      stopWaking?.();
      await boss.stop({ graceful: true, timeout: 10_000, close: true }).catch((error: unknown) => log.warn({ err: error }, 'job queue stop failed'));
    },
  };
}

/** Installs (or migrates) pg-boss's schema in a database, as starting a queue would. */
export async function installJobQueueSchema(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 1, schedule: false, supervise: false, registerInstance: false });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
