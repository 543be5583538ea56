// Enforces @public / @signedIn / @auth(roles:) on the server. Every root field
// must declare exactly one of them, so a field added without thought about
// access fails at start-up instead of being open to everyone; and given the
// domains' access tables (domains.ts), each directive must say what its
// field's entry says (context/access.ts), or the schema refuses to build.
import { getDirective, MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import { directiveOf, type Access } from '../context/access';
import { requireIdentity, requireScope, requireViewer } from '../context/caller';
import type { Role } from '../generated/prisma/client';
import type { RequestContext } from '../context/request-context';

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/** The access tables' entries by operation name (domains.ts ACCESS). */
export type AccessByOperation = ReadonlyMap<string, { access: Access; domain: string }>;

/** The directive a field declares, written as directiveOf writes an access (roles in the table's order is not required). */
function declaredDirective(isPublic: boolean, isSignedIn: boolean, auth: { roles?: Role[] } | undefined): string {
  if (isPublic) return '@public';
  if (isSignedIn) return '@signedIn';
  return directiveOf({ kind: 'auth', roles: [...(auth?.roles ?? [])].sort() });
}

/** The entry's directive with its roles sorted, to compare with declaredDirective. */
const expectedDirective = (access: Access) => directiveOf(access.kind === 'auth' ? { ...access, roles: [...access.roles].sort() } : access);

export function applyAccessDirectives(schema: GraphQLSchema, table?: AccessByOperation): GraphQLSchema {
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
      if (table && ROOT_TYPES.has(typeName)) {
        const entry = table.get(fieldName);
        if (!entry) throw new Error(`${typeName}.${fieldName} has no entry in any domain's access table (server/<domain>/<domain>.access.ts).`);
        const [found, expected] = [declaredDirective(isPublic, isSignedIn, auth), expectedDirective(entry.access)];
        if (found !== expected) throw new Error(`${typeName}.${fieldName} declares ${found}, but the ${entry.domain} access table says ${expected}.`);
      }
      if (isPublic || declared === 0) return fieldConfig;

      // At the root, an API key caller must also hold the scope the field's access table entry names (none: keys may not call it).
      const isRoot = ROOT_TYPES.has(typeName);
      const entry = isRoot ? table?.get(fieldName)?.access : undefined;
      const guard = ({ caller }: RequestContext) => {
        if (isSignedIn) requireIdentity(caller);
        else requireViewer(caller, auth?.roles);
        if (isRoot) requireScope(caller, entry);
      };
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
