// Integrators' API keys: an agent or admin makes named keys with scopes and an
// expiry (at most a year), lists them, and revokes them. The secret leaves the
// server once, in createApiKey's answer; it is never stored, returned again or
// logged. Making, revoking and (sampled) using a key are audited in api_key_audit.
import { apiKeySchema, type ApiKeyScope } from '@opennest/common/validation/api-key';
import { GraphQLError, Kind, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { requireViewer, type Caller } from '../context/caller';
import { lockAccount } from '../db/account-lock';
import type { Db } from '../db/client';
import type { ApiKey as ApiKeyRecord } from '../generated/prisma/client';
import { badInput, conflict, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { validateInput } from '../shared/validate';
import { documentIdentity, type RegisteredDocumentLookup } from '../graphql/trusted-documents';
import { MAX_TOKENS } from '../graphql/operation-pipeline';
import { newApiKey } from './api-key-credential';
import { apiKeysAccess } from './api-keys.access';

/** Keys that work at once (not revoked, not expired), per account. */
export const ACTIVE_API_KEY_LIMIT = 25;
export const API_KEY_CAP_REACHED = `You can have at most ${ACTIVE_API_KEY_LIMIT} working API keys. Revoke one first.`;
export const API_KEY_NOT_FOUND = 'API key not found.';
export const ADMIN_SCOPE_FOR_ADMINS = 'Only admins can give a key the admin scope.';
const LISTED_KEYS = 100;
/** Documents registered per key at most. */
export const TRUSTED_DOCUMENT_LIMIT = 100;
export const TRUSTED_DOCUMENT_CAP_REACHED = `A key can have at most ${TRUSTED_DOCUMENT_LIMIT} registered documents.`;
export const KEY_NOT_WORKING = 'This API key is revoked or expired: register documents against a working key.';
/** The longest document registered, in characters (the client's longest operation is under 2,000). */
export const TRUSTED_DOCUMENT_MAX_LENGTH = 20_000;
/** Registrations remembered per process (registrations are never withdrawn, so a remembered one stays true). */
const KNOWN_REGISTRATIONS = 10_000;

/** A registered document as the API shows it. */
export interface TrustedDocumentView {
  sha256: string;
  document: string;
  operationNames: string[];
  createdAt: Date;
}

const operationNamesOf = (document: DocumentNode) =>
  document.definitions.flatMap((definition) => (definition.kind === Kind.OPERATION_DEFINITION ? [definition.name?.value ?? '(anonymous)'] : []));

/** The document, parsed with the endpoint's token limit and valid against the schema, with at least one operation; else BAD_USER_INPUT. */
function parseTrustedDocument(text: unknown, schema: GraphQLSchema): DocumentNode {
  const refuse = (why: string) => badInput(`The document is not valid: ${why}`, { document: why });
  if (typeof text !== 'string' || !text.trim()) throw refuse('it is empty.');
  if (text.length > TRUSTED_DOCUMENT_MAX_LENGTH) throw refuse(`it is longer than ${TRUSTED_DOCUMENT_MAX_LENGTH.toLocaleString('en')} characters.`);
  let document: DocumentNode;
  try {
    document = parse(text, { maxTokens: MAX_TOKENS });
  } catch (error) {
    throw refuse(error instanceof GraphQLError ? error.message : 'it cannot be parsed.');
  }
  const [problem] = validate(schema, document, specifiedRules);
  if (problem) throw refuse(problem.message);
  if (!operationNamesOf(document).length) throw refuse('it defines no operation.');
  return document;
}
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreateApiKeyInput {
  name: unknown;
  scopes: unknown;
  expiresInDays: unknown;
}

export function createApiKeysService({ db }: { db: Db }) {
  const knownRegistrations = new Set<string>();
  const isDocumentRegistered: RegisteredDocumentLookup = async (apiKeyId, hash) => {
    const slot = `${apiKeyId}|${hash}`;
    if (knownRegistrations.has(slot)) return true;
    const found = await db.trustedDocument.findUnique({ where: { apiKeyId_sha256: { apiKeyId, sha256: hash } }, select: { sha256: true } });
    if (!found) return false;
    if (knownRegistrations.size >= KNOWN_REGISTRATIONS) knownRegistrations.delete(knownRegistrations.values().next().value!);
    knownRegistrations.add(slot);
    return true;
  };
  return {
    isDocumentRegistered,

    /** The documents registered against one of the caller's keys (another's key looks missing), newest first. */
    async listDocuments(caller: Caller, rawId: string): Promise<TrustedDocumentView[]> {
      const viewer = requireViewer(caller, apiKeysAccess.trustedDocuments.roles);
      const apiKeyId = parseId(rawId, 'API key id');
      const key = await db.apiKey.findUnique({ where: { id: apiKeyId }, select: { ownerId: true, trustedDocuments: { orderBy: [{ createdAt: 'desc' }, { sha256: 'asc' }] } } });
      if (!key || key.ownerId !== viewer.id) throw notFound(API_KEY_NOT_FOUND);
      return key.trustedDocuments.map((row) => ({ sha256: row.sha256, document: row.document, operationNames: operationNamesOf(parse(row.document)), createdAt: row.createdAt }));
    },

    /**
     * Registers `document` against one of the caller's working keys. The cap is
     * counted under the owner's lock (db/account-lock.ts), and the row is
     * inserted only if missing, so the same document registered twice at once is one row.
     */
    async registerDocument(caller: Caller, { apiKeyId: rawId, document: text }: { apiKeyId: string; document: unknown }, schema: GraphQLSchema): Promise<TrustedDocumentView> {
      const viewer = requireViewer(caller, apiKeysAccess.registerTrustedDocument.roles);
      const apiKeyId = parseId(rawId, 'API key id');
      const document = parseTrustedDocument(text, schema);
      const { canonical, hash } = documentIdentity(document);
      const row = await db.$transaction(async (tx) => {
        await lockAccount(tx, viewer.id);
        const key = await tx.apiKey.findUnique({ where: { id: apiKeyId }, select: { ownerId: true, revokedAt: true, expiresAt: true } });
        if (!key || key.ownerId !== viewer.id) throw notFound(API_KEY_NOT_FOUND);
        if (key.revokedAt || key.expiresAt.getTime() <= Date.now()) throw badInput(KEY_NOT_WORKING, { apiKeyId: KEY_NOT_WORKING });
        const existing = await tx.trustedDocument.findUnique({ where: { apiKeyId_sha256: { apiKeyId, sha256: hash } } });
        if (existing) return existing;
        if ((await tx.trustedDocument.count({ where: { apiKeyId } })) >= TRUSTED_DOCUMENT_LIMIT) throw conflict(TRUSTED_DOCUMENT_CAP_REACHED);
        await tx.$executeRaw`INSERT INTO trusted_documents (api_key_id, sha256, document) VALUES (${apiKeyId}::uuid, ${hash}, ${canonical}) ON CONFLICT DO NOTHING`;
        return tx.trustedDocument.findUniqueOrThrow({ where: { apiKeyId_sha256: { apiKeyId, sha256: hash } } });
      });
      return { sha256: row.sha256, document: row.document, operationNames: operationNamesOf(document), createdAt: row.createdAt };
    },

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
