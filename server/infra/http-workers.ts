// HTTP worker processes behind one port (node:cluster), to use every core:
// the primary forks them, each listens on the same port (the primary hands the
// connections out round-robin) and tells the primary its URL over IPC once it
// serves. They share nothing but the database: callers' records, public
// answers and live events are kept per process and kept right through
// PostgreSQL (events/event-bus.ts), rate limits are counted in PostgreSQL.
// Used by `npm start` (API_PROCESSES, server/main.ts) and the benchmark's app
// (BENCH_APP_PROCESSES, bench/app-server.ts).
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

export interface HttpWorkers {
  /** Where they all listen. */
  url: string;
  /** SIGTERM to each (each drains its requests), resolved once all have exited; none is restarted any more. */
  stop(): Promise<void>;
}

export interface HttpWorkersOptions {
  count: number;
  /** Environment variables of the workers, besides the primary's own. */
  env?: Record<string, string>;
  log: Logger;
  /**
   * Fork a worker again when one exits on its own (after a delay doubling with
   * each exit in a row, up to 30 s), during the start too: a worker that exits
   * before it serves is forked again with the same delays, up to
   * START_ATTEMPTS times, before the start fails.
   */
  restart?: boolean;
}

/** A worker up this long has recovered: the next exit waits the shortest delay again. */
const HEALTHY_AFTER_MS = 60_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** Forks of one worker slot during the start before the start fails (a worker that can never start, e.g. bad configuration). */
export const START_ATTEMPTS = 5;

/** How long to wait before forking again after `exitsInARow` exits in a row. */
const restartDelay = (exitsInARow: number) => Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (exitsInARow - 1));

/** Forks `count` workers (this process must be the cluster's primary) and resolves once all serve. */
export async function startHttpWorkers({ count, env = {}, log, restart = true }: HttpWorkersOptions): Promise<HttpWorkers> {
  let stopping = false;
  let exitsInARow = 0;
  const restartTimers = new Set<NodeJS.Timeout>();

  const fork = () =>
    new Promise<{ worker: Worker; url: string }>((resolve, reject) => {
      const worker = cluster.fork(env);
      const startedAt = Date.now();
      let ready = false;
      worker.on('message', (message: { type?: string; url?: string }) => {
        if (ready || message?.type !== 'ready' || !message.url) return;
        ready = true;
        resolve({ worker, url: message.url });
      });
      worker.once('exit', (code, signal) => {
        if (!ready) return reject(new Error(`an HTTP worker exited (${signal ?? `code ${code}`}) before it was ready`));
        if (stopping || !restart) return;
        log.error({ pid: worker.process.pid, code, signal }, 'HTTP worker exited');
        scheduleRestart(startedAt);
      });
    });

  function scheduleRestart(startedAt: number) {
    exitsInARow = Date.now() - startedAt > HEALTHY_AFTER_MS ? 1 : exitsInARow + 1;
    const delay = restartDelay(exitsInARow);
    log.warn({ restartInMs: delay }, 'starting another HTTP worker');
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (stopping) return;
      const restartedAt = Date.now();
      fork().then(
        ({ worker }) => log.info({ pid: worker.process.pid }, 'HTTP worker restarted'),
        (error: unknown) => {
          log.error({ err: error }, 'HTTP worker restart failed');
          if (!stopping) scheduleRestart(restartedAt);
        },
      );
    }, delay);
    restartTimers.add(timer);
  }

  /** A worker slot at start: forked again after the restart delay while it exits before serving. */
  const forkServing = async (): Promise<{ worker: Worker; url: string }> => {
    for (let failures = 1; ; failures += 1) {
      try {
        return await fork();
      } catch (error) {
        if (!restart || stopping || failures >= START_ATTEMPTS) throw error;
        const delay = restartDelay(failures);
        log.error({ err: error, restartInMs: delay }, 'HTTP worker failed to start; starting another');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            restartTimers.delete(timer);
            resolve();
          }, delay);
          restartTimers.add(timer);
        });
        if (stopping) throw error;
      }
    }
  };

  const stop = async () => {
    stopping = true;
    for (const timer of restartTimers) clearTimeout(timer);
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };

  try {
    const started = await Promise.all(Array.from({ length: count }, forkServing));
    const urls = new Set(started.map(({ url }) => url));
    if (urls.size !== 1) throw new Error(`the HTTP workers listen on different addresses: ${[...urls].join(', ')}`);
    log.info({ pids: started.map(({ worker }) => worker.process.pid) }, `${count} HTTP workers serving`);
    return { url: started[0].url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
