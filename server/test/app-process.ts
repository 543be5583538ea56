// A second (third...) app, as a separate Node process running the real entry
// point (server/main.ts, what `npm start` runs) against a given database, the
// test Auth emulator and the test mail server: for tests of what must hold
// across API processes (live events fanned out through PostgreSQL, a buying
// journey alternating between processes). The process tells us its URL over
// IPC; its output is kept and shown when it fails to start (or on demand).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../config';
import { GENEROUS_RATE_LIMITS, RATE_LIMIT_ENV, type RateLimitClass } from '../rate-limits/rate-limits';
import { TEST_PUBLIC_URL, TEST_UNSUBSCRIBE_SECRET, testEnv } from './infrastructure';
import { releasedAtFileEnd } from './open-resources';

export interface AppProcess {
  /** Where it serves ('' for a job worker, which serves nothing). */
  url: string;
  pid: number;
  /** Its own DATA_DIR (a fresh temporary directory; its uploads go under it unless UPLOAD_DIR or S3_BUCKET says otherwise). */
  dataDir: string;
  /** What the process printed so far (stdout and stderr, the last 50 kB). */
  logs(): string;
  /** SIGTERM and wait for the exit (SIGKILL after 15 s); how it exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface AppProcessOptions {
  /** The database it serves (e.g. `TestApp.databaseUrl`, so that two apps share one). */
  databaseUrl: string;
  /** Extra or overriding environment variables (README "Configuration"), e.g. { JOB_WORKERS: 'off' }. */
  env?: Record<string, string>;
  /** A name for its log lines and errors. */
  label?: string;
  startTimeoutMs?: number;
  /** What it runs: the app (`npm start`'s server/main.ts, the default) or a job worker alone (`npm run worker`'s server/worker.ts). */
  entry?: 'server/main.ts' | 'server/worker.ts';
}

export async function startAppProcess({ databaseUrl, env = {}, label = 'app process', startTimeoutMs = 90_000, entry = 'server/main.ts' }: AppProcessOptions): Promise<AppProcess> {
  const test = testEnv();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-app-process-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, entry)], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // Node's code cache, when the test command keeps one (test-command.ts): each app process starts sooner.
      ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      DATABASE_URL: databaseUrl,
      FIREBASE_PROJECT_ID: test.firebaseProjectId,
      FIREBASE_AUTH_EMULATOR_HOST: test.authEmulatorHost,
      SMTP_URL: test.smtpUrl,
      UNSUBSCRIBE_SECRET: TEST_UNSUBSCRIBE_SECRET,
      PUBLIC_URL: TEST_PUBLIC_URL,
      SEED_DEMO: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      // One process, unless a test asks for a cluster (API_PROCESSES in `env`).
      API_PROCESSES: '1',
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
      // As in test apps (test-app.ts): limits out of reach unless a test sets them.
      ...Object.fromEntries((Object.keys(RATE_LIMIT_ENV) as RateLimitClass[]).map((kind) => [RATE_LIMIT_ENV[kind], `${GENEROUS_RATE_LIMITS[kind].points}/${GENEROUS_RATE_LIMITS[kind].seconds}`])),
      ...env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const release = releasedAtFileEnd(`${label} (pid ${child.pid})`, async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  const stop = async () => {
    await release();
    return { code: child.exitCode, signal: child.signalCode };
  };

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`did not start within ${startTimeoutMs} ms`)), startTimeoutMs);
      child.once('exit', (code, signal) => reject(new Error(`exited (${signal ?? `code ${code}`}) before it was ready`)));
      child.on('message', (message: { type?: string; url?: string }) => {
        if (message?.type === 'ready' && (message.url || entry === 'server/worker.ts')) {
          clearTimeout(timer);
          resolve(message.url ?? '');
        }
      });
    });
    return { url, pid: child.pid!, dataDir, logs: () => output, stop };
  } catch (error) {
    await stop();
    throw new Error(`${label}: ${(error as Error).message}\n--- its output ---\n${output}`);
  }
}
