// The web client's manifest of trusted documents is what `npm run codegen`
// writes from the client's .graphql files (never edited by hand), it holds
// every client operation, and a document is known by its canonical text
// whatever a client adds (__typename) or however it orders and spaces it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { Kind, parse, print, type DocumentNode } from 'graphql';
import { clientDocument, clientManifestText } from '../../scripts/trusted-documents-manifest';
import { projectRoot } from '../config';
import { canonicalDocument, CLIENT_MANIFEST_PATH, documentHash, documentIdentity, loadClientManifest } from './trusted-documents';

it('the committed manifest is what `npm run codegen` writes (run it if not)', () => {
  expect(readFileSync(path.join(projectRoot, CLIENT_MANIFEST_PATH), 'utf8')).toBe(clientManifestText());
});

it('holds one entry per client operation, each under the sha256 of its text, with the fragments it spreads', () => {
  const manifest = loadClientManifest(projectRoot);
  const operations = clientDocument().definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  expect(Object.keys(manifest)).toHaveLength(operations.length);
  for (const [hash, text] of Object.entries(manifest)) {
    expect(documentHash(text)).toBe(hash);
    expect(canonicalDocument(parse(text))).toBe(text);
  }
  const myProperties = Object.values(manifest).find((text) => text.startsWith('query MyProperties('));
  expect(myProperties).toMatch(/fragment PropertyCardFields on Property/);
});

it('one canonical text whatever __typename fields, order of definitions and spacing a client sends', () => {
  const asWritten = 'query Cards { advertisedProperties { ...Card } } fragment Card on Property { id title }';
  const asApolloSends = `fragment Card on Property {\n  id\n  title\n  __typename\n}\n\nquery Cards {\n  advertisedProperties {\n    ...Card\n    __typename\n  }\n}`;
  expect(canonicalDocument(parse(asApolloSends))).toBe(canonicalDocument(parse(asWritten)));
  // Any other change is another document.
  expect(canonicalDocument(parse('query Cards { advertisedProperties { ...Card } } fragment Card on Property { id title price }'))).not.toBe(canonicalDocument(parse(asWritten)));
  // An aliased __typename is a field the client asked for: kept.
  expect(canonicalDocument(parse('{ me { kind: __typename } }'))).toContain('kind: __typename');
});

/** The documents the client's generated modules hold (client/src/<domain>/<domain>.generated.ts), read as text: the server never imports client code. */
function clientGeneratedDocuments(): Array<[string, DocumentNode]> {
  const source = path.join(projectRoot, 'client/src');
  return readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => readdirSync(path.join(source, entry.name)).filter((name) => name.endsWith('.generated.ts')).map((name) => path.join(source, entry.name, name)))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode/gm)].map((match) => [match[1], JSON.parse(match[2]) as DocumentNode] as [string, DocumentNode]));
}

it('holds every document the client sends, as Apollo Client sends it (its cache adds __typename, then it is printed)', () => {
  const manifest = loadClientManifest(projectRoot);
  const documents = clientGeneratedDocuments();
  const operations = documents.filter(([, document]) => document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION));
  expect(operations.length).toBeGreaterThan(50);
  const missing = operations.filter(([, document]) => !Object.hasOwn(manifest, documentIdentity(parse(print(addTypenameToDocument(document)))).hash)).map(([name]) => name);
  expect(missing).toEqual([]);
});
