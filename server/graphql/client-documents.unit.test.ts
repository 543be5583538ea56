// The web client's own operations pass the limits the server puts on every
// document: a fragment added deep in a shared fragment (the wishlist reaches the
// card fields through three spreads) must not push a page's query past them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { buildSchema, validate, type DocumentNode } from 'graphql';
import { clientDocument as allClientDocuments } from '../../scripts/trusted-documents-manifest';
import { DEPTH_LIMIT } from './apollo';

const root = path.resolve(import.meta.dirname, '../..');
const schema = buildSchema(readFileSync(path.join(root, 'schema.graphql'), 'utf8'));

/** Every client .graphql file together: operations spread fragments defined in other domains' files. */
const clientDocument: DocumentNode = allClientDocuments(root);

const operations = clientDocument.definitions.filter((definition) => definition.kind === 'OperationDefinition');

it('finds the client operations', () => {
  expect(operations.length).toBeGreaterThan(50);
});

it.each(operations.map((operation) => [operation.name?.value ?? '(anonymous)', operation] as const))('%s stays within the depth limit', (_name, operation) => {
  const document: DocumentNode = { kind: clientDocument.kind, definitions: [operation, ...clientDocument.definitions.filter((definition) => definition.kind === 'FragmentDefinition')] };
  const errors = validate(schema, document, [maxDepthRule(DEPTH_LIMIT)]);
  expect(errors.map((error) => error.message)).toEqual([]);
});
