// A per-process cache whose entries are dropped by events on the bus
// (event-bus.ts), for data every API process may change: a change commits,
// PostgreSQL delivers its event to every process's LISTEN connection, and each
// process drops what the event names. Both kept callers' records
// (context/viewer-lookup.ts) and kept public answers
// (graphql/public-answer-cache.ts) are built on it, so the rules that keep it
// correct live here once:
// - while the LISTEN connection is down (an event may be missed) nothing is
//   served or kept, and what was kept is dropped;
// - when it comes back (a `resync` event) everything is dropped;
// - a value read while an invalidation arrived may be stale and is not kept
//   (take a `mark()` before reading, hand it to `set`).
// Bounded by entries and (optionally) bytes, the least recently used going
// first, and (optionally) by age.
import type { AppEvent, EventBus } from './event-bus';

/** What an event drops: everything, the entries with these keys, or nothing. */
export type Invalidation = 'all' | string[] | null;

export interface InvalidatedCacheOptions {
  maxEntries: number;
  /** Total of the sizes given to `set`; unbounded when left out. */
  maxBytes?: number;
  /** How long an entry may be served at most (a safety net besides the events); forever when left out. */
  ttlMs?: number;
  /** Which entries `event` makes stale (`resync` always drops everything). */
  invalidatedBy(event: AppEvent): Invalidation;
  /** The clock (tests). */
  now?: () => number;
}

export interface InvalidatedCache<V> {
  /** The kept value, or undefined (also whenever events cannot be heard). */
  get(key: string): V | undefined;
  /**
   * The kept value once every change committed before the call has been heard
   * (EventBus.sync: a round trip on the LISTEN connection, shared by concurrent
   * callers), so a change another process made before this request arrived is
   * never answered with what it made stale.
   */
  fresh(key: string): Promise<V | undefined>;
  /** Taken before reading a value to keep: `set` keeps it only if nothing was invalidated since. */
  mark(): number;
  /**
   * `mark()` once every change committed before the call has been heard (the
   * same shared round trip as `fresh`): a change committed just before a miss is
   * then counted before the value is read, instead of arriving while it is read
   * and keeping it from being kept. For misses whose value is worth keeping
   * right after a change (public answers).
   */
  heardMark(): Promise<number>;
  /** Keeps `value` (of `bytes`, when the cache counts bytes) unless it may be stale; whether it was kept. */
  set(key: string, value: V, mark: number, bytes?: number): boolean;
  /** Whether anything can be kept now (false while the LISTEN connection is down). */
  usable(): boolean;
  readonly size: number;
  readonly bytes: number;
  /** Stops listening to the bus. */
  stop(): void;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expiresAt: number;
}

export function createInvalidatedCache<V>(events: EventBus, { maxEntries, maxBytes = Infinity, ttlMs = Infinity, invalidatedBy, now = Date.now }: InvalidatedCacheOptions): InvalidatedCache<V> {
  // Insertion order is recency order: a hit is moved to the end, the first entry is the oldest.
  const entries = new Map<string, Entry<V>>();
  let totalBytes = 0;
  // Bumped by every invalidation: a value read while one arrived may be stale and is not kept.
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  };
  const clear = () => {
    entries.clear();
    totalBytes = 0;
  };

  const stop = events.on((event) => {
    const dropped = event.type === 'resync' ? 'all' : invalidatedBy(event);
    if (!dropped) return;
    generation++;
    if (dropped === 'all') clear();
    else for (const key of dropped) remove(key);
  });

  const usable = () => {
    if (events.listening()) return true;
    if (entries.size) clear();
    return false;
  };

  const get = (key: string): V | undefined => {
    if (!usable()) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry.value;
  };

  return {
    get,
    async fresh(key) {
      if (get(key) === undefined) return undefined;
      const heard = await events.sync().then(
        () => true,
        () => false,
      );
      return heard ? get(key) : undefined;
    },
    mark: () => generation,
    async heardMark() {
      // Not heard (listener down): the mark is taken anyway, and `set` refuses while nothing is usable.
      await events.sync().catch(() => undefined);
      return generation;
    },
    set(key, value, mark, bytes = 0) {
      if (mark !== generation || !usable() || bytes > maxBytes) return false;
      remove(key);
      entries.set(key, { value, bytes, expiresAt: now() + ttlMs });
      totalBytes += bytes;
      while (entries.size > maxEntries || totalBytes > maxBytes) remove(entries.keys().next().value!);
      return true;
    },
    usable,
    get size() {
      return entries.size;
    },
    get bytes() {
      return totalBytes;
    },
    stop,
  };
}
