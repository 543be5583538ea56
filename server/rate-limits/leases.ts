// Counting a shared limit locally: each process leases points from the shared
// counter (rate-limiter-flexible's store: PostgreSQL, or Redis/Valkey) in blocks
// and spends them without asking the store again, so a caller's requests cost
// one store write per block instead of one per request.
//
// The store never grants more than the limit: a lease it can only partly grant
// takes what is left (the rest is given back at once), so the points accepted
// across all processes in one window never exceed the limit. The price is the
// other way round: points another process leased and has not spent are not
// available here, so a caller may be refused up to (processes - 1) x
// (lease - 1) points early (they are spent when its requests reach the other
// processes, or given back when those stop). Once the store has refused a
// process, it refuses that caller itself until the window ends, without asking
// the store again.
//
// A lease belongs to the store's window it was taken in: when the window ends
// the store's count starts afresh and what was left of the lease is dropped (it
// is not given back: the count it was taken from is gone). A process that stops
// gives back what it leased and did not spend, in windows still running.
import { RateLimiterRes } from 'rate-limiter-flexible';

/** What a lease needs of the shared counter (rate-limiter-flexible's stores have it). */
export interface SharedCounter {
  /** Adds `points`; resolves when the count stays within the limit, else rejects with the count (RateLimiterRes) or the store's error. */
  consume(key: string, points: number): Promise<RateLimiterRes>;
  /** Takes `points` off the count. */
  reward(key: string, points: number): Promise<RateLimiterRes>;
}

/**
 * Points leased at a time for a limit of `points`: a tenth of the limit, at
 * most 100, so at most a tenth of a caller's limit sits unspent in each other
 * process (the default GraphQL limit of 1,200 leases 100: one store write per
 * 100 operations of a busy caller; 60 leases 6). Limits under 20 lease one
 * point: each request asks the store, as before leasing (they are writes, or
 * rare: messages, sign-ins, anonymous writes).
 */
export function leaseSize(points: number): number {
  return Math.min(100, Math.max(1, Math.floor(points / 10)));
}

export interface LeasedLimit {
  /** Spends `points` of `key`'s limit: null when accepted, else the milliseconds before the window ends. */
  take(key: string, points: number): Promise<number | null>;
  /** Gives back every unspent lease of a window that is still running (when the process stops). */
  giveBack(): Promise<void>;
  /** Keys with a lease held here (tests, memory). */
  readonly size: number;
  stop(): void;
}

interface Lease {
  /** Points leased and not spent. */
  remaining: number;
  /** When the store's window ends (at the latest): the lease is worthless from then on. */
  endsAt: number;
  /** The store refused part of a lease: nothing more is asked of it before `endsAt`. */
  exhausted: boolean;
  /** The lease being taken, which concurrent requests for the key wait for. */
  leasing?: Promise<void>;
}

/** A lease ending sooner than this is not given back: the store's window may have started afresh by the time it arrives. */
const GIVE_BACK_MARGIN_MS = 1_000;
/** How often leases of ended windows are forgotten. */
const SWEEP_INTERVAL_MS = 10_000;

export function leasedLimit(store: SharedCounter, { points: limit, seconds, lease: block = leaseSize(limit), now = Date.now }: { points: number; seconds: number; lease?: number; now?: () => number }): LeasedLimit {
  if (block === 1) return countedInStore(store);
  const windowMs = seconds * 1000;
  const leases = new Map<string, Lease>();
  const live = (lease: Lease) => lease.endsAt > now();

  async function takeLease(key: string, lease: Lease, wanted: number): Promise<void> {
    // The window's end is counted from before the store was asked, so it never falls after the store's.
    const askedAt = now();
    let answer: RateLimiterRes;
    let granted = wanted;
    try {
      answer = await store.consume(key, wanted);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      answer = refusal;
      // The store added all of `wanted`: what fitted under the limit is granted, the rest given back.
      granted = Math.min(wanted, Math.max(0, limit - (answer.consumedPoints - wanted)));
      await store.reward(key, wanted - granted);
    }
    const endsAt = askedAt + Math.max(0, answer.msBeforeNext);
    // The same window as the lease held (its end moved by no more than the store's latency), or a new one.
    const sameWindow = live(lease) && endsAt < lease.endsAt + windowMs / 2;
    lease.remaining = (sameWindow ? lease.remaining : 0) + granted;
    lease.endsAt = endsAt;
    lease.exhausted = granted < wanted;
  }

  const sweep = () => {
    for (const [key, lease] of leases) if (!live(lease) && !lease.leasing) leases.delete(key);
  };
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  sweeper.unref();

  return {
    async take(key, points) {
      for (;;) {
        let lease = leases.get(key);
        if (!lease) {
          lease = { remaining: 0, endsAt: 0, exhausted: false };
          leases.set(key, lease);
        }
        if (live(lease) && lease.remaining >= points) {
          lease.remaining -= points;
          return null;
        }
        if (lease.leasing) {
          await lease.leasing;
          continue;
        }
        if (live(lease) && lease.exhausted) return lease.endsAt - now();
        const held = live(lease) ? lease.remaining : 0;
        const current = lease;
        current.leasing = takeLease(key, current, Math.max(block, points - held)).finally(() => (current.leasing = undefined));
        await current.leasing;
      }
    },
    async giveBack() {
      const returns = [...leases].filter(([, lease]) => lease.remaining > 0 && lease.endsAt - now() > GIVE_BACK_MARGIN_MS);
      leases.clear();
      await Promise.all(returns.map(([key, lease]) => store.reward(key, lease.remaining)));
    },
    get size() {
      return leases.size;
    },
    stop: () => clearInterval(sweeper),
  };
}

/** One point at a time: every request is counted in the store, as without leases (nothing is held here). */
function countedInStore(store: SharedCounter): LeasedLimit {
  return {
    async take(key, points) {
      try {
        await store.consume(key, points);
        return null;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return refusal.msBeforeNext;
      }
    },
    giveBack: async () => undefined,
    size: 0,
    stop: () => undefined,
  };
}
