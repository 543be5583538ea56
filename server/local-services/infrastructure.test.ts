// startInfrastructure starts the embedded services side by side; when one of
// them fails, those that started are stopped again (no PostgreSQL left running
// behind a failed `npm start`).
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { createLogger } from '../infra/logger';
import { startInfrastructure } from './infrastructure';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'opennest-infrastructure-'));
  // The embedded PostgreSQL runs as its own OS user when we are root: it must be able to write here.
  await chmod(dataDir, 0o777);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('stops the PostgreSQL it started when the mail server fails to start beside it, and reports that failure', async () => {
  // The mail server's directory cannot be made: a file stands where it would be.
  await writeFile(path.join(dataDir, 'mail'), 'not a directory');
  const config = loadConfig({ DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', LOG_LEVEL: 'silent' });
  expect(config.firebase.mode).toBe('external-emulator');
  expect(config.mail.mode).toBe('embedded');

  await expect(startInfrastructure(config, createLogger('silent'))).rejects.toThrow(/mail|EEXIST|ENOTDIR/i);

  // PostgreSQL had started (its cluster exists) and was stopped again: no server holds the cluster.
  const clusterDir = path.join(dataDir, 'postgres', 'cluster');
  expect(existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
  expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
}, 180_000);
