// Enforces @public / @signedIn / @auth(roles:) on the server. Every root field
// must declare exactly one of them, so a field added without thought about
// access fails at start-up instead of being open to everyone.
import { getDirective, MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import { requireIdentity, requireViewer } from '../context/caller';
import type { Role } from '../generated/prisma/client';
import type { RequestContext } from '../context/request-context';

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

export function applyAccessDirectives(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (fieldConfig, fieldName, typeName) => {
      const isPublic = Boolean(getDirective(schema, fieldConfig, 'public')?.length);
      const isSignedIn = Boolean(getDirective(schema, fieldConfig, 'signedIn')?.length);
      const auth = getDirective(schema, fieldConfig, 'auth')?.[0] as { roles?: Role[] } | undefined;
      const declared = [isPublic, isSignedIn, Boolean(auth)].filter(Boolean).length;

      if (ROOT_TYPES.has(typeName) && declared !== 1) {
        throw new Error(`${typeName}.${fieldName} must declare exactly one of @public, @signedIn or @auth.`);
      }
      if (declared > 1) throw new Error(`${typeName}.${fieldName} declares more than one access directive.`);
      if (isPublic || declared === 0) return fieldConfig;

      const guard = ({ caller }: RequestContext) => (isSignedIn ? requireIdentity(caller) : requireViewer(caller, auth?.roles));
      const resolve = fieldConfig.resolve ?? defaultFieldResolver;
      const subscribe = fieldConfig.subscribe;
      return {
        ...fieldConfig,
        resolve(source, args, context: RequestContext, info) {
          guard(context);
          return resolve(source, args, context, info);
        },
        // A Subscription field is checked when the subscription starts, too (its own
        // resolver re-checks the subscriber against the database on every event).
        ...(subscribe
          ? {
              subscribe(source: unknown, args: Record<string, unknown>, context: RequestContext, info: Parameters<typeof resolve>[3]) {
                guard(context);
                return subscribe(source, args, context, info);
              },
            }
          : {}),
      };
    },
  });
}
