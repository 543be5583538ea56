// Starts the real app (Express, Apollo, REST, uploads) on a random port against
// a fresh database and the test Auth emulator: integration and browser tests
// speak HTTP to it exactly as clients do.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { createFirebaseIdentityProvider, type IdentityProvider } from '../auth/identity-provider';
import { loadConfig, type AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Role, User as UserRecord } from '../generated/prisma/client';
import { createLogger } from '../infra/logger';
import { startPayments } from '../payments/payments-runtime';
import { createLocalImageStorage } from '../uploads/image-storage';
import { createTestDatabase } from './database';
import { signUp, uniqueEmail, type TestAccount } from './identity';
import { testEnv } from './infrastructure';

export interface GraphqlResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; fieldErrors?: Record<string, string> } }>;
}

export interface TestApp {
  url: string;
  /** The Express app being served (its router says which routes exist). */
  app: Express;
  db: Db;
  identity: IdentityProvider;
  uploadDir: string;
  graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphqlResponse<T>>;
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
 * to check production-only behaviour); `isProduction` follows `nodeEnv` unless given too.
 * `wrapIdentity` lets a test put a wrapper between the app and the real identity
 * provider (e.g. to make one call fail); `TestApp.identity` stays the real one.
 */
export async function startTestApp(
  options: { clientDistDir?: string; wrapIdentity?: (identity: IdentityProvider) => IdentityProvider } = {},
  configOverrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const env = testEnv();
  const database = await createTestDatabase();
  const uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-uploads-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', FIREBASE_PROJECT_ID: env.firebaseProjectId, FIREBASE_AUTH_EMULATOR_HOST: env.authEmulatorHost }),
    uploadDir,
    clientDistDir: options.clientDistDir ?? path.join(uploadDir, 'no-client'),
    maxUploadBytes: 1024 * 1024,
    ...configOverrides,
    ...(configOverrides.nodeEnv !== undefined && configOverrides.isProduction === undefined ? { isProduction: configOverrides.nodeEnv === 'production' } : {}),
  };
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const identity = createFirebaseIdentityProvider(config.firebase, env.authEmulatorHost);
  const payments = await startPayments({ mode: 'local' }, { log });
  const { app, stop } = await createApp({
    config,
    db: database.db,
    identity: options.wrapIdentity ? options.wrapIdentity(identity) : identity,
    storage: createLocalImageStorage(uploadDir),
    log,
    authEmulatorUrl: `http://${env.authEmulatorHost}`,
    payments: payments.provider,
    paymentsBrowser: payments.browser,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  payments.attachApp(url, [url]);

  const testApp: TestApp = {
    url,
    app,
    db: database.db,
    identity,
    uploadDir,
    async graphql(query, variables, token) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, ...((await response.json()) as object) };
    },
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
      const recorded = await testApp.graphql<{ recordSignIn: { id: string } }>(
        'mutation($input: SignInRecordInput) { recordSignIn(input: $input) { id } }',
        { input: { name } },
        account.idToken,
      );
      if (!recorded.data?.recordSignIn) throw new Error(`recordSignIn failed: ${JSON.stringify(recorded.errors)}`);
      const user = await database.db.user.update({ where: { id: recorded.data.recordSignIn.id }, data: { role } });
      return { ...account, user };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await stop();
      await payments.stop();
      await identity.close();
      await database.drop();
      await fs.rm(uploadDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
