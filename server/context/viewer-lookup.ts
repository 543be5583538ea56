// The caller's user record by the verified token's uid: read from the database,
// and kept per process between requests. Every change to a users row (role,
// fraud marking, profile, a new or deleted record) is announced by a trigger
// (migration 20261123200000_user_change_events) with pg_notify at commit, and
// every process drops its copy when the event arrives, so a role change or a
// fraud marking applies to the next request on every process.
// The cache is bypassed whenever the process's LISTEN connection is down (an
// event may be missed), and emptied when it comes back (both by
// events/invalidated-cache.ts). PostgreSQL signals the listeners when the
// change commits, but each listener's connection delivers the event on its own
// schedule; so a kept record is served only after a round trip on the LISTEN
// connection (InvalidatedCache.fresh), and a change committed before the
// request arrived is always seen.
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { createInvalidatedCache } from '../events/invalidated-cache';
import type { User as UserRecord } from '../generated/prisma/client';
import { unauthenticated } from '../shared/errors';

/** The user record a verified Firebase uid belongs to, or null when there is none (yet). */
export type ViewerLookup = (firebaseUid: string) => Promise<UserRecord | null>;

/** Refusal of a token whose account an admin deleted (it may verify until it expires). */
export const DELETED_ACCOUNT_MESSAGE = 'This account was deleted.';

/**
 * The record, or null for a caller not registered yet; a uid whose record an admin
 * deleted (revoked_identities) is refused outright, so its still-valid token can
 * neither read nor re-create a record. Only callers without a record pay the
 * second look-up (an index probe).
 */
export function databaseViewerLookup(db: Db): ViewerLookup {
  return async (firebaseUid) => {
    const viewer = await db.user.findUnique({ where: { firebaseUid } });
    if (viewer) return viewer;
    if (await db.revokedIdentity.findUnique({ where: { firebaseUid }, select: { firebaseUid: true } })) throw unauthenticated(DELETED_ACCOUNT_MESSAGE);
    return null;
  };
}

/** Entries kept at most: one user record each (a few hundred bytes), the least recently used go first. */
export const VIEWER_CACHE_ENTRIES = 10_000;

export interface CachedViewerLookup extends ViewerLookup {
  readonly size: number;
  stop(): void;
}

/** `lookup` with its answers kept (at most `maxEntries`) until the record changes. */
export function cachedViewerLookup(lookup: ViewerLookup, events: EventBus, { maxEntries = VIEWER_CACHE_ENTRIES } = {}): CachedViewerLookup {
  const kept = createInvalidatedCache<UserRecord>(events, {
    maxEntries,
    invalidatedBy: (event) => (event.type === 'user-changed' ? [event.firebaseUid] : null),
  });

  const cached = async (firebaseUid: string) => {
    const found = await kept.fresh(firebaseUid);
    if (found) return found;
    const mark = kept.mark();
    const viewer = await lookup(firebaseUid);
    // No record yet (mid-sign-up): not kept, so the record recordSignIn creates is seen at once.
    if (viewer) kept.set(firebaseUid, viewer, mark);
    return viewer;
  };
  return Object.defineProperties(cached, {
    size: { get: () => kept.size },
    stop: { value: kept.stop },
  }) as CachedViewerLookup;
}
