// An integrator's API key as a credential (the third kind, beside Firebase ID
// tokens and the session cookie; context/caller.ts decides which one a request
// presented). A key reads `onk_<key id>_<secret>`: the prefix lets secret
// scanners find leaked keys, the key id finds the row, and only the secret's
// SHA-256 is stored (256 random bits: a fast hash cannot be reversed or guessed).
// A key costs no more than an ID token: each process keeps the keys it has
// verified, as it keeps callers' records (context/viewer-lookup.ts), and drops
// its copy when the key's row changes (the `api-key-changed` event a trigger
// raises at commit, migration 20261128110000_api_key_change_events); the
// owner's record comes from that same kept-callers lookup, dropped when the
// owner's row changes. Both are served only after a round trip on the LISTEN
// connection (InvalidatedCache.fresh), so a revocation, an expiry or the
// owner's demotion committed before a request arrives applies to it, on every
// process. A miss reads the key with its owner's uid in one statement.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@opennest/common/validation/api-key';
import type { ApiKeyVerifier } from '../context/caller';
import type { ViewerLookup } from '../context/viewer-lookup';
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { createInvalidatedCache } from '../events/invalidated-cache';
import type { Role } from '../generated/prisma/client';
import type { ApiKeyScope } from '@opennest/common/validation/api-key';
import { forbidden, unauthenticated } from '../shared/errors';

/** The one refusal of a key that is unknown, revoked, expired or mistyped: nothing says which. */
export const INVALID_API_KEY = 'This API key is not valid.';
/** A key whose owner is no longer an agent or admin (demoted, marked as fraud). */
export const KEY_OWNER_NOT_ALLOWED = 'The owner of this API key may no longer use API keys.';
/** Who may hold keys; an owner of another role keeps its keys, which do nothing. */
export const KEY_HOLDER_ROLES: readonly Role[] = ['agent', 'admin'];

const KEY_ID_LENGTH = 12;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([a-z0-9]{${KEY_ID_LENGTH}})_([A-Za-z0-9_-]{43})$`);
/** A use is audited (and the last use recorded) at most this often per key and address. */
export const USE_AUDIT_INTERVAL_MS = 60_000;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

/** A new key: what is stored (key id, hash) and the whole key, shown once. */
export function newApiKey(): { keyId: string; secretHash: Buffer; key: string } {
  const keyId = Array.from(randomBytes(KEY_ID_LENGTH), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');
  const secret = randomBytes(32).toString('base64url');
  return { keyId, secretHash: hashSecret(secret), key: `${API_KEY_PREFIX}${keyId}_${secret}` };
}

export function parseApiKey(key: string): { keyId: string; secret: string } | null {
  const match = KEY_PATTERN.exec(key);
  return match ? { keyId: match[1], secret: match[2] } : null;
}

/** What a process keeps of a verified key (never the secret: only its hash). */
interface KeptKey {
  id: string;
  keyId: string;
  scopes: string[];
  secretHash: Uint8Array;
  expiresAt: Date;
  revokedAt: Date | null;
  ownerFirebaseUid: string;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
}

/** Keys kept at most per process (a few hundred bytes each), the least recently used going first. */
export const API_KEY_CACHE_ENTRIES = 10_000;

/** The key and its owner's uid, in one statement. */
async function readKey(db: Db, keyId: string): Promise<KeptKey | null> {
  const [row] = await db.$queryRaw<KeptKey[]>`
    SELECT k.id::text AS id, k.key_id AS "keyId", k.scopes, k.secret_hash AS "secretHash", k.expires_at AS "expiresAt",
           k.revoked_at AS "revokedAt", k.last_used_at AS "lastUsedAt", k.last_used_ip AS "lastUsedIp", u.firebase_uid AS "ownerFirebaseUid"
    FROM api_keys k JOIN users u ON u.id = k.owner_id
    WHERE k.key_id = ${keyId}`;
  return row ?? null;
}

/**
 * Records uses, sampled: at most once per USE_AUDIT_INTERVAL_MS per key and
 * address in a process (remembered here, so a kept key's uses cost no
 * statement), and once across processes (the write is conditional on the row's
 * last use, so two processes seeing a stale use audit it once).
 */
function useRecorder(db: Db, maxEntries: number) {
  const recordedAt = new Map<string, number>();
  const remember = (slot: string, at: number) => {
    recordedAt.delete(slot);
    recordedAt.set(slot, at);
    while (recordedAt.size > maxEntries) recordedAt.delete(recordedAt.keys().next().value!);
  };
  return {
    /** What the row says of the last use (read on a miss): a process that just started need not write it again. */
    seed(key: KeptKey) {
      const slot = `${key.id}|${key.lastUsedIp}`;
      if (key.lastUsedAt && key.lastUsedAt.getTime() > (recordedAt.get(slot) ?? 0)) remember(slot, key.lastUsedAt.getTime());
    },
    async record(key: KeptKey, ip: string | null) {
      const slot = `${key.id}|${ip}`;
      const last = recordedAt.get(slot);
      if (last !== undefined && Date.now() - last < USE_AUDIT_INTERVAL_MS) return;
      remember(slot, Date.now());
      await db.$executeRaw`
        WITH used AS (
          UPDATE api_keys SET last_used_at = now(), last_used_ip = ${ip}
          WHERE id = ${key.id}::uuid
            AND (last_used_at IS NULL OR last_used_ip IS DISTINCT FROM ${ip} OR last_used_at < now() - ${`${USE_AUDIT_INTERVAL_MS} milliseconds`}::interval)
          RETURNING id
        )
        INSERT INTO api_key_audit (id, api_key_id, action, ip) SELECT gen_random_uuid(), id, 'used', ${ip} FROM used`;
    },
  };
}

export interface KeptApiKeyVerifier extends ApiKeyVerifier {
  readonly size: number;
  stop(): void;
}

/**
 * Verifies keys against what this process keeps (see the top of this file);
 * `viewers` is the app's kept-callers lookup, which reads the owner's record
 * as it is now. Unknown keys are never kept.
 */
export function databaseApiKeyVerifier(db: Db, { events, viewers, maxEntries = API_KEY_CACHE_ENTRIES }: { events: EventBus; viewers: ViewerLookup; maxEntries?: number }): KeptApiKeyVerifier {
  const kept = createInvalidatedCache<KeptKey>(events, {
    maxEntries,
    invalidatedBy: (event) => (event.type === 'api-key-changed' ? [event.keyId] : null),
  });
  const uses = useRecorder(db, maxEntries);

  const keyOf = async (keyId: string): Promise<KeptKey | null> => {
    const found = await kept.fresh(keyId);
    if (found) return found;
    const mark = kept.mark();
    const key = await readKey(db, keyId);
    if (key) {
      uses.seed(key);
      kept.set(keyId, key, mark);
    }
    return key;
  };

  const verify: ApiKeyVerifier = async (presented, clientIp) => {
    const parsed = parseApiKey(presented);
    if (!parsed) throw unauthenticated(INVALID_API_KEY);
    const key = await keyOf(parsed.keyId);
    const matches = key !== null && timingSafeEqual(key.secretHash, hashSecret(parsed.secret));
    if (!key || !matches || key.revokedAt || key.expiresAt.getTime() <= Date.now()) throw unauthenticated(INVALID_API_KEY);
    // The owner's record as it is now (a deleted owner's keys are deleted with it).
    const owner = await viewers(key.ownerFirebaseUid);
    if (!owner) throw unauthenticated(INVALID_API_KEY);
    if (!KEY_HOLDER_ROLES.includes(owner.role)) throw forbidden(KEY_OWNER_NOT_ALLOWED);
    await uses.record(key, clientIp ?? null);
    return {
      identity: { uid: owner.firebaseUid, email: owner.email, emailVerified: true, name: owner.name, picture: owner.image, signInProvider: 'apiKey', expiresAt: key.expiresAt },
      viewer: owner,
      apiKey: { id: key.id, keyId: key.keyId, scopes: key.scopes as ApiKeyScope[] },
    };
  };
  return Object.defineProperties(verify, {
    size: { get: () => kept.size },
    stop: { value: kept.stop },
  }) as KeptApiKeyVerifier;
}
