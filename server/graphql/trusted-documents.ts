// Trusted documents (issue 22, part 3). With GRAPHQL_TRUSTED_DOCUMENTS=on the
// GraphQL endpoint (HTTP and WebSocket) runs only:
// - the web client's own operations: the manifest `npm run codegen` writes
//   (scripts/trusted-documents-manifest.ts, from the client's .graphql files) to
//   server/graphql/generated/trusted-documents.json, sha256 → document;
// - the documents an integrator registered against the API key a request
//   carries (registerTrustedDocument, api-keys.service.ts);
// - the integrators' own operations that register and list them
//   (INTEGRATOR_OPERATIONS, sent with the owner's ID token, as
//   docs/integrators.md shows them).
// A document is known by the sha256 of its canonical text: its definitions in a
// fixed order (operations, then fragments, each by name) without the
// `__typename` fields clients add (Apollo Client's cache adds them to every
// selection), printed by graphql-js. So the text a client sends, however it
// spaces or orders it, matches the manifest's entry of the same operation.
// Everything else is refused before it runs (after parsing and the usual
// validation and cost limits, which stay as they are).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse, print, visit, type DefinitionNode, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { RequestContext } from '../context/request-context';
import { AppError } from '../shared/errors';
import { asGraphqlError } from './operation-pipeline';

/** Where `npm run codegen` writes the web client's manifest (relative to the project root). */
export const CLIENT_MANIFEST_PATH = 'server/graphql/generated/trusted-documents.json';

/** The manifest: sha256 (hex) of each canonical document → that document. */
export type TrustedDocumentManifest = Record<string, string>;

/** Operations integrators need while only trusted documents run: registering and listing documents (the owner's ID token; keys cannot). */
export const INTEGRATOR_OPERATIONS = [
  `mutation RegisterTrustedDocument($apiKeyId: ID!, $document: String!) {
  registerTrustedDocument(apiKeyId: $apiKeyId, document: $document) { sha256 operationNames createdAt }
}`,
  `query TrustedDocuments($apiKeyId: ID!) {
  trustedDocuments(apiKeyId: $apiKeyId) { sha256 document operationNames createdAt }
}`,
];

export const untrustedDocumentMessage = (operationName: string | undefined) =>
  `This operation is not a trusted document: this server runs only the web client's own operations and the documents registered against the API key sent (register it with registerTrustedDocument)${operationName ? ` (operation ${operationName})` : ''}.`;

const definitionOrder = (definition: DefinitionNode) => `${definition.kind === Kind.OPERATION_DEFINITION ? 0 : 1}:${'name' in definition && definition.name ? definition.name.value : ''}`;

/** The document's canonical text (see the top of this file). */
export function canonicalDocument(document: DocumentNode): string {
  const withoutTypenames = visit(document, {
    Field: (field) => (field.name.value === '__typename' && !field.alias && !field.arguments?.length && !field.directives?.length ? null : undefined),
  });
  const definitions = [...withoutTypenames.definitions].sort((a, b) => (definitionOrder(a) < definitionOrder(b) ? -1 : definitionOrder(a) > definitionOrder(b) ? 1 : 0));
  return print({ ...withoutTypenames, definitions });
}

export const documentHash = (canonical: string) => createHash('sha256').update(canonical).digest('hex');

/** The canonical text and its hash, computed once per parsed document (Apollo keeps parsed documents, so a repeated query costs nothing). */
const identities = new WeakMap<DocumentNode, { canonical: string; hash: string }>();
export function documentIdentity(document: DocumentNode): { canonical: string; hash: string } {
  let found = identities.get(document);
  if (!found) {
    const canonical = canonicalDocument(document);
    found = { canonical, hash: documentHash(canonical) };
    identities.set(document, found);
  }
  return found;
}

/**
 * One entry per client operation: the operation with the fragments it spreads
 * (transitively), as the generated typed document the client sends carries them.
 */
export function manifestOf(clientDocument: DocumentNode): TrustedDocumentManifest {
  const fragments = new Map(clientDocument.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])));
  const spreadsOf = (node: DefinitionNode) => {
    const names: string[] = [];
    visit(node, { FragmentSpread: (spread) => void names.push(spread.name.value) });
    return names;
  };
  const manifest: TrustedDocumentManifest = {};
  for (const operation of clientDocument.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)) {
    const needed = new Set<string>();
    const pending = spreadsOf(operation);
    while (pending.length) {
      const name = pending.pop()!;
      const fragment = fragments.get(name);
      if (!fragment || needed.has(name)) continue;
      needed.add(name);
      pending.push(...spreadsOf(fragment));
    }
    const { canonical, hash } = documentIdentity({ kind: Kind.DOCUMENT, definitions: [operation, ...[...needed].map((name) => fragments.get(name)!)] });
    manifest[hash] = canonical;
  }
  return Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The committed manifest; an empty one when it was never generated (every client operation is then refused in trusted mode). */
export function loadClientManifest(projectRoot: string): TrustedDocumentManifest {
  return JSON.parse(readFileSync(path.join(projectRoot, CLIENT_MANIFEST_PATH), 'utf8')) as TrustedDocumentManifest;
}

/** Whether `apiKeyId` registered the document of `hash` (api-keys.service.ts). */
export type RegisteredDocumentLookup = (apiKeyId: string, hash: string) => Promise<boolean>;

export interface TrustedDocuments {
  /** Refuses (BAD_USER_INPUT, HTTP 400) a document that is neither the client's nor registered against the request's key. */
  check(document: DocumentNode, operationName: string | undefined, contextValue: Pick<RequestContext, 'caller'>): Promise<void>;
}

export function trustedDocuments(manifest: TrustedDocumentManifest, registered: RegisteredDocumentLookup): TrustedDocuments {
  const everyone = new Set([...Object.keys(manifest), ...INTEGRATOR_OPERATIONS.map((text) => documentIdentity(parse(text)).hash)]);
  return {
    async check(document, operationName, { caller }) {
      const { hash } = documentIdentity(document);
      if (everyone.has(hash)) return;
      if (caller.apiKey && (await registered(caller.apiKey.id, hash))) return;
      throw asGraphqlError(new AppError('BAD_USER_INPUT', untrustedDocumentMessage(operationName)));
    },
  };
}
