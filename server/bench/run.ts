// `npm run bench`: the all-properties query under load, through the whole app
// (HTTP, token check, caller look-up, Apollo, Prisma, DataLoader) and, as the
// floor, the same SQL straight through `pg`. See README "Benchmarks".
//
// One run: a throw-away PostgreSQL (or a throw-away database on
// BENCH_DATABASE_URL), migrations, seeded data, the Auth emulator, the app in two
// child processes (app-server.ts), a real signed-in user; then per scenario the
// SQL the request really issues, autocannon against /graphql, the SQL loop, and
// EXPLAIN plans.
// Everything started is stopped again, on failure and on Ctrl-C too.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createFirebaseIdentityProvider } from '../auth/identity-provider';
import { loadConfig, projectRoot } from '../config';
import { applyMigrations } from '../db/migrate';
import { startAuthEmulator } from '../infra/auth-emulator';
import { createDatabaseIfMissing, startEmbeddedPostgres } from '../infra/embedded-postgres';
import { createLogger } from '../infra/logger';
import { encodeCursor } from '../shared/pagination';
import { createSignedInUser } from './accounts';
import { cpuWindow, describeCpu, type CpuUse } from './cpu';
import { startRecordingApp, type Statement } from './capture';
import { explain } from './explain';
import { runAutocannon, runSqlLoop, type HttpLoad, type LoadResult } from './load';
import { runSavedSearchScenario } from './saved-search-matching';
import { runFilteredSearchScenario } from './filtered-search';
import { countMatches, seedBenchmarkData } from './seed';

// ---------------------------------------------------------------- settings

function intSetting(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}".`);
  return value;
}

const settings = {
  properties: intSetting('BENCH_PROPERTIES', 100_000),
  agents: intSetting('BENCH_AGENTS', 300),
  seed: intSetting('BENCH_SEED', 42, 0),
  connections: intSetting('BENCH_CONNECTIONS', 10),
  durationS: intSetting('BENCH_DURATION', 10),
  warmupS: intSetting('BENCH_WARMUP', 3, 0),
  dbPool: intSetting('BENCH_DB_POOL', 10),
  search: (process.env.BENCH_SEARCH ?? 'dhaka').trim() || 'dhaka',
  rareSearch: (process.env.BENCH_RARE_SEARCH ?? 'gulshan').trim() || 'gulshan',
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'error',
  savedSearches: intSetting('BENCH_SAVED_SEARCHES', 100_000, 0),
  /** `saved-searches`: only the saved-search matching scenario (no app processes, no HTTP load). */
  only: process.env.BENCH_ONLY || null,
};
if (settings.only && settings.only !== 'saved-searches') throw new Error(`BENCH_ONLY must be "saved-searches" or unset, got "${settings.only}".`);

const PAGE_SIZE = 24;
const FIREBASE_PROJECT = 'demo-opennest-bench';
const QUERY = `query AllProperties($search: String, $sort: PropertySort, $first: Int, $after: String) {
  verifiedProperties(search: $search, sort: $sort, first: $first, after: $after) {
    nodes { id title location thumbnail priceMin priceMax agent { name image } }
    pageInfo { endCursor hasNextPage }
  }
}`;

interface Variables {
  search?: string;
  sort: 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC';
  first: number;
  after?: string;
}

interface PageData {
  verifiedProperties: {
    nodes: Array<{ id: string; title: string; location: string; thumbnail: string; priceMin: string; priceMax: string; agent: { name: string; image: string | null } }>;
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

// ---------------------------------------------------------------- output

const out = (line = '') => process.stdout.write(`${line}\n`);
const section = (title: string) => out(`\n== ${title} ${'='.repeat(Math.max(0, 74 - title.length))}`);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');
const secs = (value: number) => `${(value / 1000).toFixed(1)} s`;
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

function table(headers: string[], rows: string[][]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  out(line(headers));
  out(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) out(line(row));
}

// ---------------------------------------------------------------- clean-up

const cleanups: Array<{ what: string; run: () => Promise<unknown> }> = [];
let cleaning: Promise<void> | null = null;
let interrupted = false;

/** Registers a clean-up step; once clean-up has begun (Ctrl-C), the step runs at once. */
function onCleanup(what: string, run: () => Promise<unknown>): void {
  cleanups.push({ what, run });
  if (cleaning) cleaning = cleaning.then(drain);
}

async function drain(): Promise<void> {
  while (cleanups.length) {
    const step = cleanups.pop()!;
    try {
      await step.run();
    } catch (error) {
      process.stderr.write(`clean-up: ${step.what} failed: ${(error as Error).message}\n`);
    }
  }
}

function cleanup(): Promise<void> {
  cleaning ??= drain();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  // embedded-postgres (through async-exit-hook) exits the process on these
  // signals as soon as its clusters are stopped, which would cut our clean-up
  // short; our clean-up stops the cluster itself.
  process.removeAllListeners(signal);
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping everything the benchmark started...\n`);
    void cleanup().finally(() => {
      process.stderr.write('everything started was stopped\n');
      process.exit(130);
    });
  });
}

// ---------------------------------------------------------------- app process

async function startAppProcess(label: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(projectRoot, 'server', 'bench', 'app-server.ts')], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  onCleanup(`stop the app process (${label})`, async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app process (${label}) did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`the app process (${label}) exited (code ${code}) before it was ready`)));
    child.on('message', (message: { type?: string; url?: string }) => {
      if (message?.type === 'ready' && message.url) {
        clearTimeout(timer);
        resolve(message.url);
      }
    });
  });
  return { url, child };
}

// ---------------------------------------------------------------- helpers

async function graphql(url: string, token: string, variables: Variables): Promise<{ status: number; text: string; data: PageData }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ operationName: 'AllProperties', query: QUERY, variables }),
  });
  const text = await response.text();
  const json = JSON.parse(text) as { data?: PageData; errors?: unknown };
  if (response.status !== 200 || json.errors || !json.data) throw new Error(`GraphQL request failed (${response.status}): ${text.slice(0, 500)}`);
  return { status: response.status, text, data: json.data };
}

/** Sanity checks on a page: size, order, search matches. */
function checkPage(data: PageData, variables: Variables): string {
  const { nodes, pageInfo } = data.verifiedProperties;
  const problems: string[] = [];
  if (!nodes.length) problems.push('no nodes');
  if (variables.search && nodes.some((n) => !n.location.toLowerCase().includes(variables.search!.toLowerCase()))) problems.push('a node does not match the search');
  if (variables.sort === 'PRICE_ASC' && nodes.some((n, i) => i > 0 && Number(n.priceMin) < Number(nodes[i - 1].priceMin))) problems.push('not sorted by price');
  if (nodes.some((n) => !n.agent.name || !n.thumbnail.endsWith('-thumb.webp'))) problems.push('agent or thumbnail missing');
  if (problems.length) throw new Error(`Unexpected page for ${JSON.stringify(variables)}: ${problems.join('; ')}`);
  return `${nodes.length} nodes, prices ${nodes[0].priceMin} .. ${nodes.at(-1)!.priceMin}, hasNextPage ${pageInfo.hasNextPage}${nodes.length < PAGE_SIZE ? ` (fewer than ${PAGE_SIZE}: not enough matching rows)` : ''}`;
}

const isPropertiesQuery = (s: Statement) => /\bFROM\s+"public"\."properties"/i.test(s.text);
const describeStatement = (s: Statement) => {
  if (/\bFROM\s+"public"\."users"/i.test(s.text) && /WHERE \(?"public"\."users"\."firebase_uid" = /.test(s.text)) return 'caller look-up (users by firebase_uid)';
  if (isPropertiesQuery(s)) return 'list (properties page)';
  if (/\bFROM\s+"public"\."users"/i.test(s.text)) return 'agents batch (DataLoader)';
  return 'other';
};

async function xactCommits(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0].n);
}

const sleep = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));

// ---------------------------------------------------------------- main

interface Scenario {
  name: string;
  variables: Variables;
  /** Captured per request: every statement, in order. */
  statements: Statement[];
  /** Floor: the list query and the agents batch. */
  floor: Statement[];
  body: string;
  check: string;
}

async function main() {
  const log = createLogger(settings.logLevel);
  const cpus = os.cpus();
  section('OpenNest benchmark: all-properties query');
  out(`machine   ${cpus.length} CPU(s) (${cpus[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.platform()} ${os.release()}`);
  out(`node      ${process.version}; load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  out(
    `settings  BENCH_PROPERTIES=${settings.properties} BENCH_AGENTS=${settings.agents} BENCH_SEED=${settings.seed} ` +
      `BENCH_CONNECTIONS=${settings.connections} BENCH_DURATION=${settings.durationS}s BENCH_WARMUP=${settings.warmupS}s ` +
      `BENCH_DB_POOL=${settings.dbPool} BENCH_SEARCH=${settings.search} BENCH_RARE_SEARCH=${settings.rareSearch} BENCH_LOG_LEVEL=${settings.logLevel} ` +
      `BENCH_SAVED_SEARCHES=${settings.savedSearches}${settings.only ? ` BENCH_ONLY=${settings.only}` : ''}`,
  );
  if (process.env.BENCH_APP_NODE_ARGS) out(`          BENCH_APP_NODE_ARGS=${process.env.BENCH_APP_NODE_ARGS}`);
  out('          load generator, SQL loop and the app (own process) share this machine with PostgreSQL and the Auth emulator');

  const runId = `${process.pid}-${randomBytes(3).toString('hex')}`;
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-bench-'));
  onCleanup(`remove ${workDir}`, () => fs.rm(workDir, { recursive: true, force: true }));

  // 1. Database -----------------------------------------------------------
  section('database');
  let databaseUrl: string;
  if (settings.databaseUrl) {
    const admin = new URL(settings.databaseUrl);
    const name = `opennest_bench_${runId.replace(/-/g, '_')}`;
    await createDatabaseIfMissing(admin.toString(), name);
    onCleanup(`drop database ${name}`, async () => {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    });
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    out(`server    BENCH_DATABASE_URL (${admin.host}), throw-away database ${name}`);
  } else {
    // Directly under the temp dir: as root, PostgreSQL runs as another OS user that must reach it.
    const clusterParent = path.join(os.tmpdir(), `opennest-bench-pg-${runId}`);
    onCleanup(`remove ${clusterParent}`, () => fs.rm(clusterParent, { recursive: true, force: true }));
    const started = performance.now();
    const clusterDir = path.join(clusterParent, 'cluster');
    const postgres = await startEmbeddedPostgres({ clusterDir, database: 'opennest_bench', persistent: false, fast: true, log });
    // A terminal's Ctrl-C reaches PostgreSQL too, and embedded-postgres' stop()
    // never returns for a server that already exited: done once it is gone.
    const gone = async () => {
      while (existsSync(path.join(clusterDir, 'postmaster.pid'))) await sleep(200);
    };
    onCleanup('stop the benchmark PostgreSQL', () => Promise.race([postgres.stop(), gone()]));
    databaseUrl = postgres.url;
    out(`server    embedded-postgres, throw-away cluster ${clusterParent} (fsync off), started in ${secs(performance.now() - started)}`);
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: settings.dbPool });
  // pool.end() resolves before idle connections are closed; the server stopping then must not crash us.
  pool.on('error', () => undefined);
  onCleanup('close the SQL pool', () => pool.end());
  {
    const { rows } = await pool.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings WHERE name IN ('server_version', 'shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit', 'max_connections', 'fsync', 'synchronous_commit') ORDER BY name`,
    );
    out(`postgres  ${rows.map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`).join(', ')}`);
  }

  const migrationStarted = performance.now();
  const applied = await applyMigrations(databaseUrl, log);
  out(`migrations ${applied.length} applied (${applied.join(', ')}) in ${secs(performance.now() - migrationStarted)}`);

  // 2. Seed ---------------------------------------------------------------
  section('seed');
  const seedStarted = performance.now();
  const stats = await seedBenchmarkData({ databaseUrl, properties: settings.properties, agents: settings.agents, seed: settings.seed });
  const seedMs = performance.now() - seedStarted;
  out(`seeded    ${stats.properties} properties and ${stats.agents} agents in ${secs(seedMs)} (INSERTs ${secs(stats.insertMs)}, VACUUM ANALYZE ${secs(stats.vacuumMs)})`);
  out(`status    ${Object.entries(stats.byStatus).map(([k, v]) => `${k} ${v}`).join(', ')}; deleted ${stats.deleted}; advertised ${stats.advertised}`);
  out(`listable  ${stats.listable} (verified, not deleted)`);
  out(`prices    price_min ${stats.priceRange.min} .. ${stats.priceRange.max}; created ${stats.createdRange.min} .. ${stats.createdRange.max}`);
  out(`sizes     table ${stats.tableSize}; indexes ${stats.indexSizes.map((i) => `${i.name} ${i.size}`).join(', ')}`);
  const matches = await countMatches(databaseUrl, [settings.search, settings.rareSearch]);
  out(`search    ${matches.map((m) => `'${m.term}' matches ${m.rows} listable rows (${pct(m.share)})`).join('; ')}`);
  if (matches[0].rows <= PAGE_SIZE) {
    throw new Error(`BENCH_SEARCH '${settings.search}' matches ${matches[0].rows} listable rows; the next-page scenario needs more than ${PAGE_SIZE}. Choose another term or seed more rows.`);
  }

  // 2b. Saved searches: matching one new listing against all of them ----------
  if (settings.savedSearches > 0) {
    section(`saved-search matching: one new listing against ${settings.savedSearches} saved searches`);
    const scenario = await runSavedSearchScenario({ databaseUrl, savedSearches: settings.savedSearches, seed: settings.seed, log });
    out(`seeded    ${scenario.savedSearches} saved searches of ${scenario.owners} buyers in ${secs(scenario.seedMs)} (terms: a district, a city, both, or any location; 10 % with alerts off)`);
    out('each run: one transaction = the matching statement (find every matching saved search, record the matches, write the notifications)');
    out('          + the live events (pg_notify) and the instant e-mail jobs, as the saved-search-matching job runs it; first run (warm-up) not shown');
    for (const run of scenario.runs) out(`  ${run.location.padEnd(32)} ${String(run.matched).padStart(6)} saved searches matched, ${ms(run.ms).padStart(8)} ms`);
    out('plan of the matching part:');
    for (const line of scenario.plan) out(`  ${line}`);
    savedSearchSummary = scenario.runs.map((run) => `${run.location}: ${run.matched} matches in ${ms(run.ms)} ms`).join('; ');
  }
  if (settings.only === 'saved-searches') return;

  // 3. Auth emulator, the app, a signed-in user --------------------------------
  section('app');
  const emulatorStarted = performance.now();
  const emulator = await startAuthEmulator({ projectId: FIREBASE_PROJECT, workDir: path.join(workDir, 'firebase'), preferredPort: 0, log });
  onCleanup('stop the Auth emulator', () => emulator.stop());
  out(`emulator  Firebase Auth emulator at ${emulator.host} (project ${FIREBASE_PROJECT}), started in ${secs(performance.now() - emulatorStarted)}`);

  const uploadDir = path.join(workDir, 'uploads');
  const clientDistDir = path.join(workDir, 'no-client');
  const appEnv = {
    BENCH_APP_DATABASE_URL: databaseUrl,
    BENCH_APP_DB_POOL: String(settings.dbPool),
    BENCH_APP_AUTH_EMULATOR_HOST: emulator.host,
    BENCH_APP_FIREBASE_PROJECT_ID: FIREBASE_PROJECT,
    BENCH_APP_LOG_LEVEL: settings.logLevel,
    BENCH_APP_UPLOAD_DIR: uploadDir,
    BENCH_APP_CLIENT_DIST_DIR: clientDistDir,
  };
  const app = await startAppProcess('emulator token check', { ...appEnv, BENCH_APP_TOKEN_CHECK: 'emulator' });
  const appLocal = await startAppProcess('local token check', { ...appEnv, BENCH_APP_TOKEN_CHECK: 'local' });
  out(`app       createApp (server/app.ts), each in its own process; NODE_ENV=production, LOG_LEVEL=${settings.logLevel}, Prisma pool max ${settings.dbPool}:`);
  out(`          A  pid ${app.child.pid} at ${app.url}: as configured for the emulator (firebase-admin verifyIdToken, which then looks the account up in the emulator over HTTP)`);
  out(`          B  pid ${appLocal.child.pid} at ${appLocal.url}: the same, but the token is checked by firebase-admin's verifier alone, as with a real project (no HTTP call)`);

  const user = await createSignedInUser({ emulatorHost: emulator.host, appUrl: app.url, email: `bench-${runId}@example.test`, password: 'Bench#2026', name: 'Bench Buyer' });
  out(`user      ${user.email} (role ${user.role}), signed up through the emulator REST API, record created by recordSignIn; real ID token of ${user.idToken.length} chars`);

  // The in-process twin that records SQL (single requests only).
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: settings.logLevel, FIREBASE_PROJECT_ID: FIREBASE_PROJECT, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, UPLOAD_DIR: uploadDir, SEED_DEMO: 'false' }),
    clientDistDir,
  };
  const identity = createFirebaseIdentityProvider(config.firebase, emulator.host);
  onCleanup('close the identity provider', () => identity.close());
  const recorder = await startRecordingApp({ databaseUrl, poolSize: settings.dbPool, config, identity, log });
  onCleanup('stop the recording app', () => recorder.close());

  // 4. Scenarios: what each request issues -----------------------------------------
  section('SQL per GraphQL request (recorded at the pg driver, one request each)');
  const capture = async (name: string, variables: Variables): Promise<Scenario> => {
    let result: Awaited<ReturnType<typeof graphql>> | undefined;
    const statements = await recorder.record(async () => {
      result = await graphql(recorder.url, user.idToken, variables);
    });
    const fromA = await graphql(app.url, user.idToken, variables);
    const fromB = await graphql(appLocal.url, user.idToken, variables);
    if (fromA.text !== result!.text || fromB.text !== result!.text) throw new Error(`The app processes and the recording twin answered differently for ${name}.`);
    const listIndex = statements.findIndex(isPropertiesQuery);
    if (listIndex < 0) throw new Error(`No properties query recorded for ${name}.`);
    return { name, variables, statements, floor: statements.slice(listIndex), body: fromA.text, check: checkPage(fromA.data, variables) };
  };

  const searchScenario = await capture('search', { search: settings.search, sort: 'PRICE_ASC', first: PAGE_SIZE });
  const sortScenario = await capture('sort only', { sort: 'PRICE_ASC', first: PAGE_SIZE });
  const nextScenario = await capture('next page (search)', {
    search: settings.search,
    sort: 'PRICE_ASC',
    first: PAGE_SIZE,
    after: (JSON.parse(searchScenario.body) as { data: PageData }).data.verifiedProperties.pageInfo.endCursor ?? undefined,
  });
  const middleRow = Math.floor(stats.listable / 2);
  const { rows: [middle] } = await pool.query<{ price: string; id: string }>(
    `SELECT price_min::text AS price, id FROM properties WHERE status = 'verified' AND deleted_at IS NULL ORDER BY price_min, id OFFSET $1 LIMIT 1`,
    [middleRow],
  );
  const deepScenario = await capture(`deep page (sort only, after row ${middleRow})`, {
    sort: 'PRICE_ASC',
    first: PAGE_SIZE,
    after: encodeCursor({ sort: 'PRICE_ASC', value: middle.price, id: middle.id }),
  });
  const scenarios = [searchScenario, sortScenario, nextScenario, deepScenario];

  for (const scenario of scenarios) {
    out(`\n${scenario.name}: variables ${JSON.stringify(scenario.variables)}`);
    out(`  response ${Buffer.byteLength(scenario.body)} bytes: ${scenario.check}`);
    out(`  ${scenario.statements.length} SQL statements per request:`);
    scenario.statements.forEach((s, i) => out(`    ${i + 1}. ${describeStatement(s)} (${s.values.length} parameters)`));
  }
  out('\nThe SQL Prisma sent for the search scenario (the floor replays exactly these, with these values):');
  for (const s of searchScenario.statements) {
    out(`  -- ${describeStatement(s)}`);
    out(`  ${s.text}`);
    out(`  -- values: ${JSON.stringify(s.values)}`);
  }
  const nextList = nextScenario.statements.find(isPropertiesQuery)!;
  out('\nThe list query of the next-page scenario (keyset condition from the cursor):');
  out(`  ${nextList.text}`);
  out(`  -- values: ${JSON.stringify(nextList.values)}`);

  // 5. Load ------------------------------------------------------------------
  section(`load: ${settings.connections} connections/workers, ${settings.warmupS} s warm-up + ${settings.durationS} s measured each`);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.idToken}` };
  const measure = async (target: HttpLoad) => {
    const warm = settings.warmupS ? await runAutocannon(target, settings.connections, settings.warmupS) : null;
    const cpu = cpuWindow();
    const run = await runAutocannon(target, settings.connections, settings.durationS);
    return { warm, run, cpu: cpu() };
  };
  const measureSql = async (statements: Statement[]) => {
    const cpu = cpuWindow();
    const run = await runSqlLoop(pool, statements, settings.connections, settings.durationS);
    return { run, cpu: cpu() };
  };

  // What app A pays per request on top of B: the emulator's account look-up, alone.
  const lookup = await measure({
    url: `http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${FIREBASE_PROJECT}/accounts:lookup`,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: [user.uid] }),
  });
  out(`\nAuth emulator accounts:lookup alone (the request firebase-admin's verifyIdToken makes per call with an emulator):`);
  out(`  ${lookup.run.rps.toFixed(0)} req/s, p50 ${ms(lookup.run.p50)} ms, p99 ${ms(lookup.run.p99)} ms, failures ${lookup.run.failures}; ${describeCpu(lookup.cpu)}`);

  type Measured = { run: LoadResult; cpu: CpuUse | null };
  const results: Array<{ scenario: Scenario; gql: Measured; gqlLocal: Measured; floor: Measured; floorAll: Measured }> = [];
  for (const [index, scenario] of scenarios.entries()) {
    const target = (url: string): HttpLoad => ({
      url: `${url}/graphql`,
      headers,
      body: JSON.stringify({ operationName: 'AllProperties', query: QUERY, variables: scenario.variables }),
      expectBody: scenario.body,
    });
    // For the first scenario, PostgreSQL's own transaction counter checks the
    // recorded statement count under load (each statement is one autocommit
    // transaction). Backends flush their counters within ~10 s of going idle.
    const crossCheck = index === 0;
    const commitsBefore = crossCheck ? (await sleep(11_000), await xactCommits(pool)) : 0;
    const gqlLocal = await measure(target(appLocal.url));
    let commitsPerRequest: number | undefined;
    if (crossCheck) {
      await sleep(11_000);
      // Minus this pool's own two snapshot queries.
      const commits = (await xactCommits(pool)) - commitsBefore - 2;
      commitsPerRequest = commits / ((gqlLocal.warm?.sent ?? 0) + gqlLocal.run.sent);
    }
    const gql = await measure(target(app.url));
    if (settings.warmupS) await runSqlLoop(pool, scenario.floor, settings.connections, settings.warmupS);
    const floor = await measureSql(scenario.floor);
    const floorAll = await measureSql(scenario.statements);
    results.push({ scenario, gql, gqlLocal, floor, floorAll });

    out(`\n${scenario.name}`);
    const line = (label: string, { run: r, cpu }: Measured, note: string) => {
      out(`  ${label.padEnd(13)} ${r.rps.toFixed(0).padStart(6)} req/s, p50 ${ms(r.p50).padStart(7)} ms, p99 ${ms(r.p99).padStart(7)} ms, failures ${r.failures}  [${note}]`);
      out(`  ${''.padEnd(13)} ${describeCpu(cpu)}`);
    };
    line('GraphQL A', gql, `emulator token check; ${gql.run.details}`);
    line('GraphQL B', gqlLocal, `local token check; ${gqlLocal.run.details}`);
    line('floor', floor, `list + agents batch through pg; ${floor.run.details}`);
    line('floor+caller', floorAll, `every recorded statement through pg, caller look-up included; ${floorAll.run.details}`);
    if (commitsPerRequest !== undefined) {
      out(`  pg_stat_database: ${commitsPerRequest.toFixed(2)} transactions per GraphQL request (app B) under load; recorded: ${scenario.statements.length} statements`);
    }
  }

  // 6. Plans ------------------------------------------------------------------
  section('EXPLAIN (ANALYZE, BUFFERS) of the list query, warm cache');
  const rareScenario = await capture(`rare search '${settings.rareSearch}'`, { search: settings.rareSearch, sort: 'PRICE_ASC', first: PAGE_SIZE });
  const newestScenario = await capture('default order (NEWEST), no search', { sort: 'NEWEST', first: PAGE_SIZE });
  for (const scenario of [...scenarios, rareScenario, newestScenario]) {
    const list = scenario.statements.find(isPropertiesQuery)!;
    await explain(pool, list); // once to warm, then the reported run
    const plan = await explain(pool, list);
    const indexes = [...new Set(plan.nodes.filter((n) => n.index).map((n) => `${n.type} using ${n.index}`))];
    out(`\n${scenario.name}  ${JSON.stringify(scenario.variables).slice(0, 110)}`);
    for (const planLine of plan.lines) out(`  ${planLine}`);
    out(`  -> indexes used: ${indexes.length ? indexes.join('; ') : 'none (sequential scan)'}`);
    if (scenario.variables.search) {
      const trigram = plan.nodes.some((n) => n.type === 'Bitmap Index Scan' && n.index === 'properties_location_trgm_idx');
      out(`  -> trigram bitmap scan: ${trigram ? 'yes' : `no; for this term the planner preferred ${indexes[0] ?? 'a sequential scan'}`}`);
    } else {
      const expected = scenario.variables.sort === 'NEWEST' ? 'properties_status_created_at_id_idx' : 'properties_status_price_min_id_idx';
      out(`  -> ordered index scan on ${expected}: ${plan.nodes.some((n) => n.type === 'Index Scan' && n.index === expected) ? 'yes' : 'no'}`);
    }
  }

  // 6b. The filtered page (issue 11) ----------------------------------------------
  section('filtered search: location + price range + type + bedrooms, by price (app B)');
  const filtered = await runFilteredSearchScenario({ pool, appUrl: appLocal.url, recorder, token: user.idToken, search: settings.search, connections: settings.connections, warmupS: settings.warmupS, durationS: settings.durationS });
  out(`facts     given to every seeded listing in ${secs(filtered.factsMs)} (type, rooms for homes, area in sq ft; VACUUM ANALYZE after)`);
  out(`filter    search '${settings.search}' + ${JSON.stringify(filtered.filter)}; first page ${filtered.firstPage} rows; count ${filtered.matches.count}${filtered.matches.capped ? '+ (capped)' : ''}`);
  const filteredLine = (label: string, r: LoadResult) => out(`  ${label.padEnd(22)} ${r.rps.toFixed(0).padStart(6)} req/s, p50 ${ms(r.p50).padStart(7)} ms, p99 ${ms(r.p99).padStart(7)} ms, failures ${r.failures}`);
  filteredLine('plain search (list)', filtered.plain);
  filteredLine('filtered (list+count)', filtered.filtered);
  for (const plan of filtered.plans) {
    out(`\n${plan.name}:`);
    for (const planLine of plan.lines) out(`  ${planLine}`);
    out(`  -> indexes used: ${plan.indexes.length ? plan.indexes.join('; ') : 'none (sequential scan)'}`);
  }
  filteredSummary = `plain search p50 ${ms(filtered.plain.p50)} / p99 ${ms(filtered.plain.p99)} ms; filtered (list + count) p50 ${ms(filtered.filtered.p50)} / p99 ${ms(filtered.filtered.p99)} ms`;

  // 7. Summary ------------------------------------------------------------------
  section('summary');
  out(`${stats.properties} properties (${stats.listable} listable), ${settings.connections} connections/workers, ${settings.durationS} s per run, ${cpus.length} CPU(s), Node ${process.version}`);
  out('latency: exact per-request times (ms) of every request completed in the measured window');
  out('A = app with the emulator token check (HTTP look-up per request), B = app with a local token check (as with a real project)');
  out('floor = the recorded list + agents-batch SQL through pg; x = GraphQL / floor (req/s: share of the floor reached; latency: times slower)');
  out('others = CPU used by processes outside this benchmark during the run, as a share of all CPUs (they disturb the figures)\n');
  table(
    ['scenario', 'SQL/req', 'runner', 'req/s', 'p50 ms', 'p99 ms', 'req/s x', 'p50 x', 'p99 x', 'others'],
    results.flatMap(({ scenario, gql: { run: gql, cpu: gqlCpu }, gqlLocal: { run: gqlLocal, cpu: gqlLocalCpu }, floor: { run: floor, cpu: floorCpu }, floorAll: { run: floorAll, cpu: floorAllCpu } }) => {
      const row = (runner: string, r: LoadResult, withRatio: boolean, cpu: CpuUse | null) => [
        runner === 'GraphQL A' ? scenario.name : '',
        runner === 'GraphQL A' ? String(scenario.statements.length) : '',
        runner,
        r.rps.toFixed(0),
        ms(r.p50),
        ms(r.p99),
        withRatio ? (r.rps / floor.rps).toFixed(2) : '',
        withRatio ? (r.p50 / floor.p50).toFixed(1) : '',
        withRatio ? (r.p99 / floor.p99).toFixed(1) : '',
        cpu ? `${(cpu.others * 100).toFixed(0)} %` : 'n/a',
      ];
      return [row('GraphQL A', gql, true, gqlCpu), row('GraphQL B', gqlLocal, true, gqlLocalCpu), row('floor', floor, false, floorCpu), row('floor+caller', floorAll, false, floorAllCpu)];
    }),
  );
  out(`\nAuth emulator accounts:lookup alone: ${lookup.run.rps.toFixed(0)} req/s, p50 ${ms(lookup.run.p50)} ms, p99 ${ms(lookup.run.p99)} ms`);
  const failures = results.reduce((sum, r) => sum + r.gql.run.failures + r.gqlLocal.run.failures + r.floor.run.failures + r.floorAll.run.failures, 0);
  out(`failed requests in all measured runs: ${failures}`);
  out(`seeding: ${stats.properties} properties + ${stats.agents} agents in ${secs(seedMs)}`);
  out(`filtered search (app B, ${settings.connections} connections): ${filteredSummary}`);
  if (savedSearchSummary) out(`saved-search matching (${settings.savedSearches} saved searches, one new listing each): ${savedSearchSummary}`);
}

/** The saved-search scenario's figures, repeated in the summary. */
let savedSearchSummary = '';
/** The filtered scenario's figures, repeated in the summary. */
let filteredSummary = '';

const wallStarted = performance.now();
main().then(
  async () => {
    await cleanup();
    out(`\ndone in ${secs(performance.now() - wallStarted)}; everything started was stopped`);
    process.exit(0);
  },
  async (error: unknown) => {
    // After Ctrl-C, whatever was running fails as things stop: not worth reporting.
    if (!interrupted) process.stderr.write(`\nbenchmark failed: ${(error as Error).stack ?? error}\n`);
    await cleanup();
    process.stderr.write('everything started was stopped\n');
    process.exit(1);
  },
);
