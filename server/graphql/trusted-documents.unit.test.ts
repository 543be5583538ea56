// The web client's manifest of trusted documents is what `npm run codegen`
// writes from the client's .graphql files (never edited by hand), it holds
// every client operation, and a document is known by its canonical text
// whatever a client adds (__typename) or however it orders and spaces it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import { clientDocument, clientManifestText } from '../../scripts/trusted-documents-manifest';
import { projectRoot } from '../config';
import { canonicalDocument, CLIENT_MANIFEST_PATH, documentHash, loadClientManifest } from './trusted-documents';

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
