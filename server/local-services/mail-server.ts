// The embedded mail server of `npm start` and the tests: maildev (from npm), an
// SMTP server with a web inbox and a REST API (GET /api/email...), run as a
// child process like the Auth emulator, so e-mail goes through a real SMTP
// conversation and can be read as a person would (or a test does).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../config';
import { killGroup, stopGroup, waitUntilReady } from './child-process';
import { freePort } from './free-port';
import type { Logger } from '../infra/logger';

export interface MailServerHandle {
  /** What nodemailer is given: smtp://127.0.0.1:<port>. */
  smtpUrl: string;
  /** The web inbox (its REST API is under /api). */
  inboxUrl: string;
  stop(): Promise<void>;
}

interface Options {
  /** Where received e-mails are kept (they survive restarts). */
  mailDirectory: string;
  /** Preferred ports (1025 and 1080 by default, else free ones); 0: any free port. */
  smtpPort?: number;
  webPort?: number;
  log: Logger;
  startTimeoutMs?: number;
}

export async function startMailServer({ mailDirectory, smtpPort = 1025, webPort = 1080, log, startTimeoutMs = 30_000 }: Options): Promise<MailServerHandle> {
  await fs.mkdir(mailDirectory, { recursive: true });
  const [smtp, web] = [await freePort(smtpPort), await freePort(webPort)];
  const bin = path.join(projectRoot, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  const args = [bin, '--smtp', String(smtp), '--web', String(web), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--mail-directory', mailDirectory, '--max-emails', '5000', '--silent'];
  // Own process group, as the emulator: one signal stops it, whoever got Ctrl-C.
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  const inboxUrl = `http://127.0.0.1:${web}`;
  try {
    await waitUntilReady(`${inboxUrl}/api/healthz`, child, startTimeoutMs);
  } catch (error) {
    killGroup(child, 'SIGKILL');
    throw new Error(`Mail server (maildev) did not start: ${(error as Error).message}\n${output}`);
  }
  log.info({ smtp, inboxUrl }, 'mail server (maildev) ready');
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    inboxUrl,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      await stopGroup(child, 'SIGTERM', 5_000);
    },
  };
}
