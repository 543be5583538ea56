// `npm run worker`: the job workers (e-mail, digests, saved-search matching)
// as a process of their own, for deployments that run the API with
// JOB_WORKERS=off. It needs the API's database and a mail service (DATABASE_URL,
// SMTP_URL) and must sign unsubscribe links with the API's key
// (UNSUBSCRIBE_SECRET, or the same DATA_DIR). Any number may run: pg-boss
// hands each job to one of them.
import { eventsAndJobsOptions, startEventsAndJobs } from './events-and-jobs';
import { loadConfig } from './config';
import { applyMigrations } from './db/migrate';
import { applyTextSearchLanguage } from './properties/text-search-language';
import { createLogger } from './infra/logger';
import { stopOnSignals } from './infra/shutdown';
import { loadUnsubscribeSecret } from './notifications/unsubscribe-token';

const config = loadConfig();
const log = createLogger(config.logLevel);

async function main() {
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL: the database the API uses (with `npm start` and no DATABASE_URL, the API runs the workers itself).');
  if (config.mail.mode !== 'smtp') throw new Error('npm run worker needs SMTP_URL: the mail service e-mail goes through.');
  await applyMigrations(config.databaseUrl, log);
  if (await applyTextSearchLanguage(config.databaseUrl, config.textSearchLanguage)) log.info({ language: config.textSearchLanguage }, 'keyword search language changed: search words recomputed');
  const eventsAndJobs = await startEventsAndJobs(
    eventsAndJobsOptions(
      { ...config, jobWorkers: true },
      { databaseUrl: config.databaseUrl, log, smtpUrl: config.mail.url, unsubscribeSecret: await loadUnsubscribeSecret(config.unsubscribeSecret, config.dataDir) },
    ),
  );
  log.info('job workers started (npm run worker)');
  // A parent process (a test's) hears that it is ready.
  process.send?.({ type: 'ready' });
  stopOnSignals(log, 'stopping job workers', () => eventsAndJobs.stop());
}

main().catch((error) => {
  log.fatal({ err: error }, 'worker start-up failed');
  process.exit(1);
});
