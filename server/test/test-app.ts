// Starts the real app (Express, Apollo, REST, uploads) on a random port against
// a fresh database and the test Auth emulator: integration and browser tests
// speak HTTP to it exactly as clients do. GraphQL goes out as generated typed
// documents (server/<domain>/*.test.graphql, `npm run codegen`), so answers and
// variables are checked against the schema at compile time.
import type { Express } from 'express';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ResultOf, TypedDocumentNode, VariablesOf } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { createFirebaseIdentityProvider, type IdentityProvider } from '../auth/identity-provider';
import { loadConfig, type AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Role, User as UserRecord } from '../generated/prisma/client';
import { createLogger, type Logger } from '../infra/logger';
import type { EventsAndJobs } from '../events-and-jobs';
import { serveApp } from '../serve';
import { createImageStorage } from '../uploads/create-image-storage';
import { DEFAULT_RATE_LIMITS, GENEROUS_RATE_LIMITS } from '../rate-limits/rate-limits';
import type { CspReportLog } from '../web/csp-reports';
import { createTestDatabase } from './database';
import * as operations from './generated/graphql';
import { signUp, uniqueEmail, type TestAccount } from './identity';
import { TEST_PUBLIC_URL, TEST_UNSUBSCRIBE_SECRET, testEnv } from './infrastructure';
import { releasedAtFileEnd } from './open-resources';

export interface GraphqlResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; fieldErrors?: Record<string, string> } }>;
}

declare const looseVariablesBrand: unique symbol;
/** Variables that break an operation's variable types on purpose: see `looseVariables`. */
export interface LooseVariables {
  readonly [looseVariablesBrand]: true;
}

/**
 * Marks variables a test sends against the operation's own types on purpose (a
 * number for a Decimal, a role the enum lacks, a missing or extra field), to prove
 * that the server refuses them; every other call is type-checked.
 */
export const looseVariables = (variables: Record<string, unknown>) => variables as unknown as LooseVariables;

/** Variables may be left out only when the operation requires none. */
type VariablesAndToken<V> = {} extends V ? [variables?: V | LooseVariables, token?: string] : [variables: V | LooseVariables, token?: string];

export interface TestApp {
  url: string;
  /** The Express app being served (its router says which routes exist). */
  app: Express;
  db: Db;
  /** Its database's URL (a second app process can be started on it: app-process.ts). */
  databaseUrl: string;
  identity: IdentityProvider;
  /** Event bus and job queue (tests read job states through `eventsAndJobs.jobs.boss`). */
  eventsAndJobs: EventsAndJobs;
  uploadDir: string;
  /** The CSP violations browsers reported to the app (POST /csp-report). */
  cspReports: CspReportLog;
  /** Sends a generated document (with `token` as the bearer token, if any); the answer has the operation's type. */
  graphql<Document extends TypedDocumentNode<unknown, never>>(document: Document, ...variablesAndToken: VariablesAndToken<VariablesOf<Document>>): Promise<GraphqlResponse<ResultOf<Document>>>;
  /**
   * Sends query text exactly as written, for tests of what the endpoint does with
   * documents no client would send (too deep, too many aliases); everything
   * else uses `graphql` with a generated document.
   */
  graphqlText(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphqlResponse>;
  rest(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any }>;
  /**
   * Runs `action` and returns, with its result, the SQL statements the app's
   * database client sent meanwhile (real statements on the wire, in order).
   */
  sqlStatementsDuring<T>(action: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  /** The Stripe-Signature header the local payment server would send for `payload`. */
  signWebhook(payload: string): string;
  /** A signed-up account with its user record created through the API, then given `role`. */
  createUser(role?: Role, options?: { name?: string; email?: string; password?: string }): Promise<TestAccount & { user: UserRecord }>;
  close(): Promise<void>;
}

/**
 * `configOverrides` replaces parts of the test configuration (e.g. `{ nodeEnv: 'production' }`
 * to check production-only behaviour); `isProduction` and `introspection` follow `nodeEnv` unless given too.
 * `log` replaces the app's logger (a test that reads what the app logs); `smtpUrl` the
 * shared test mail server (a test that stops and restarts a mail server of its own).
 * `wrapIdentity` lets a test put a wrapper between the app and the real identity
 * provider (e.g. to make one call fail); `TestApp.identity` stays the real one.
 */
export async function startTestApp(
  options: { clientDistDir?: string; wrapIdentity?: (identity: IdentityProvider) => IdentityProvider; log?: Logger; smtpUrl?: string; clock?: () => Date } = {},
  configOverrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const env = testEnv();
  const database = await createTestDatabase();
  const uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-uploads-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', FIREBASE_PROJECT_ID: env.firebaseProjectId, FIREBASE_AUTH_EMULATOR_HOST: env.authEmulatorHost, PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: TEST_PUBLIC_URL }),
    uploadDir,
    clientDistDir: options.clientDistDir ?? path.join(uploadDir, 'no-client'),
    maxUploadBytes: 1024 * 1024,
    // Tests send everything from one IP and a few accounts: only the rate-limit tests (which set
    // them low) and the messages' own limit are met; every other class is out of reach.
    rateLimits: { ...GENEROUS_RATE_LIMITS, messages: DEFAULT_RATE_LIMITS.messages },
    ...configOverrides,
    ...(configOverrides.nodeEnv !== undefined && configOverrides.isProduction === undefined ? { isProduction: configOverrides.nodeEnv === 'production' } : {}),
    ...(configOverrides.nodeEnv !== undefined && configOverrides.introspection === undefined ? { introspection: configOverrides.nodeEnv !== 'production' } : {}),
  };
  // A test that reads what the app logs passes its own logger.
  const log = options.log ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const identity = createFirebaseIdentityProvider(config.firebase, env.authEmulatorHost);
  const releaseStorage = async () => {
    await identity.close();
    await database.drop();
    await fs.rm(uploadDir, { recursive: true, force: true });
  };
  let served: Awaited<ReturnType<typeof serveApp>>;
  try {
    served = await serveApp({
      config,
      db: database.db,
      databaseUrl: database.url,
      identity: options.wrapIdentity ? options.wrapIdentity(identity) : identity,
      storage: createImageStorage(config),
      log,
      authEmulatorUrl: `http://${env.authEmulatorHost}`,
      smtpUrl: options.smtpUrl ?? env.smtpUrl,
      unsubscribeSecret: TEST_UNSUBSCRIBE_SECRET,
      pollingIntervalSeconds: 1,
      clock: options.clock,
    });
  } catch (error) {
    await releaseStorage();
    throw error;
  }
  const { url, app, payments } = served;
  const close = releasedAtFileEnd(`test app ${url}`, async () => {
    await served.close();
    await releaseStorage();
  });

  const postGraphql = async (query: string, variables: unknown, token: string | undefined) => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, ...((await response.json()) as object) };
  };

  const testApp: TestApp = {
    url,
    app,
    db: database.db,
    databaseUrl: database.url,
    identity,
    eventsAndJobs: served.eventsAndJobs,
    uploadDir,
    cspReports: served.cspReports,
    graphql: (document, ...[variables, token]) => postGraphql(print(document), variables, token),
    graphqlText: postGraphql,
    async rest(method, pathname, { token, body, headers = {} } = {}) {
      const isRaw = typeof body === 'string' || body instanceof FormData;
      const response = await fetch(`${url}${pathname}`, {
        method,
        headers: {
          ...(body !== undefined && !isRaw ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : isRaw ? (body as NonNullable<RequestInit['body']>) : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body: parsed };
    },
    signWebhook(payload) {
      if (!payments.signWebhook) throw new Error('The local payment server is not in use.');
      return payments.signWebhook(payload);
    },
    async sqlStatementsDuring(action) {
      const statements: string[] = [];
      const stop = database.onStatement((sql) => statements.push(sql));
      try {
        return { result: await action(), statements };
      } finally {
        stop();
      }
    },
    async createUser(role = 'user', { name = `Test ${role}`, email = uniqueEmail(role), password } = {}) {
      const account = await signUp({ email, password, displayName: name });
      const recorded = await testApp.graphql(operations.RecordSignIn, { input: { name } }, account.idToken);
      if (!recorded.data?.recordSignIn) throw new Error(`recordSignIn failed: ${JSON.stringify(recorded.errors)}`);
      const user = await database.db.user.update({ where: { id: recorded.data.recordSignIn.id }, data: { role } });
      return { ...account, user };
    },
    close,
  };
  return testApp;
}
