// Integrators' API keys: an agent or admin makes named keys with scopes and an
// expiry (at most a year), lists them, and revokes them. The secret leaves the
// server once, in createApiKey's answer; it is never stored, returned again or
// logged. Making, revoking and (sampled) using a key are audited in api_key_audit.
import { apiKeySchema, type ApiKeyScope } from '@opennest/common/validation/api-key';
import { requireViewer, type Caller } from '../context/caller';
import { lockAccount } from '../db/account-lock';
import type { Db } from '../db/client';
import type { ApiKey as ApiKeyRecord } from '../generated/prisma/client';
import { badInput, conflict, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { validateInput } from '../shared/validate';
import { newApiKey } from './api-key-credential';
import { apiKeysAccess } from './api-keys.access';

/** Keys that work at once (not revoked, not expired), per account. */
export const ACTIVE_API_KEY_LIMIT = 25;
export const API_KEY_CAP_REACHED = `You can have at most ${ACTIVE_API_KEY_LIMIT} working API keys. Revoke one first.`;
export const API_KEY_NOT_FOUND = 'API key not found.';
export const ADMIN_SCOPE_FOR_ADMINS = 'Only admins can give a key the admin scope.';
const LISTED_KEYS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreateApiKeyInput {
  name: unknown;
  scopes: unknown;
  expiresInDays: unknown;
}

export function createApiKeysService({ db }: { db: Db }) {
  return {
    async list(caller: Caller): Promise<ApiKeyRecord[]> {
      const viewer = requireViewer(caller, apiKeysAccess.apiKeys.roles);
      return db.apiKey.findMany({ where: { ownerId: viewer.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: LISTED_KEYS });
    },

    /** The cap is counted under the owner's lock (db/account-lock.ts), so concurrent creations take turns. */
    async create(caller: Caller, input: CreateApiKeyInput, clientIp: string | null): Promise<{ apiKey: ApiKeyRecord; secret: string }> {
      const viewer = requireViewer(caller, apiKeysAccess.createApiKey.roles);
      const { name, scopes, expiresInDays } = await validateInput(apiKeySchema, input);
      const uniqueScopes = [...new Set(scopes as ApiKeyScope[])];
      if (uniqueScopes.includes('admin') && viewer.role !== 'admin') throw badInput(ADMIN_SCOPE_FOR_ADMINS, { scopes: ADMIN_SCOPE_FOR_ADMINS });
      const { keyId, secretHash, key } = newApiKey();
      const apiKey = await db.$transaction(async (tx) => {
        await lockAccount(tx, viewer.id);
        const working = await tx.apiKey.count({ where: { ownerId: viewer.id, revokedAt: null, expiresAt: { gt: new Date() } } });
        if (working >= ACTIVE_API_KEY_LIMIT) throw conflict(API_KEY_CAP_REACHED);
        const made = await tx.apiKey.create({
          data: { keyId, ownerId: viewer.id, name, scopes: uniqueScopes, secretHash: Uint8Array.from(secretHash), expiresAt: new Date(Date.now() + expiresInDays * DAY_MS) },
        });
        await tx.apiKeyAuditEntry.create({ data: { apiKeyId: made.id, action: 'created', ip: clientIp } });
        return made;
      });
      return { apiKey, secret: key };
    },

    /** Compare-and-set: only a key not yet revoked is revoked (and audited); revoking again answers the revoked key. */
    async revoke(caller: Caller, rawId: string, clientIp: string | null): Promise<ApiKeyRecord> {
      const viewer = requireViewer(caller, apiKeysAccess.revokeApiKey.roles);
      const id = parseId(rawId, 'API key id');
      return db.$transaction(async (tx) => {
        const revoked = await tx.apiKey.updateMany({ where: { id, ownerId: viewer.id, revokedAt: null }, data: { revokedAt: new Date() } });
        if (revoked.count) await tx.apiKeyAuditEntry.create({ data: { apiKeyId: id, action: 'revoked', ip: clientIp } });
        const key = await tx.apiKey.findUnique({ where: { id } });
        // Someone else's key looks exactly like a missing one.
        if (!key || key.ownerId !== viewer.id) throw notFound(API_KEY_NOT_FOUND);
        return key;
      });
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
