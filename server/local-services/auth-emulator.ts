// Starts the Firebase Auth emulator from the `firebase-tools` package, so that
// sign-up, sign-in, Google sign-in and token checks are the real Firebase code
// paths, with no network and no credentials (the project id starts "demo-").
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../config';
import { killGroup, stopGroup, waitUntilReady } from './child-process';
import { freePort } from './free-port';
import type { Logger } from '../infra/logger';

/** Loaded into the emulator's process: its request validators are compiled when first used (about 12 s of CPU less per start). */
const EMULATOR_PRELOAD = path.join(projectRoot, 'server', 'local-services', 'auth-emulator-preload.cjs');

export interface AuthEmulatorHandle {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  /** What the browser's connectAuthEmulator() is given. */
  url: string;
  stop(): Promise<void>;
}

interface Options {
  projectId: string;
  /** Working directory for the emulator (its config and debug log). */
  workDir: string;
  /** When set, accounts are imported from and exported to this directory, so they survive restarts. */
  persistDir?: string;
  preferredPort?: number;
  log: Logger;
  startTimeoutMs?: number;
}

export async function startAuthEmulator({ projectId, workDir, persistDir, preferredPort = 9099, log, startTimeoutMs = 90_000 }: Options): Promise<AuthEmulatorHandle> {
  await fs.mkdir(workDir, { recursive: true });
  const [authPort, hubPort, loggingPort] = [await freePort(preferredPort), await freePort(), await freePort()];
  const configFile = path.join(workDir, 'firebase.json');
  await fs.writeFile(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile];
  if (persistDir) {
    if (existsSync(path.join(persistDir, 'firebase-export-metadata.json'))) args.push('--import', persistDir);
    args.push('--export-on-exit', persistDir);
  }
  const firebaseBin = path.join(projectRoot, 'node_modules', '.bin', 'firebase');
  // Own process group: a terminal Ctrl-C reaches us once, and we stop the
  // emulator with a single SIGINT so that it can export its accounts.
  const child = spawn(firebaseBin, args, {
    cwd: workDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The preload has the emulator compile each request validator on first use, not all at start (see the file).
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(EMULATOR_PRELOAD)}`.trim() },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    log.debug({ authEmulator: text.trim() });
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  const host = `127.0.0.1:${authPort}`;
  try {
    await waitUntilReady(`http://${host}/`, child, startTimeoutMs);
  } catch (error) {
    killGroup(child, 'SIGKILL');
    throw new Error(`Firebase Auth emulator did not start: ${(error as Error).message}\n${output}`);
  }
  log.info({ host, projectId }, 'Firebase Auth emulator ready');

  return {
    host,
    url: `http://${host}`,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      // Exporting accounts takes a moment; a hung emulator is killed after 15 s.
      await stopGroup(child, 'SIGINT', 15_000);
    },
  };
}
