// The app under load, in its own process (so the load generator does not share
// its event loop): createApp from server/app.ts (see app-instance.ts) with the
// production database factory, on a free port. Started by run.ts, which it tells
// its URL over IPC.
//
// BENCH_APP_TOKEN_CHECK:
//   emulator  the app exactly as configured for the Auth emulator: firebase-admin's
//             verifyIdToken, which with an emulator also asks it for the account
//             (an HTTP round trip per request; see base-auth.js verifyIdToken).
//   local     the same, except that verifyIdToken is firebase-admin's own token
//             verifier without that emulator-only look-up: decoding and claim
//             checks run as with a real project, where keys are cached and no
//             request leaves the process. Only the RS256 signature check (which
//             emulator tokens lack) is missing.
//
// BENCH_APP_PROCESSES (default 1): app processes behind the one port (node:cluster,
// infra/http-workers.ts), to use every core; they share nothing but the database.
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { createFirebaseIdentityProvider, toVerifiedIdentity, type IdentityProvider } from '../server/auth/identity-provider';
import { unauthenticated } from '../server/shared/errors';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db/client';
import { createLogger } from '../server/infra/logger';
import { startAppInstance } from './app-instance';
import { startHttpWorkers } from '../server/infra/http-workers';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required (this file is started by bench/run.ts).`);
  return value;
};

async function main() {
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: env('BENCH_APP_LOG_LEVEL'),
      FIREBASE_PROJECT_ID: env('BENCH_APP_FIREBASE_PROJECT_ID'),
      FIREBASE_AUTH_EMULATOR_HOST: env('BENCH_APP_AUTH_EMULATOR_HOST'),
      UPLOAD_DIR: env('BENCH_APP_UPLOAD_DIR'),
      SEED_DEMO: 'false',
      // As `npm start` keeps them, unless the run says otherwise (run.ts prints it).
      PUBLIC_ANSWER_CACHE_TTL_SECONDS: process.env.PUBLIC_ANSWER_CACHE_TTL_SECONDS,
    }),
    // The web client is not part of the benchmark (and may not be built).
    clientDistDir: env('BENCH_APP_CLIENT_DIST_DIR'),
  };
  const log = createLogger(config.logLevel);
  const db = createDb(env('BENCH_APP_DATABASE_URL'), { maxConnections: Number(env('BENCH_APP_DB_POOL')) });
  const firebase = config.firebase;
  const emulated = createFirebaseIdentityProvider(firebase, firebase.mode === 'external-emulator' ? firebase.emulatorHost : undefined);
  const tokenCheck = env('BENCH_APP_TOKEN_CHECK');
  if (tokenCheck !== 'emulator' && tokenCheck !== 'local') throw new Error(`BENCH_APP_TOKEN_CHECK must be emulator or local, got ${tokenCheck}.`);
  const identity = tokenCheck === 'local' ? withLocalTokenCheck(emulated, firebase.projectId) : emulated;
  const instance = await startAppInstance({ config, db, databaseUrl: env('BENCH_APP_DATABASE_URL'), identity, log });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await instance.close().catch(() => undefined);
    await db.$disconnect().catch(() => undefined);
    await identity.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  // The benchmark died without stopping us: go too.
  process.on('disconnect', () => void shutdown());

  process.send?.({ type: 'ready', url: instance.url });
}

/** `provider`, with verifyIdToken done by firebase-admin's verifier alone (see the top of this file). */
function withLocalTokenCheck(provider: IdentityProvider, projectId: string): IdentityProvider {
  const app = initializeApp({ projectId }, `bench-local-${randomUUID()}`);
  // BaseAuth keeps its verifier in a private field; verifyJWT(token, true) accepts unsigned emulator tokens.
  const verifier = (getAuth(app) as unknown as { idTokenVerifier: { verifyJWT(token: string, isEmulator: boolean): Promise<DecodedIdToken> } }).idTokenVerifier;
  return {
    ...provider,
    async verifyIdToken(token) {
      let decoded: DecodedIdToken;
      try {
        decoded = await verifier.verifyJWT(token, true);
      } catch {
        throw unauthenticated('Invalid authentication token.');
      }
      return toVerifiedIdentity(decoded);
    },
    async close() {
      await deleteApp(app);
      await provider.close();
    },
  };
}

/**
 * BENCH_APP_PROCESSES > 1: this process only forks that many app processes
 * (infra/http-workers.ts, as `npm start` does; each runs main()), and reports
 * ready once all are.
 */
async function primary(processes: number) {
  const log = createLogger(process.env.BENCH_APP_LOG_LEVEL ?? 'warn');
  // A benchmark whose app process dies is void: no restart.
  const workers = await startHttpWorkers({ count: processes, log, restart: false });
  const shutdown = async () => {
    await workers.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.on('disconnect', () => void shutdown());
  process.send?.({ type: 'ready', url: workers.url });
}

const processes = Number(process.env.BENCH_APP_PROCESSES ?? '1');
(cluster.isPrimary && processes > 1 ? primary(processes) : main()).catch((error) => {
  process.stderr.write(`bench app failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
