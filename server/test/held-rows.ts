// Races made certain for concurrency tests: a test transaction holds rows
// locked while requests run into them, and lets go only once the requests wait
// on those locks (pg_stat_activity), so each request is inside its own
// transaction when the lock goes.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Prisma } from '../generated/prisma/client';
import type { Db } from '../db/client';

/** Database sessions (of this test's database) waiting on a lock now. */
async function sessionsWaitingOnLocks(db: Db): Promise<number> {
  const [{ n }] = await db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return n;
}

/**
 * Runs `lock` in a transaction (it takes row locks), then fires `requests`;
 * once `waiting` sessions queue behind the locks (10 s at most), runs `commit`
 * (if any) in the holding transaction and ends it. Resolves with what the
 * requests resolve with.
 */
export async function requestsAgainstHeldRows<T>(
  db: Db,
  { lock, commit, waiting, requests }: { lock(tx: Prisma.TransactionClient): Promise<unknown>; commit?(tx: Prisma.TransactionClient): Promise<unknown>; waiting: number; requests(): Promise<T> },
): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let lockTaken!: () => void;
  const locked = new Promise<void>((resolve) => (lockTaken = resolve));
  const holder = db.$transaction(
    async (tx) => {
      await lock(tx);
      lockTaken();
      await released;
      await commit?.(tx);
    },
    { timeout: 30_000 },
  );
  await Promise.race([locked, holder]);
  let fired: Promise<T> | undefined;
  try {
    fired = requests();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const n = await sessionsWaitingOnLocks(db);
      if (n >= waiting) break;
      if (Date.now() > deadline) throw new Error(`only ${n} of ${waiting} requests reached the lock`);
      await sleep(5);
    }
  } finally {
    release();
    await holder;
  }
  return fired;
}
