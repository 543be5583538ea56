// Access control on the GraphQL schema (@public / @signedIn / @auth) and the error
// formatting that decides what callers may see, on small schemas and without any
// infrastructure: the resolvers below are spies, the callers are hand-made.
import { GENEROUS_RATE_LIMITS } from '../rate-limits/rate-limits';
import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { graphql, GraphQLError, type ExecutionResult, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Caller } from '../context/caller';
import type { VerifiedIdentity } from '../auth/identity-provider';
import { projectRoot } from '../config';
import type { Role, User as UserRecord } from '../generated/prisma/client';
import { createLogger } from '../infra/logger';
import type { Services } from '../services';
import { AppError, badInput, notFound, unauthenticated } from '../shared/errors';
import { applyAccessDirectives } from './access-directives';
import { createApolloServer, formatError } from './apollo';
import type { RequestContext } from '../context/request-context';
import { buildSchema } from './schema';

/** The directive definitions (and the Role enum they use), as the real schema has them. */
const base = readFileSync(path.join(projectRoot, 'server', 'graphql', 'base.graphql'), 'utf8');

const log = createLogger('silent');

const build = (typeDefs: string, resolvers: Record<string, Record<string, unknown>> = {}) =>
  applyAccessDirectives(makeExecutableSchema({ typeDefs: [base, typeDefs], resolvers }));

// ---------------------------------------------------------------------------
// Callers
// ---------------------------------------------------------------------------

const identity: VerifiedIdentity = {
  uid: 'firebase-uid-1',
  email: 'ada@example.test',
  emailVerified: true,
  name: 'Ada',
  picture: null,
  signInProvider: 'password',
  expiresAt: new Date(Date.now() + 3600_000),
};

const viewerWith = (role: Role): UserRecord => ({
  id: '0193a0c4-0000-7000-8000-000000000001',
  firebaseUid: identity.uid,
  email: identity.email!,
  name: 'Ada',
  image: null,
  role,
  createdAt: new Date('2026-11-21T09:30:00.000Z'),
  lastLogInAt: new Date('2026-11-21T09:30:00.000Z'),
});

const callers = {
  anonymous: { identity: null, viewer: null, authError: null },
  /** Sent a token that failed verification. */
  badToken: { identity: null, viewer: null, authError: unauthenticated('Your session has expired. Please sign in again.') },
  /** Valid token, no user record yet (right after sign-up). */
  signedUp: { identity, viewer: null, authError: null },
  user: { identity, viewer: viewerWith('user'), authError: null },
  agent: { identity, viewer: viewerWith('agent'), authError: null },
  admin: { identity, viewer: viewerWith('admin'), authError: null },
  fraud: { identity, viewer: viewerWith('fraud'), authError: null },
} satisfies Record<string, Caller>;

type CallerName = keyof typeof callers;

const contextFor = (caller: Caller): RequestContext => ({
  requestId: 'test-request',
  clientIp: '127.0.0.1',
  userAgent: null,
  log,
  caller,
  services: {} as Services,
  loaders: {} as RequestContext['loaders'],
  storage: {} as RequestContext['storage'],
  requireNotRevoked: async () => undefined,
});

// ---------------------------------------------------------------------------
// Building the schema
// ---------------------------------------------------------------------------

describe('applyAccessDirectives at build time', () => {
  it.each([
    ['a Query field without a directive', 'type Query { open: String }', 'Query.open must declare exactly one of @public, @signedIn or @auth.'],
    ['a Mutation field without a directive', 'type Query { ok: String @public } type Mutation { save: String }', 'Mutation.save must declare exactly one of @public, @signedIn or @auth.'],
    ['a Subscription field without a directive', 'type Query { ok: String @public } type Subscription { ticks: Int }', 'Subscription.ticks must declare exactly one of @public, @signedIn or @auth.'],
    ['a Query field with two directives', 'type Query { both: String @public @signedIn }', 'Query.both must declare exactly one of @public, @signedIn or @auth.'],
    [
      'a Mutation field with two directives',
      'type Query { ok: String @public } type Mutation { save: String @signedIn @auth(roles: [admin]) }',
      'Mutation.save must declare exactly one of @public, @signedIn or @auth.',
    ],
    ['a field of another type with two directives', 'type Query { thing: Thing @public } type Thing { name: String @public @auth }', 'Thing.name declares more than one access directive.'],
  ])('refuses %s', (_name, typeDefs, message) => {
    expect(() => build(typeDefs)).toThrow(message);
  });

  it('accepts fields of other types without a directive (they inherit the root field’s check)', () => {
    const schema = build('type Query { thing: Thing @public } type Thing { name: String }');
    expect(schema.getQueryType()?.getFields().thing).toBeDefined();
  });

  it('accepts the real schema (every root field declares exactly one directive)', () => {
    const schema = buildSchema();
    const rootFields = [schema.getQueryType(), schema.getMutationType()].flatMap((type) => Object.keys(type?.getFields() ?? {}));
    expect(rootFields).toEqual(expect.arrayContaining(['me', 'roleByEmail', 'recordSignIn']));
  });
});

// ---------------------------------------------------------------------------
// Enforcement at run time
// ---------------------------------------------------------------------------

describe('access directives at run time', () => {
  type Resolver = (source: unknown, args: unknown, context: RequestContext) => string;
  const resolvers = {
    open: jest.fn<Resolver>(() => 'open'),
    me: jest.fn<Resolver>(() => 'me'),
    member: jest.fn<Resolver>(() => 'member'),
    adminOnly: jest.fn<Resolver>(() => 'adminOnly'),
    staff: jest.fn<Resolver>(() => 'staff'),
    save: jest.fn<Resolver>(() => 'saved'),
    secret: jest.fn<Resolver>(() => 'secret'),
  };
  let schema: GraphQLSchema;

  beforeAll(() => {
    schema = build(
      `type Query {
        open: String @public
        me: String @signedIn
        member: String @auth
        adminOnly: String @auth(roles: [admin])
        staff: String @auth(roles: [admin, agent])
        profile: Profile @public
      }
      type Profile {
        name: String
        secret: String @auth(roles: [admin])
      }
      type Mutation {
        save: String @signedIn
      }`,
      {
        Query: {
          open: resolvers.open,
          me: resolvers.me,
          member: resolvers.member,
          adminOnly: resolvers.adminOnly,
          staff: resolvers.staff,
          profile: () => ({ name: 'Ada' }),
        },
        Profile: { secret: resolvers.secret },
        Mutation: { save: resolvers.save },
      },
    );
  });

  beforeEach(() => {
    for (const resolver of Object.values(resolvers)) resolver.mockClear();
  });

  async function run(source: string, caller: CallerName): Promise<ExecutionResult> {
    return graphql({ schema, source, contextValue: contextFor(callers[caller]) });
  }

  /** What a caller gets for `{ field }`: the value, or the refusal's code and message. */
  async function outcome(field: keyof typeof resolvers | 'open', caller: CallerName) {
    const result = await run(field === 'save' ? 'mutation { save }' : `{ ${field} }`, caller);
    const error = result.errors?.[0];
    if (!error) return { data: result.data?.[field] };
    const original = error.originalError;
    if (!(original instanceof AppError)) throw error;
    return { code: original.code, message: original.message };
  }

  it('@public lets anyone through, even a caller whose token was refused', async () => {
    for (const caller of Object.keys(callers) as CallerName[]) expect(await outcome('open', caller)).toEqual({ data: 'open' });
    expect(resolvers.open).toHaveBeenCalledTimes(Object.keys(callers).length);
  });

  it('@signedIn refuses callers without a verified identity, without calling the resolver', async () => {
    expect(await outcome('me', 'anonymous')).toEqual({ code: 'UNAUTHENTICATED', message: 'You must be signed in.' });
    expect(await outcome('save', 'anonymous')).toEqual({ code: 'UNAUTHENTICATED', message: 'You must be signed in.' });
    expect(resolvers.me).not.toHaveBeenCalled();
    expect(resolvers.save).not.toHaveBeenCalled();
  });

  it('@signedIn surfaces why the sent token was refused', async () => {
    const result = await run('{ me }', 'badToken');
    expect(result.errors?.[0].originalError).toBe(callers.badToken.authError);
    expect(result.errors?.[0].message).toBe('Your session has expired. Please sign in again.');
    expect(resolvers.me).not.toHaveBeenCalled();
  });

  it('@signedIn admits a verified identity with or without a user record', async () => {
    expect(await outcome('me', 'signedUp')).toEqual({ data: 'me' });
    expect(await outcome('save', 'signedUp')).toEqual({ data: 'saved' });
    expect(await outcome('me', 'fraud')).toEqual({ data: 'me' });
    expect(resolvers.me).toHaveBeenCalledTimes(2);
    // The resolver gets the context it was given.
    expect(resolvers.me.mock.calls[0][2]).toMatchObject({ caller: callers.signedUp, requestId: 'test-request' });
  });

  it('@auth refuses callers without a token, with a refused token, or without a user record', async () => {
    expect(await outcome('member', 'anonymous')).toEqual({ code: 'UNAUTHENTICATED', message: 'You must be signed in.' });
    expect(await outcome('member', 'badToken')).toEqual({ code: 'UNAUTHENTICATED', message: 'Your session has expired. Please sign in again.' });
    expect(await outcome('member', 'signedUp')).toEqual({ code: 'FORBIDDEN', message: 'Your account is not registered yet. Please sign in again.' });
    expect(resolvers.member).not.toHaveBeenCalled();
  });

  it('@auth without roles admits every registered caller', async () => {
    for (const caller of ['user', 'agent', 'admin', 'fraud'] as const) expect(await outcome('member', caller)).toEqual({ data: 'member' });
    expect(resolvers.member).toHaveBeenCalledTimes(4);
  });

  it('@auth(roles:) admits only those roles', async () => {
    expect(await outcome('adminOnly', 'admin')).toEqual({ data: 'adminOnly' });
    for (const caller of ['user', 'agent', 'fraud'] as const) {
      expect(await outcome('adminOnly', caller)).toEqual({ code: 'FORBIDDEN', message: 'Only admins can do this.' });
    }
    expect(resolvers.adminOnly).toHaveBeenCalledTimes(1);

    expect(await outcome('staff', 'admin')).toEqual({ data: 'staff' });
    expect(await outcome('staff', 'agent')).toEqual({ data: 'staff' });
    expect(await outcome('staff', 'user')).toEqual({ code: 'FORBIDDEN', message: 'Only admin or agent accounts can do this.' });
    expect(await outcome('staff', 'signedUp')).toEqual({ code: 'FORBIDDEN', message: 'Your account is not registered yet. Please sign in again.' });
    expect(resolvers.staff).toHaveBeenCalledTimes(2);
  });

  it('guards fields below the root too, leaving their siblings readable', async () => {
    const asUser = await run('{ profile { name secret } }', 'user');
    expect(asUser.data).toEqual({ profile: { name: 'Ada', secret: null } });
    expect(asUser.errors?.map((e) => [e.path, (e.originalError as AppError).code])).toEqual([[['profile', 'secret'], 'FORBIDDEN']]);
    expect(resolvers.secret).not.toHaveBeenCalled();

    const asAdmin = await run('{ profile { name secret } }', 'admin');
    expect(asAdmin).toEqual({ data: { profile: { name: 'Ada', secret: 'secret' } } });
    expect(resolvers.secret).toHaveBeenCalledTimes(1);
  });

  it('applies to fields without their own resolver (the default resolver runs only when allowed)', async () => {
    const withDefault = build('type Query { motto: String @auth(roles: [admin]) }');
    const rootValue = { motto: jest.fn(() => 'Trust, but verify') };
    const ask = (caller: CallerName) => graphql({ schema: withDefault, source: '{ motto }', rootValue, contextValue: contextFor(callers[caller]) });
    expect((await ask('agent')).errors?.[0].message).toBe('Only admins can do this.');
    expect(rootValue.motto).not.toHaveBeenCalled();
    expect((await ask('admin')).data).toEqual({ motto: 'Trust, but verify' });
    expect(rootValue.motto).toHaveBeenCalledTimes(1);
  });
});

// ---------------------------------------------------------------------------
// formatError
// ---------------------------------------------------------------------------

describe('formatError', () => {
  const failing = build('type Query { fails: String @public }', {
    Query: {
      fails: (_: unknown, __: unknown, context: RequestContext & { throwThis: unknown }) => {
        throw context.throwThis;
      },
    },
  });

  /** The GraphQLError graphql-js produces when the resolver throws `thrown`, and how Apollo formats it before our hook. */
  async function resolverError(thrown: unknown): Promise<{ error: GraphQLError; formatted: GraphQLFormattedError }> {
    const result = await graphql({ schema: failing, source: '{ fails }', contextValue: { ...contextFor(callers.anonymous), throwThis: thrown } });
    const error = result.errors![0];
    const formatted = {
      ...error.toJSON(),
      // Apollo adds these for errors without a code, outside production.
      extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: String((thrown as Error).stack).split('\n'), ...error.extensions },
    };
    return { error, formatted };
  }

  afterEach(() => jest.restoreAllMocks());

  it('keeps an AppError’s message, code and field errors', async () => {
    const { error, formatted } = await resolverError(badInput('Please check the form.', { name: 'Name is required' }));
    expect(formatError(formatted, error, log)).toEqual({
      message: 'Please check the form.',
      locations: [{ line: 1, column: 3 }],
      path: ['fails'],
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { name: 'Name is required' } },
    });
  });

  it('gives an AppError without field errors just its code', async () => {
    const { error, formatted } = await resolverError(notFound('No such property.'));
    expect(formatError(formatted, error, log)).toEqual({
      message: 'No such property.',
      locations: [{ line: 1, column: 3 }],
      path: ['fails'],
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('keeps the code and message of a validation error, dropping the stack trace', () => {
    const error = new GraphQLError('Cannot query field "nope" on type "Query".', { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    const formatted: GraphQLFormattedError = {
      message: error.message,
      locations: [{ line: 1, column: 3 }],
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', stacktrace: ['GraphQLError: Cannot query field', '    at validate (graphql/validation/validate.js:1:1)'] },
    };
    expect(formatError(formatted, error, log)).toEqual({
      message: 'Cannot query field "nope" on type "Query".',
      locations: [{ line: 1, column: 3 }],
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  });

  it('masks an unexpected error: no message, no stack, no cause reaches the caller; the log gets it', async () => {
    const thrown = new Error('connect ECONNREFUSED postgres://opennest:hunter2@10.0.0.5/opennest', { cause: new Error('socket closed') });
    const { error, formatted } = await resolverError(thrown);
    const logged = jest.spyOn(log, 'error');

    const result = formatError(formatted, error, log);
    expect(result).toEqual({ message: 'Internal server error', path: ['fails'], extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(JSON.stringify(result)).not.toMatch(/hunter2|ECONNREFUSED|stacktrace|socket closed|at /);
    expect(logged).toHaveBeenCalledWith({ err: thrown }, 'unexpected GraphQL error');
  });

  it('masks errors that carry no code, or INTERNAL_SERVER_ERROR explicitly', () => {
    const plain = new GraphQLError('internal detail');
    expect(formatError({ message: 'internal detail' }, plain, log)).toEqual({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    const explicit = new GraphQLError('internal detail', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(formatError({ message: 'internal detail', extensions: { code: 'INTERNAL_SERVER_ERROR' } }, explicit, log)).toEqual({
      message: 'Internal server error',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  describe('as wired into Apollo Server', () => {
    // No database in a unit test: operations are counted nowhere (rate limits have their own integration test).
    const uncounted = { config: GENEROUS_RATE_LIMITS, consume: async () => undefined, close: async () => undefined };
    const server = createApolloServer({ schema: failing, isProduction: false, introspection: true, log, rateLimits: uncounted });
    beforeAll(() => server.start());
    afterAll(() => server.stop());

    const execute = async (query: string, throwThis?: unknown) => {
      const response = await server.executeOperation({ query }, { contextValue: { ...contextFor(callers.anonymous), throwThis } as RequestContext });
      if (response.body.kind !== 'single') throw new Error('expected a single result');
      return response.body.singleResult.errors;
    };

    it('masks unexpected errors even outside production (where Apollo would add a stack trace)', async () => {
      expect(await execute('{ fails }', new Error('secret detail'))).toEqual([
        { message: 'Internal server error', path: ['fails'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      ]);
    });

    it('passes AppErrors and validation errors through with their codes', async () => {
      expect(await execute('{ fails }', badInput('Bad.', { price: 'Too low' }))).toEqual([
        { message: 'Bad.', locations: [{ line: 1, column: 3 }], path: ['fails'], extensions: { code: 'BAD_USER_INPUT', fieldErrors: { price: 'Too low' } } },
      ]);
      expect(await execute('{ nope }')).toEqual([
        { message: 'Cannot query field "nope" on type "Query".', locations: [{ line: 1, column: 3 }], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
      ]);
    });

    it('logs each operation with the error codes its caller saw', async () => {
      // The operation line is made only when info is logged (apollo.ts); the spy keeps it off stdout.
      log.level = 'info';
      const logged = jest.spyOn(log, 'info').mockImplementation(() => undefined);
      try {
        await execute('{ fails }', notFound('No such property.'));
        await execute('{ fails }', new Error('secret detail'));
        await execute('{ nope }');
        const codes = logged.mock.calls.filter(([, message]) => message === 'graphql operation').map(([fields]) => (fields as { errors?: string[] }).errors);
        expect(codes).toEqual([['NOT_FOUND'], ['INTERNAL_SERVER_ERROR'], ['GRAPHQL_VALIDATION_FAILED']]);
      } finally {
        logged.mockRestore();
        log.level = 'silent';
      }
    });
  });
});
