import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { mergeResolvers } from '@graphql-tools/merge';
import type { GraphQLSchema } from 'graphql';
import { projectRoot } from '../config';
import { ACCESS, DOMAINS } from '../domains';
import { applyAccessDirectives } from './access-directives';
import type { Resolvers } from './generated/resolvers-types';
import { DateScalar, DateTime, Decimal } from './scalars';

/** The committed, generated schema (see codegen.ts): what runs is what is reviewed. */
export const schemaPath = path.join(projectRoot, 'schema.graphql');

const domainResolvers: Resolvers[] = [{ DateTime, Decimal, Date: DateScalar }, ...DOMAINS.flatMap(({ resolvers }) => (resolvers ? [resolvers] : []))];

export function buildSchema(): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs: readFileSync(schemaPath, 'utf8'),
    resolvers: mergeResolvers(domainResolvers as never[]),
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return applyAccessDirectives(schema, ACCESS);
}
