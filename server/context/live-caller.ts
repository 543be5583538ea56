// Live subscriptions outlive the request that opened them: before each event is
// delivered, the subscriber is checked again against the database (the account
// still exists, its role is still allowed, its API key is not revoked) and its token's or key's expiry, so a user who
// was deleted, demoted or marked as fraud stops receiving at the next event.
import type { Db } from '../db/client';
import type { Role, User as UserRecord } from '../generated/prisma/client';
import type { EventStream } from '../events/event-bus';
import { INVALID_API_KEY } from '../api-keys/api-key-credential';
import { AppError, forbidden, isAppError, unauthenticated } from '../shared/errors';
import { requireViewer, type Caller } from './caller';

export async function recheckSubscriber(db: Db, caller: Caller, roles: readonly Role[]): Promise<UserRecord> {
  const viewer = requireViewer(caller, roles);
  if (caller.identity && caller.identity.expiresAt.getTime() <= Date.now()) throw unauthenticated('Your session has expired. Please sign in again.');
  const fresh = await db.user.findUnique({ where: { id: viewer.id } });
  if (!fresh || fresh.firebaseUid !== viewer.firebaseUid) throw unauthenticated('Your account no longer exists.');
  if (!roles.includes(fresh.role)) throw forbidden('Your role no longer allows this.');
  if (caller.apiKey) {
    // A subscription opened with an API key ends once the key is revoked (or expires: identity.expiresAt above).
    const key = await db.apiKey.findUnique({ where: { id: caller.apiKey.id }, select: { revokedAt: true } });
    if (!key || key.revokedAt) throw unauthenticated(INVALID_API_KEY);
  }
  return fresh;
}

/**
 * A subscription's events for `caller`: first `initial` (the current state, so
 * a client, after a reconnect too, starts from the truth), then each event as
 * `load` turns it into an answer (undefined skips it), each delivered only
 * after the subscriber passed the check again. When it fails, the refusal is
 * delivered as the last event (the resolver throws it: the client sees a typed
 * error) and the stream ends. `stream` is listening before `initial` is read,
 * so nothing in between is missed.
 */
export async function* whileStillAllowed<E, T>(
  db: Db,
  caller: Caller,
  roles: readonly Role[],
  stream: EventStream<E>,
  initial: (viewer: UserRecord) => Promise<T>,
  load: (event: E, viewer: UserRecord) => Promise<T | undefined>,
): AsyncGenerator<T | AppError> {
  try {
    yield await initial(requireViewer(caller, roles));
    for await (const event of stream) {
      let viewer: UserRecord;
      try {
        viewer = await recheckSubscriber(db, caller, roles);
      } catch (error) {
        if (!isAppError(error)) throw error;
        yield error;
        return;
      }
      const value = await load(event, viewer);
      if (value !== undefined) yield value;
    }
  } finally {
    await stream.return();
  }
}

/** A subscription field's resolve: the event, or the refusal whileStillAllowed ended with. */
export function resolveLiveEvent<T>(event: T | AppError): T {
  if (event instanceof AppError) throw event;
  return event;
}
