// Run by `npm run codegen` after GraphQL Code Generator: writes the manifest of
// the web client's own operations (sha256 of each canonical document → the
// document; server/graphql/trusted-documents.ts) that GRAPHQL_TRUSTED_DOCUMENTS=on
// lets through. Generated from the client's .graphql files, never edited:
// server/graphql/trusted-documents.unit.test.ts fails when it is stale.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type DocumentNode } from 'graphql';
import { projectRoot } from '../server/config';
import { CLIENT_MANIFEST_PATH, manifestOf } from '../server/graphql/trusted-documents';

/** Every client .graphql file together (operations spread fragments defined in other domains' files). */
export function clientDocument(root = projectRoot): DocumentNode {
  const source = path.join(root, 'client/src');
  const files = readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => readdirSync(path.join(source, entry.name)).filter((name) => name.endsWith('.graphql')).sort().map((name) => path.join(source, entry.name, name)));
  return parse(files.map((file) => readFileSync(file, 'utf8')).join('\n'));
}

/** The manifest's file content. */
export const clientManifestText = (root = projectRoot) => `${JSON.stringify(manifestOf(clientDocument(root)), null, 2)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.join(projectRoot, CLIENT_MANIFEST_PATH);
  const text = clientManifestText();
  writeFileSync(file, text);
  process.stdout.write(`${CLIENT_MANIFEST_PATH}: ${Object.keys(JSON.parse(text)).length} client operations.\n`);
}
