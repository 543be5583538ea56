// The domains' access tables (server/<domain>/<domain>.access.ts, listed in
// domains.ts) are the one declaration of who may call each operation. This
// fails when the SDL, a REST route or the client's page table disagrees with
// them, or when a table names an operation no door serves.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { Kind, parse, type DocumentNode } from 'graphql';
import { admitsRole, directiveOf, type Access } from './context/access';
import { projectRoot } from './config';
import { ACCESS, apiRoutes, DOMAINS } from './domains';
import { applyAccessDirectives } from './graphql/access-directives';
import { buildSchema, schemaPath } from './graphql/schema';
import type { Role } from './generated/prisma/client';

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/** Root fields an SDL document declares, with the directive each carries as written. */
function rootFields(document: DocumentNode): Array<{ type: string; field: string; directive: string }> {
  return document.definitions.flatMap((definition) => {
    if ((definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) || !ROOT_TYPES.has(definition.name.value)) return [];
    return (definition.fields ?? []).map((field) => {
      const [directive] = field.directives ?? [];
      const roles = directive?.arguments?.flatMap((argument) => (argument.value.kind === Kind.LIST ? argument.value.values.map((value) => (value as { value: string }).value) : [])) ?? [];
      const written: Access = directive?.name.value === 'auth' ? { kind: 'auth', roles: roles as Role[] } : { kind: (directive?.name.value ?? 'none') as 'public' };
      return { type: definition.name.value, field: field.name.value, directive: directiveOf(written) };
    });
  });
}

const schemaFields = rootFields(parse(readFileSync(schemaPath, 'utf8')));
const restOperations = new Set(apiRoutes.map((route) => route.operationId));
const graphqlFields = new Set(schemaFields.map(({ field }) => field));

describe('the SDL and the access tables', () => {
  it('give every root field the directive of its table entry (the schema builds with the tables)', () => {
    expect(() => buildSchema()).not.toThrow();
    const disagreeing = schemaFields.flatMap(({ type, field, directive }) => {
      const entry = ACCESS.get(field);
      return entry && directiveOf(entry.access) === directive ? [] : [`${type}.${field}: ${directive} in the SDL, ${entry ? directiveOf(entry.access) : 'no entry'} in the tables`];
    });
    expect(disagreeing).toEqual([]);
  });

  it('keep each root field in the table of the domain whose SDL fragment declares it', () => {
    const misplaced = DOMAINS.flatMap(({ name }) => {
      const fragment = path.join(projectRoot, 'server', name, `${name}.graphql`);
      if (!existsSync(fragment)) return [];
      return rootFields(parse(readFileSync(fragment, 'utf8'))).flatMap(({ field }) => (ACCESS.get(field)?.domain === name ? [] : [`${field} (${name}.graphql) is in ${ACCESS.get(field)?.domain ?? 'no'} table`]));
    });
    expect(misplaced).toEqual([]);
  });

  it('refuse to build a schema whose directive disagrees with its entry, or whose root field has none', () => {
    const base = readFileSync(path.join(projectRoot, 'server', 'graphql', 'base.graphql'), 'utf8');
    const schema = makeExecutableSchema({ typeDefs: [base, 'type Query { offer: String @auth(roles: [admin]) other: String @public }'] });
    const table = new Map([['offer', { access: { kind: 'auth', roles: ['user'] } as Access, domain: 'offers' }]]);
    expect(() => applyAccessDirectives(schema, table)).toThrow('Query.offer declares @auth(roles: [admin]), but the offers access table says @auth(roles: [user]).');
    table.set('offer', { access: { kind: 'auth', roles: ['admin'] }, domain: 'offers' });
    expect(() => applyAccessDirectives(schema, table)).toThrow("Query.other has no entry in any domain's access table");
  });
});

describe('the REST routes and the access tables', () => {
  it('give every route its domain table’s entry for its operationId', () => {
    const disagreeing = DOMAINS.flatMap(({ name, access, rest }) =>
      (rest?.routes ?? []).flatMap((route) => (access[route.operationId] === route.access ? [] : [`${route.method.toUpperCase()} ${route.path} (${route.operationId}) in ${name}`])),
    );
    expect(disagreeing).toEqual([]);
  });

  it('name only operations a root field or a route serves', () => {
    const stale = [...ACCESS.keys()].filter((operation) => !graphqlFields.has(operation) && !restOperations.has(operation));
    expect(stale).toEqual([]);
  });

  it('declare the rate-limit classes that are not their door’s default on the operations, both doors alike', () => {
    const limited = Object.fromEntries([...ACCESS].flatMap(([operation, { access }]) => (access.rateLimit ? [[operation, access.rateLimit]] : [])));
    expect(limited).toEqual({
      recordSignIn: 'signIn',
      startSession: 'signIn',
      endSession: 'signIn',
      subscribeToNewsletter: 'anonymousWrites',
      subscribeNewsletter: 'anonymousWrites',
      confirmNewsletterSubscription: 'anonymousWrites',
    });
  });
});

// ---------------------------------------------------------------------------
// The client: a page declared for some roles calls only what they may call
// ---------------------------------------------------------------------------

const clientSrc = path.join(projectRoot, 'client', 'src');

interface ClientPage {
  path: string;
  roles?: readonly Role[];
  menu?: true | readonly Role[];
  load: () => Promise<unknown>;
}

/** Every .graphql document of the client, operation name → its root fields. */
function clientOperations(): Map<string, string[]> {
  const operations = new Map<string, string[]>();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.graphql')) {
        for (const definition of parse(readFileSync(full, 'utf8')).definitions) {
          if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
          const fields = definition.selectionSet.selections.flatMap((selection) => (selection.kind === Kind.FIELD ? [selection.name.value] : []));
          operations.set(definition.name.value, fields);
        }
      }
    }
  };
  walk(clientSrc);
  return operations;
}

/** The client modules a page module reaches through relative imports (static and lazy), itself included. */
function reachableModules(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from\s+|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      if (match[1].endsWith('.generated')) continue;
      const base = path.resolve(path.dirname(file), match[1]);
      const found = ['.tsx', '.ts', '/index.ts'].map((ending) => base + ending).find((candidate) => existsSync(candidate));
      if (found) visit(found);
    }
  };
  visit(entry);
  return [...seen];
}

/** The GraphQL operations a module's generated hooks run (`useMyOffersQuery` → MyOffers); comments are left out. */
const hookOperations = (file: string) =>
  [...readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').matchAll(/\buse(\w+?)(?:Query|LazyQuery|SuspenseQuery|Mutation|Subscription)\b/g)].map((match) => match[1]);

/** Operations a page runs only for some of its roles, decided in its code (page path → operation → why). */
const SHOWN_TO_SOME_ROLES: Record<string, Record<string, string>> = {
  'agent-profile': {
    MyListingNumbers: 'the listing performance is shown to agents only (an admin visiting the page has no listings)',
    MyReplyTime: 'the reply time and unanswered questions are shown to agents only (an admin is asked no questions)',
    MyUnansweredQuestions: 'the reply time and unanswered questions are shown to agents only (an admin is asked no questions)',
  },
};

describe('the client’s page table and the access tables', () => {
  it('lets the roles of each page (its gate, or the menus that list it) call every operation the page can run', async () => {
    // A computed path: the server's code never imports client code (boundaries.unit.test.ts); this reads it as data.
    const pagesModule = path.join(clientSrc, 'app', 'pages.ts');
    const { DASHBOARD_PAGES } = (await import(pagesModule)) as { DASHBOARD_PAGES: ClientPage[] };
    const operations = clientOperations();
    const checked: string[] = [];
    const refused = DASHBOARD_PAGES.flatMap((page) => {
      const roles = page.roles ?? (page.menu === true ? [] : page.menu) ?? [];
      if (!roles.length) return [];
      const module = /import\(["']([^"']+)["']\)/.exec(page.load.toString())?.[1];
      if (!module) throw new Error(`Cannot tell which module the page ${page.path} loads.`);
      const file = ['.tsx', '.ts'].map((ending) => path.resolve(clientSrc, 'app', module) + ending).find((candidate) => existsSync(candidate))!;
      const names = new Set(reachableModules(file).flatMap(hookOperations).filter((name) => !SHOWN_TO_SOME_ROLES[page.path]?.[name]));
      checked.push(page.path);
      return [...names].flatMap((name) =>
        (operations.get(name) ?? []).flatMap((field) => {
          const entry = ACCESS.get(field);
          const barred = roles.filter((role) => !entry || !admitsRole(entry.access, role));
          return barred.length ? [`${page.path} (for ${roles.join(', ')}) runs ${name}, whose ${field} ${entry ? directiveOf(entry.access) : 'has no entry'} bars ${barred.join(', ')}`] : [];
        }),
      );
    });
    expect(refused).toEqual([]);
    // The check saw the role-gated pages (so an empty list above means something).
    expect(checked).toEqual(expect.arrayContaining(['wishlist', 'my-added-properties', 'manage-users', 'messages']));
  });
});
