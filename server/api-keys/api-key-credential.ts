// An integrator's API key as a credential (the third kind, beside Firebase ID
// tokens and the session cookie; context/caller.ts decides which one a request
// presented). A key reads `onk_<key id>_<secret>`: the prefix lets secret
// scanners find leaked keys, the key id finds the row, and only the secret's
// SHA-256 is stored (256 random bits: a fast hash cannot be reversed or guessed).
// Every request reads the key and its owner from the database, so a revocation,
// an expiry or the owner's demotion applies to the next request on every process.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@opennest/common/validation/api-key';
import type { ApiKeyVerifier } from '../context/caller';
import type { Db } from '../db/client';
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

/** Records a use: the last use and address, and a `used` audit row, at most once a minute per key and address (sampled). */
async function recordUse(db: Db, key: { id: string; lastUsedAt: Date | null; lastUsedIp: string | null }, ip: string | null): Promise<void> {
  if (key.lastUsedAt && key.lastUsedIp === ip && Date.now() - key.lastUsedAt.getTime() < USE_AUDIT_INTERVAL_MS) return;
  // Conditional, so two processes seeing the same stale use audit it once.
  await db.$executeRaw`
    WITH used AS (
      UPDATE api_keys SET last_used_at = now(), last_used_ip = ${ip}
      WHERE id = ${key.id}::uuid
        AND (last_used_at IS NULL OR last_used_ip IS DISTINCT FROM ${ip} OR last_used_at < now() - ${`${USE_AUDIT_INTERVAL_MS} milliseconds`}::interval)
      RETURNING id
    )
    INSERT INTO api_key_audit (id, api_key_id, action, ip) SELECT gen_random_uuid(), id, 'used', ${ip} FROM used`;
}

export function databaseApiKeyVerifier(db: Db): ApiKeyVerifier {
  return async (presented, clientIp) => {
    const parsed = parseApiKey(presented);
    if (!parsed) throw unauthenticated(INVALID_API_KEY);
    const key = await db.apiKey.findUnique({ where: { keyId: parsed.keyId }, include: { owner: true } });
    const matches = key !== null && timingSafeEqual(key.secretHash, hashSecret(parsed.secret));
    if (!key || !matches || key.revokedAt || key.expiresAt.getTime() <= Date.now()) throw unauthenticated(INVALID_API_KEY);
    if (!KEY_HOLDER_ROLES.includes(key.owner.role)) throw forbidden(KEY_OWNER_NOT_ALLOWED);
    await recordUse(db, key, clientIp ?? null);
    const { owner } = key;
    return {
      identity: { uid: owner.firebaseUid, email: owner.email, emailVerified: true, name: owner.name, picture: owner.image, signInProvider: 'apiKey', expiresAt: key.expiresAt },
      viewer: owner,
      apiKey: { id: key.id, keyId: key.keyId, scopes: key.scopes as ApiKeyScope[] },
    };
  };
}
