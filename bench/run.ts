// `npm run bench`: the all-properties query under load, through the whole app
// (HTTP, token check, caller look-up, Apollo, Prisma, DataLoader) and, as the
// floor, the same SQL straight through `pg`. See docs/benchmarks.md.
//
// One run: a throw-away PostgreSQL (or a throw-away database on
// BENCH_DATABASE_URL), migrations, seeded data, the Auth emulator, the app in two
// child processes (app-server.ts), a real signed-in user; then per scenario the
// SQL the request really issues, autocannon against /graphql, the SQL loop, and
// EXPLAIN plans.
// Everything started is stopped again, on failure and on Ctrl-C too.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createFirebaseIdentityProvider } from '../server/auth/identity-provider';
import { loadConfig, projectRoot } from '../server/config';
import { applyMigrations } from '../server/db/migrate';
import { startAuthEmulator } from '../server/local-services/auth-emulator';
import { createDatabaseIfMissing, startEmbeddedPostgres } from '../server/local-services/embedded-postgres';
import { createLogger } from '../server/infra/logger';
import { API_NODE_FLAGS } from '../server/infra/api-node-flags';
import { encodeCursor } from '../server/shared/pagination';
import { createSignedInUser } from './accounts';
import { cpuWindow, describeCpu, type CpuUse } from './cpu';
import { startRecordingApp, type Statement } from './capture';
import { explain } from './explain';
import { runAutocannon, runSqlLoop, type HttpLoad, type LoadResult } from './load';
import { runSavedSearchScenario } from './saved-search-matching';
import { runWebhookFanOutScenario } from './webhook-fan-out';
import { addListingWords, checkKeywordPage, checkSimilarHomes, KEYWORD_QUERY, keywordFilter, SIMILAR_QUERY, similarHomesListing, type KeywordFilter } from './keywords';
import { addListingFacts, checkFilteredPage, FILTERED_QUERY, listingFilter, type ListingFilter } from './filtered-search';
import { countMatches, seedBenchmarkData, seedScenarioRecords, type ScenarioRecords, type SeedStats } from './seed';
import { checkListingDemand, checkReplyTime, INSIGHT_CONVERSATIONS, INSIGHT_SAVED_SEARCHES, listingDemandRequest, replyTimeRequest, seedInsightRecords, type InsightRecords } from './insight';
import { agentWeekRequest, checkAgentWeek, checkFreeSlots, freeSlotsRequest, seedViewingRecords, SLOT_BOOKINGS, WEEK_VIEWINGS, type ViewingRecords } from './viewings';

// ---------------------------------------------------------------- settings

function intSetting(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}".`);
  return value;
}

function sizesSetting(): number[] {
  const raw = process.env.BENCH_SIZES;
  if (!raw) return [intSetting('BENCH_PROPERTIES', 100_000)];
  const sizes = raw.split(',').map((part) => Number(part.trim()));
  if (!sizes.length || sizes.some((size) => !Number.isSafeInteger(size) || size < 1)) throw new Error(`BENCH_SIZES must be a comma-separated list of listing counts, got "${raw}".`);
  return sizes;
}

const settings = {
  /** Listing counts to run every scenario at, in order (BENCH_SIZES, else BENCH_PROPERTIES). */
  sizes: sizesSetting(),
  agents: intSetting('BENCH_AGENTS', 300),
  seed: intSetting('BENCH_SEED', 42, 0),
  connections: intSetting('BENCH_CONNECTIONS', 10),
  durationS: intSetting('BENCH_DURATION', 10),
  warmupS: intSetting('BENCH_WARMUP', 3, 0),
  /**
   * Measured runs of GraphQL B and of the floor per scenario, alternated; the
   * verdicts take each figure's median. A single 10 s run's p99 moves by 10 to
   * 20 ms from run to run, as much as the growth the flatness target bounds.
   */
  repeats: intSetting('BENCH_REPEATS', 1),
  dbPool: intSetting('BENCH_DB_POOL', 10),
  search: (process.env.BENCH_SEARCH ?? 'dhaka').trim() || 'dhaka',
  /** The place of "place + filters" (a PropertyFilter.place value; the seed's cities and neighbourhoods are places). */
  place: (process.env.BENCH_PLACE ?? 'city:dhaka').trim() || 'city:dhaka',
  /** The text of "substring fallback + filters": it must name no place (a word of street lines). */
  substring: (process.env.BENCH_SUBSTRING ?? 'road').trim() || 'road',
  rareSearch: (process.env.BENCH_RARE_SEARCH ?? 'gulshan').trim() || 'gulshan',
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'error',
  savedSearches: intSetting('BENCH_SAVED_SEARCHES', 100_000, 0),
  /** Webhook fan-out (issue 22): events, each wanted by every one of the endpoints; 0 skips it. */
  webhookEvents: intSetting('BENCH_WEBHOOK_EVENTS', 10_000, 0),
  webhookEndpoints: intSetting('BENCH_WEBHOOK_ENDPOINTS', 10),
  /** `saved-searches` or `webhooks`: only that scenario (no app processes, no HTTP load). */
  only: process.env.BENCH_ONLY || null,
};
if (settings.only && settings.only !== 'saved-searches' && settings.only !== 'webhooks') throw new Error(`BENCH_ONLY must be "saved-searches", "webhooks" or unset, got "${settings.only}".`);

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

interface AppProcess {
  url: string;
  child: ChildProcess;
  /** Resident memory (VmRSS) of the process now, in MiB (Linux; NaN elsewhere). */
  residentMiB(): number;
  stop(): Promise<void>;
}

async function startAppProcess(label: string, env: Record<string, string>): Promise<AppProcess> {
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...API_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', path.join(projectRoot, 'bench', 'app-server.ts')], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  };
  onCleanup(`stop the app process (${label})`, stop);
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
  return { url, child, residentMiB: () => treeResidentMiB(child.pid!), stop };
}

/** VmRSS of `pid` and its descendants (the app processes of BENCH_APP_PROCESSES), in MiB. */
function treeResidentMiB(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  let total = 0;
  for (const stack = [pid]; stack.length; ) {
    const at = stack.pop()!;
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${at}/status`, 'utf8'));
      if (match) total += Number(match[1]) / 1024;
    } catch {
      // exited meanwhile
    }
    stack.push(...(children.get(at) ?? []));
  }
  return total || Number.NaN;
}

// ---------------------------------------------------------------- helpers

interface GraphqlRequest {
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
}

async function graphql(url: string, token: string | null, request: GraphqlRequest): Promise<{ text: string; data: Record<string, unknown> }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(request),
  });
  const text = await response.text();
  const json = JSON.parse(text) as { data?: Record<string, unknown>; errors?: unknown };
  if (response.status !== 200 || json.errors || !json.data) throw new Error(`GraphQL ${request.operationName} failed (${response.status}): ${text.slice(0, 500)}`);
  return { text, data: json.data };
}

/** Sanity checks on a page of the all-properties list: size, order, search matches. */
function checkPage(data: PageData, variables: Variables): string {
  const { nodes, pageInfo } = data.verifiedProperties;
  const problems: string[] = [];
  if (!nodes.length) problems.push('no nodes');
  if (variables.search && nodes.some((n) => !n.location.toLowerCase().includes(variables.search!.toLowerCase()))) problems.push('a node does not match the search');
  if (variables.sort === 'PRICE_ASC' && nodes.some((n, i) => i > 0 && Number(n.priceMin) < Number(nodes[i - 1].priceMin))) problems.push('not sorted by price');
  const bare = nodes.find((n) => !n.agent.name || !n.thumbnail.endsWith('-thumb.webp'));
  if (bare) problems.push(`agent or thumbnail missing: ${JSON.stringify(bare)}`);
  if (problems.length) throw new Error(`Unexpected page for ${JSON.stringify(variables)}: ${problems.join('; ')}`);
  return `${nodes.length} nodes, prices ${nodes[0].priceMin} .. ${nodes.at(-1)!.priceMin}, hasNextPage ${pageInfo.hasNextPage}${nodes.length < PAGE_SIZE ? ` (fewer than ${PAGE_SIZE}: not enough matching rows)` : ''}`;
}

/** Sanity check on a list answer: at least `min` items under `field`. */
function checkList(data: Record<string, unknown>, field: string, min: number): string {
  const items = data[field];
  if (!Array.isArray(items) || items.length < min) throw new Error(`Expected at least ${min} items in ${field}, got ${Array.isArray(items) ? items.length : typeof items}.`);
  return `${items.length} ${field}`;
}

// Prisma's queries name "public"."properties"; the All Properties list and count are SQL (FROM properties p).
const isPropertiesQuery = (s: Statement) => /\bFROM\s+(?:"public"\."properties"|properties\s)/i.test(s.text);
const isCallerLookup = (s: Statement) => /\bFROM\s+"public"\."users"/i.test(s.text) && /WHERE \(?"public"\."users"\."firebase_uid" = /.test(s.text);
const describeStatement = (s: Statement) => {
  if (isCallerLookup(s)) return 'caller look-up (users by firebase_uid)';
  if (isPropertiesQuery(s)) return 'properties';
  const table = /\bFROM\s+"public"\."(\w+)"/i.exec(s.text)?.[1];
  // The loaders read users through the driver (server/db/records.ts: FROM users t WHERE t.id = ANY(...)).
  if (table === 'users' || /\bFROM\s+users t WHERE t\.id = ANY\(/.test(s.text)) return 'users batch (DataLoader)';
  if (table) return table;
  // Raw SQL names its tables unquoted (the viewings' slots, for one): those it reads, its WITH names left out.
  const named = new Set([...s.text.matchAll(/\b(\w+) AS \(/g)].map((m) => m[1]));
  const read = [...new Set([...s.text.matchAll(/\b(?:FROM|JOIN)\s+(\w+)/gi)].map((m) => m[1]).filter((name) => !named.has(name) && name !== 'generate_series'))];
  return read.length ? read.join(', ') : 'no table (a computed value)';
};

async function xactCommits(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0].n);
}

const sleep = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));

// ---------------------------------------------------------------- scenarios

/** What a scenario's request may use: the seeded size's data and a way to ask the app. */
interface SizeData {
  stats: SeedStats;
  records: ScenarioRecords;
  viewings: ViewingRecords;
  insight: InsightRecords;
  pool: pg.Pool;
  /** Asks the recording twin as the buyer (for cursors and the like). */
  ask(request: GraphqlRequest): Promise<Record<string, unknown>>;
}

/**
 * One load scenario: a GraphQL request sent by the signed-in buyer, the
 * signed-in agent or nobody (a public read). Adding a scenario is adding an
 * entry to SCENARIOS.
 */
interface ScenarioDefinition {
  name: string;
  /** `agentKey`: the agent's API key (issue 22) instead of its ID token. */
  as: 'buyer' | 'agent' | 'agentKey' | 'public';
  request(data: SizeData): Promise<GraphqlRequest> | GraphqlRequest;
  /** Throws on an unexpected answer; returns a one-line description. */
  check(data: Record<string, unknown>, request: GraphqlRequest): string;
  /** EXPLAIN its properties query in the plans section. */
  explain?: boolean;
}

const listRequest = (variables: Variables): GraphqlRequest => ({ operationName: 'AllProperties', query: QUERY, variables: { ...variables } });
const checkListPage = (data: Record<string, unknown>, request: GraphqlRequest) => checkPage(data as unknown as PageData, request.variables as unknown as Variables);

/** The dashboard lists' page size (the client's and the server's default). */
const OWN_LIST_PAGE_SIZE = 20;

const myListingsRequest: GraphqlRequest = {
  operationName: 'MyListings',
  query: `query MyListings($first: Int) { myProperties(first: $first) { nodes { id title status priceMin priceMax } pageInfo { endCursor hasNextPage } } }`,
  variables: { first: OWN_LIST_PAGE_SIZE },
};
const checkMyListings = (data: Record<string, unknown>) => {
  const page = data.myProperties as { nodes: unknown[] } | undefined;
  if (!page?.nodes.length) throw new Error(`Expected the agent's listings, got ${JSON.stringify(data).slice(0, 200)}.`);
  return `${page.nodes.length} myProperties (first page)`;
};

const SCENARIOS: ScenarioDefinition[] = [
  { name: 'search', as: 'buyer', explain: true, request: () => listRequest({ search: settings.search, sort: 'PRICE_ASC', first: PAGE_SIZE }), check: checkListPage },
  { name: 'sort only', as: 'buyer', explain: true, request: () => listRequest({ sort: 'PRICE_ASC', first: PAGE_SIZE }), check: checkListPage },
  {
    name: 'next page (search)',
    as: 'buyer',
    explain: true,
    async request({ ask }) {
      const first = (await ask(listRequest({ search: settings.search, sort: 'PRICE_ASC', first: PAGE_SIZE }))) as unknown as PageData;
      return listRequest({ search: settings.search, sort: 'PRICE_ASC', first: PAGE_SIZE, after: first.verifiedProperties.pageInfo.endCursor ?? undefined });
    },
    check: checkListPage,
  },
  {
    name: 'deep page (sort only)',
    as: 'buyer',
    explain: true,
    async request({ stats, pool }) {
      const { rows: [middle] } = await pool.query<{ price: string; id: string }>(
        `SELECT price_min::text AS price, id FROM properties WHERE status = 'verified' AND deleted_at IS NULL ORDER BY price_min, id OFFSET $1 LIMIT 1`,
        [Math.floor(stats.listable / 2)],
      );
      return listRequest({ sort: 'PRICE_ASC', first: PAGE_SIZE, after: encodeCursor({ sort: 'PRICE_ASC', value: middle.price, id: middle.id }) });
    },
    check: checkListPage,
  },
  {
    // The buyer's common path (issue 19): a place picked in the search box (exact key, B-tree) + price + type + beds.
    name: 'place + filters',
    as: 'buyer',
    explain: true,
    async request({ pool }) {
      return { operationName: 'FilteredProperties', query: FILTERED_QUERY, variables: { filter: { ...(await listingFilter(pool)), place: settings.place } } };
    },
    check: (data, request) => checkFilteredPage(data, (request.variables as { filter: ListingFilter }).filter),
  },
  {
    // Text that names no known place: the substring of the location (trigram index), with the same filters. Reported, pass or miss.
    name: 'substring fallback + filters',
    as: 'buyer',
    explain: true,
    async request({ pool }) {
      return { operationName: 'FilteredProperties', query: FILTERED_QUERY, variables: { search: settings.substring, filter: { ...(await listingFilter(pool)) } } };
    },
    check: (data, request) => checkFilteredPage(data, (request.variables as { filter: ListingFilter }).filter),
  },
  // Issue 19: keywords ("garden") with an amenity, a price band and bedrooms; similar homes of one listing.
  {
    name: 'keyword + filters',
    as: 'buyer',
    async request({ pool }) {
      return { operationName: 'KeywordProperties', query: KEYWORD_QUERY, variables: { filter: { ...(await keywordFilter(pool)) } } };
    },
    check: (data, request) => checkKeywordPage(data, (request.variables as { filter: KeywordFilter }).filter),
  },
  {
    name: 'similar homes',
    as: 'buyer',
    request: async ({ pool }) => ({ operationName: 'SimilarHomes', query: SIMILAR_QUERY, variables: { id: await similarHomesListing(pool) } }),
    check: (data) => checkSimilarHomes(data),
  },
  {
    name: 'home: advertised (public)',
    as: 'public',
    request: () => ({
      operationName: 'AdvertisedProperties',
      query: `query AdvertisedProperties { advertisedProperties { id title location thumbnail priceMin priceMax status isAdvertised agent { id name image } } }`,
      variables: {},
    }),
    check: (data) => checkList(data, 'advertisedProperties', 1),
  },
  {
    name: 'details with reviews',
    as: 'buyer',
    request: ({ records }) => ({
      operationName: 'PropertyDetailsWithReviews',
      query: `query PropertyDetailsWithReviews($id: ID!) {
        property(id: $id) { id title location image thumbnail description priceMin priceMax status isAdvertised createdAt updatedAt agent { id name email image } }
        propertyReviews(propertyId: $id) { id text createdAt reviewer { id name image } }
      }`,
      variables: { id: records.reviewedPropertyId },
    }),
    check: (data) => checkList(data, 'propertyReviews', 1),
  },
  {
    name: 'agent: requested offers',
    as: 'agent',
    // The Requested Properties page's first page (the list is paged since issue 13).
    request: () => ({
      operationName: 'OffersOnMyProperties',
      query: `query OffersOnMyProperties($first: Int) { offersOnMyProperties(first: $first) { nodes { id offerAmount buyingDate status createdAt property { id title location image } buyer { id name email image } } pageInfo { endCursor hasNextPage } } }`,
      variables: { first: OWN_LIST_PAGE_SIZE },
    }),
    check: (data) => {
      const page = data.offersOnMyProperties as { nodes: unknown[]; pageInfo: { hasNextPage: boolean } };
      if (page.nodes.length !== OWN_LIST_PAGE_SIZE || !page.pageInfo.hasNextPage) throw new Error(`Expected a full first page of ${OWN_LIST_PAGE_SIZE} offers with more after it, got ${page.nodes.length}.`);
      return `${page.nodes.length} offersOnMyProperties (first page, more follow)`;
    },
  },
  // Issue 22: the same request with the agent's ID token and with its API key (a verified key is kept per process until its row changes, as the token's caller record is).
  { name: 'agent: my listings (ID token)', as: 'agent', request: () => myListingsRequest, check: checkMyListings },
  { name: 'agent: my listings (API key)', as: 'agentKey', request: () => myListingsRequest, check: checkMyListings },
  // Issue 20 (bench/viewings.ts has the data): each answer in a constant number of statements, whatever the bookings.
  { name: `viewings: free slots (${SLOT_BOOKINGS.toLocaleString('en')} bookings)`, as: 'buyer', request: ({ viewings }) => freeSlotsRequest(viewings), check: checkFreeSlots },
  { name: `viewings: agent's week (${WEEK_VIEWINGS} upcoming)`, as: 'agent', request: ({ viewings }) => agentWeekRequest(viewings), check: checkAgentWeek },
  // Issue 23 (bench/insight.ts has the data): the curve in one statement; the reply time from the kept figure.
  { name: `insight: demand curve (${INSIGHT_SAVED_SEARCHES.toLocaleString('en')} saved searches)`, as: 'agent', request: ({ insight }) => listingDemandRequest(insight), check: checkListingDemand },
  { name: `insight: reply time (${INSIGHT_CONVERSATIONS.toLocaleString('en')} conversations)`, as: 'buyer', request: ({ insight }) => replyTimeRequest(insight), check: checkReplyTime },
];

/** BENCH_SCENARIOS: a comma-separated list of (parts of) scenario names to run; all when unset. */
const selectedScenarios = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((part) => part.trim().toLowerCase())
  .filter(Boolean);
const isSelected = (definition: ScenarioDefinition) => !selectedScenarios.length || selectedScenarios.some((part) => definition.name.toLowerCase().includes(part));
if (!SCENARIOS.some(isSelected)) throw new Error(`BENCH_SCENARIOS="${process.env.BENCH_SCENARIOS}" selects no scenario; they are: ${SCENARIOS.map((d) => d.name).join(', ')}.`);

interface Scenario {
  definition: ScenarioDefinition;
  request: GraphqlRequest;
  token: string | null;
  /** Every statement one request issues, the caller's record already read once (as under load). */
  statements: Statement[];
  /** The floor: those statements without the caller look-up. */
  floor: Statement[];
  /** The floor with the caller look-up in front: what the request costs with nothing kept between requests. */
  floorWithCaller: Statement[];
  body: string;
  check: string;
}

type Measured = { run: LoadResult; cpu: CpuUse | null };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Runs of one target (BENCH_REPEATS) as one: each figure's median (so p99 is
 * the median of the runs' p99s, not a p99 of them all), failures summed, and
 * every run's throughput and p99 in the details. One run: itself.
 */
function medianOfRuns(runs: Measured[]): Measured {
  if (runs.length === 1) return runs[0];
  const of = (pick: (run: LoadResult) => number) => median(runs.map(({ run }) => pick(run)));
  const each = runs.map(({ run }) => `${run.rps.toFixed(0)} req/s p99 ${run.p99.toFixed(1)} ms`).join(', ');
  const cpus = runs.map(({ cpu }) => cpu).filter((cpu) => cpu !== null);
  return {
    run: {
      requests: of((run) => run.requests),
      sent: of((run) => run.sent),
      seconds: of((run) => run.seconds),
      rps: of((run) => run.rps),
      p50: of((run) => run.p50),
      p99: of((run) => run.p99),
      failures: runs.reduce((sum, { run }) => sum + run.failures, 0),
      details: `median of ${runs.length} runs (${each}); first: ${runs[0].run.details}`,
    },
    cpu: cpus.length ? { ours: median(cpus.map((cpu) => cpu.ours)), others: Math.max(...cpus.map((cpu) => cpu.others)), steal: Math.max(...cpus.map((cpu) => cpu.steal)) } : null,
  };
}

interface ScenarioResult {
  scenario: Scenario;
  gql: Measured;
  gqlLocal: Measured;
  floor: Measured;
  floorAll: Measured;
  /** Resident memory of the app processes after the scenario (MiB). */
  rssA: number;
  rssB: number;
}

/** The targets (issue 13): GraphQL B's p99 at most 2.0x the floor's, its throughput at least half the floor's. */
const P99_TARGET = 2.0;
const RPS_TARGET = 0.5;
/** At the largest size, each scenario's p99 at most 1.3x that at the smallest. */
const FLAT_TARGET = 1.3;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');

// ---------------------------------------------------------------- main

interface SizeResult {
  size: number;
  stats: SeedStats;
  seedMs: number;
  results: ScenarioResult[];
}

async function main() {
  const log = createLogger(settings.logLevel);
  const cpus = os.cpus();
  section('OpenNest benchmark: the hot reads');
  out(`machine   ${cpus.length} CPU(s) (${cpus[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.platform()} ${os.release()}`);
  out(`node      ${process.version}; load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  out(
    `settings  BENCH_SIZES=${settings.sizes.join(',')} BENCH_AGENTS=${settings.agents} BENCH_SEED=${settings.seed} ` +
      `BENCH_CONNECTIONS=${settings.connections} BENCH_DURATION=${settings.durationS}s BENCH_WARMUP=${settings.warmupS}s BENCH_REPEATS=${settings.repeats} ` +
      `BENCH_DB_POOL=${settings.dbPool} BENCH_SEARCH=${settings.search} BENCH_RARE_SEARCH=${settings.rareSearch} BENCH_LOG_LEVEL=${settings.logLevel} ` +
      `BENCH_SAVED_SEARCHES=${settings.savedSearches} BENCH_WEBHOOK_EVENTS=${settings.webhookEvents} BENCH_WEBHOOK_ENDPOINTS=${settings.webhookEndpoints}${settings.only ? ` BENCH_ONLY=${settings.only}` : ''}`,
  );
  out(`          app processes run with ${API_NODE_FLAGS.join(' ')} (server/infra/api-node-flags.ts, as npm start runs the API)`);
  if (process.env.BENCH_APP_NODE_ARGS) out(`          BENCH_APP_NODE_ARGS=${process.env.BENCH_APP_NODE_ARGS}`);
  if (process.env.BENCH_SCENARIOS) out(`          BENCH_SCENARIOS=${process.env.BENCH_SCENARIOS}`);
  out(`          BENCH_APP_PROCESSES=${process.env.BENCH_APP_PROCESSES ?? 1} (app processes per runner, node:cluster behind one port; RSS is their sum)`);
  out(`          PUBLIC_ANSWER_CACHE_TTL_SECONDS=${process.env.PUBLIC_ANSWER_CACHE_TTL_SECONDS ?? 30} (anonymous public answers kept by the app processes; 0: none, every request computed)`);
  out('          load generator, SQL loop and the app (own process) share this machine with PostgreSQL and the Auth emulator');

  const runId = `${process.pid}-${randomBytes(3).toString('hex')}`;
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-bench-'));
  onCleanup(`remove ${workDir}`, () => fs.rm(workDir, { recursive: true, force: true }));

  // 1. Database server -----------------------------------------------------
  section('database server');
  let adminUrl: string;
  if (settings.databaseUrl) {
    adminUrl = settings.databaseUrl;
    out(`server    BENCH_DATABASE_URL (${new URL(adminUrl).host}): a throw-away database per size`);
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
    adminUrl = postgres.url;
    out(`server    embedded-postgres, throw-away cluster ${clusterParent} (fsync off), started in ${secs(performance.now() - started)}`);
  }

  const emulatorStarted = performance.now();
  const emulator = await startAuthEmulator({ projectId: FIREBASE_PROJECT, workDir: path.join(workDir, 'firebase'), preferredPort: 0, log });
  onCleanup('stop the Auth emulator', () => emulator.stop());
  out(`emulator  Firebase Auth emulator at ${emulator.host} (project ${FIREBASE_PROJECT}), started in ${secs(performance.now() - emulatorStarted)}`);

  const sizeResults: SizeResult[] = [];
  for (const [sizeIndex, size] of settings.sizes.entries()) {
    const result = await runSize({ size, first: sizeIndex === 0, adminUrl, runId, workDir, emulatorHost: emulator.host, log });
    if (!result) return; // BENCH_ONLY=saved-searches
    sizeResults.push(result);
  }

  // Summary ------------------------------------------------------------------
  section('summary');
  out(`${settings.connections} connections/workers, ${settings.durationS} s per run, ${cpus.length} CPU(s), Node ${process.version}; load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  out('latency: exact per-request times (ms) of every request completed in the measured window');
  out('A = app with the emulator token check (HTTP look-up per request), B = app with a local token check (as with a real project)');
  out('floor = the SQL one request issues (caller look-up excluded) through pg; x = GraphQL / floor (req/s: share of the floor reached; latency: times slower)');
  out(`target (B): p99 x <= ${P99_TARGET.toFixed(1)} and req/s x >= ${RPS_TARGET.toFixed(2)}; RSS = the app's resident memory after the scenario`);
  out('others = CPU used by processes outside this benchmark during the run, as a share of all CPUs (they disturb the figures)');
  for (const { size, stats, seedMs, results } of sizeResults) {
    out(`\n${size} properties (${stats.listable} listable), seeded in ${secs(seedMs)}`);
    table(
      ['scenario', 'SQL/req', 'runner', 'req/s', 'p50 ms', 'p99 ms', 'req/s x', 'p50 x', 'p99 x', 'target', 'RSS MiB', 'others'],
      results.flatMap(({ scenario, gql, gqlLocal, floor, floorAll, rssA, rssB }) => {
        const row = (runner: string, { run: r, cpu }: Measured, withRatio: boolean, rss: number) => [
          runner === 'GraphQL A' ? scenario.definition.name : '',
          runner === 'GraphQL A' ? String(scenario.statements.length) : '',
          runner,
          r.rps.toFixed(0),
          ms(r.p50),
          ms(r.p99),
          withRatio ? (r.rps / floor.run.rps).toFixed(2) : '',
          withRatio ? (r.p50 / floor.run.p50).toFixed(1) : '',
          withRatio ? (r.p99 / floor.run.p99).toFixed(1) : '',
          runner === 'GraphQL B' ? verdict(r.p99 / floor.run.p99 <= P99_TARGET && r.rps / floor.run.rps >= RPS_TARGET) : '',
          Number.isFinite(rss) ? rss.toFixed(0) : '',
          cpu ? `${(cpu.others * 100).toFixed(0)} %` : 'n/a',
        ];
        return [row('GraphQL A', gql, true, rssA), row('GraphQL B', gqlLocal, true, rssB), row('floor', floor, false, Number.NaN), row('floor+caller', floorAll, false, Number.NaN)];
      }),
    );
  }
  if (sizeResults.length > 1) {
    const smallest = sizeResults[0];
    const largest = sizeResults.at(-1)!;
    // The answer's size per size: where it differs (a filter that finds 3 listings at the smallest size and a full page at the largest), so does the app's work per request.
    out(`\nflatness: GraphQL B p99 (ms), RSS (MiB) and the answer's size (KB) per size; target p99 at ${largest.size} <= ${FLAT_TARGET}x p99 at ${smallest.size}`);
    table(
      ['scenario', ...sizeResults.map((s) => `p99 @${s.size}`), `x ${largest.size}/${smallest.size}`, 'target', ...sizeResults.map((s) => `RSS @${s.size}`), ...sizeResults.map((s) => `answer @${s.size}`)],
      smallest.results.map((first, i) => {
        const p99s = sizeResults.map((s) => s.results[i].gqlLocal.run.p99);
        const ratio = p99s.at(-1)! / p99s[0];
        return [
          first.scenario.definition.name,
          ...p99s.map(ms),
          ratio.toFixed(2),
          verdict(ratio <= FLAT_TARGET),
          ...sizeResults.map((s) => s.results[i].rssB.toFixed(0)),
          ...sizeResults.map((s) => (Buffer.byteLength(s.results[i].scenario.body) / 1024).toFixed(1)),
        ];
      }),
    );
  }
  const failures = sizeResults.flatMap((s) => s.results).reduce((sum, r) => sum + r.gql.run.failures + r.gqlLocal.run.failures + r.floor.run.failures + r.floorAll.run.failures, 0);
  out(`\nfailed requests in all measured runs: ${failures}`);
  if (webhookSummary) out(`webhook fan-out: ${webhookSummary}`);
  if (savedSearchSummary) out(`saved-search matching (${settings.savedSearches} saved searches, one new listing each): ${savedSearchSummary}`);
}

/** One size: its own database, seeded; the two app processes on it; every scenario; the plans. */
async function runSize({ size, first, adminUrl, runId, workDir, emulatorHost, log }: { size: number; first: boolean; adminUrl: string; runId: string; workDir: string; emulatorHost: string; log: ReturnType<typeof createLogger> }): Promise<SizeResult | null> {
  // Everything this size started is stopped before the next size starts.
  const stops: Array<() => Promise<unknown>> = [];
  const stopAll = async () => {
    while (stops.length) await stops.pop()!().catch(() => undefined);
  };
  try {
    section(`${size} properties: database`);
    const name = `opennest_bench_${runId.replace(/-/g, '_')}_${size}`;
    await createDatabaseIfMissing(adminUrl, name);
    const dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    };
    onCleanup(`drop database ${name}`, dropDatabase);
    stops.push(dropDatabase);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    out(`database  ${name}`);

    const pool = new pg.Pool({ connectionString: databaseUrl, max: settings.dbPool });
    // pool.end() resolves before idle connections are closed; the server stopping then must not crash us.
    pool.on('error', () => undefined);
    stops.push(() => pool.end());
    if (first) {
      const { rows } = await pool.query<{ name: string; setting: string; unit: string | null }>(
        `SELECT name, setting, unit FROM pg_settings WHERE name IN ('server_version', 'shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit', 'max_connections', 'fsync', 'synchronous_commit') ORDER BY name`,
      );
      out(`postgres  ${rows.map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`).join(', ')}`);
    }
    const migrationStarted = performance.now();
    const applied = await applyMigrations(databaseUrl, log);
    out(`migrations ${applied.length} applied (${applied.join(', ')}) in ${secs(performance.now() - migrationStarted)}`);

    // Seed ---------------------------------------------------------------
    const seedStarted = performance.now();
    const stats = await seedBenchmarkData({ databaseUrl, properties: size, agents: settings.agents, seed: settings.seed });
    const seedMs = performance.now() - seedStarted;
    out(`seeded    ${stats.properties} properties and ${stats.agents} agents in ${secs(seedMs)} (INSERTs ${secs(stats.insertMs)}, VACUUM ANALYZE ${secs(stats.vacuumMs)})`);
    out(`status    ${Object.entries(stats.byStatus).map(([k, v]) => `${k} ${v}`).join(', ')}; deleted ${stats.deleted}; advertised ${stats.advertised}`);
    out(`listable  ${stats.listable} (verified, not deleted)`);
    out(`prices    price_min ${stats.priceRange.min} .. ${stats.priceRange.max}; created ${stats.createdRange.min} .. ${stats.createdRange.max}`);
    out(`sizes     table ${stats.tableSize}; indexes ${stats.indexSizes.map((i) => `${i.name} ${i.size}`).join(', ')}`);
    const factsStarted = performance.now();
    await addListingFacts(pool);
    out(`facts     given to every seeded listing in ${secs(performance.now() - factsStarted)} (type, rooms for homes, area in sq ft; VACUUM ANALYZE after)`);
    const wordsStarted = performance.now();
    await addListingWords(pool);
    out(`words     amenities, searchable description words and (where unset) area and city given in ${secs(performance.now() - wordsStarted)}`);
    const matches = await countMatches(databaseUrl, [settings.search, settings.rareSearch]);
    out(`search    ${matches.map((m) => `'${m.term}' matches ${m.rows} listable rows (${pct(m.share)})`).join('; ')}`);
    if (matches[0].rows <= PAGE_SIZE) {
      throw new Error(`BENCH_SEARCH '${settings.search}' matches ${matches[0].rows} listable rows; the next-page scenario needs more than ${PAGE_SIZE}. Choose another term or seed more rows.`);
    }

    // Saved searches: matching one new listing against all of them (first size only) ----
    if (first && settings.savedSearches > 0 && settings.only !== 'webhooks') {
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
    if (settings.only === 'saved-searches') return null;

    // Webhook fan-out: events delivered to every endpoint by the delivery worker (first size only) ----
    if (first && settings.webhookEvents > 0 && (!settings.only || settings.only === 'webhooks')) {
      section(`webhook fan-out: ${settings.webhookEvents} events to ${settings.webhookEndpoints} endpoints`);
      const fanOut = await runWebhookFanOutScenario({ databaseUrl, events: settings.webhookEvents, endpoints: settings.webhookEndpoints, log });
      out(`emitted   ${fanOut.events} events (${fanOut.deliveries} deliveries and their jobs) in transactions of 100, as the services emit them: ${secs(fanOut.emitMs)}`);
      out(`delivered ${fanOut.deliveries} (receiver counted ${fanOut.received}) by one worker process as \`npm start\` runs it (webhook deliveries 10 at once), to a loopback receiver: ${secs(fanOut.deliverMs)}, ${Math.round(fanOut.deliveries / (fanOut.deliverMs / 1000))} deliveries/s`);
      out(`memory    this process: RSS ${fanOut.memory.startRssMb.toFixed(0)} MB at the start, peak ${fanOut.memory.peakRssMb.toFixed(0)} MB, ${fanOut.memory.endRssMb.toFixed(0)} MB at the end; heap peak ${fanOut.memory.peakHeapMb.toFixed(0)} MB`);
      webhookSummary = `${fanOut.events} events × ${fanOut.endpoints} endpoints: emitted in ${secs(fanOut.emitMs)}, delivered in ${secs(fanOut.deliverMs)} (${Math.round(fanOut.deliveries / (fanOut.deliverMs / 1000))}/s), peak RSS ${fanOut.memory.peakRssMb.toFixed(0)} MB`;
    }
    if (settings.only === 'webhooks') return null;

    // The app, signed-in users, the scenarios' records ----------------------------
    section(`${size} properties: app`);
    const uploadDir = path.join(workDir, 'uploads');
    const clientDistDir = path.join(workDir, 'no-client');
    const appEnv = {
      BENCH_APP_DATABASE_URL: databaseUrl,
      BENCH_APP_DB_POOL: String(settings.dbPool),
      BENCH_APP_AUTH_EMULATOR_HOST: emulatorHost,
      BENCH_APP_FIREBASE_PROJECT_ID: FIREBASE_PROJECT,
      BENCH_APP_LOG_LEVEL: settings.logLevel,
      BENCH_APP_UPLOAD_DIR: uploadDir,
      BENCH_APP_CLIENT_DIST_DIR: clientDistDir,
    };
    const app = await startAppProcess('emulator token check', { ...appEnv, BENCH_APP_TOKEN_CHECK: 'emulator' });
    stops.push(app.stop);
    const appLocal = await startAppProcess('local token check', { ...appEnv, BENCH_APP_TOKEN_CHECK: 'local' });
    stops.push(appLocal.stop);
    out(`app       createApp (server/app.ts), each in its own process; NODE_ENV=production, LOG_LEVEL=${settings.logLevel}, Prisma pool max ${settings.dbPool}:`);
    out(`          A  pid ${app.child.pid} at ${app.url}: as configured for the emulator (firebase-admin verifyIdToken, which then looks the account up in the emulator over HTTP)`);
    out(`          B  pid ${appLocal.child.pid} at ${appLocal.url}: the same, but the token is checked by firebase-admin's verifier alone, as with a real project (no HTTP call)`);
    out(`          resident memory after start: A ${app.residentMiB().toFixed(0)} MiB, B ${appLocal.residentMiB().toFixed(0)} MiB`);

    const buyer = await createSignedInUser({ emulatorHost, appUrl: app.url, email: `bench-${runId}-${size}@example.test`, password: 'Bench#2026', name: 'Bench Buyer' });
    const agent = await createSignedInUser({ emulatorHost, appUrl: app.url, email: `bench-agent-${runId}-${size}@example.test`, password: 'Bench#2026', name: 'Bench Agent' });
    await pool.query(`UPDATE users SET role = 'agent' WHERE id = $1`, [agent.userId]);
    const records = await seedScenarioRecords(databaseUrl, { agentId: agent.userId });
    out(`users     ${buyer.email} (role ${buyer.role}) and ${agent.email} (made an agent), signed up through the emulator REST API, records created by recordSignIn`);
    out(`records   ${records.agentListings} listings of the agent with ${records.offers} pending offers; ${records.reviews} reviews on listing ${records.reviewedPropertyId}`);
    const viewings = await seedViewingRecords(databaseUrl, { agentId: agent.userId });
    const insight = await seedInsightRecords(databaseUrl, { agentId: agent.userId, seed: settings.seed });
    out(`insight   ${insight.savedSearches} saved searches (${insight.matchingNow} active ones in the listing's location), ${insight.conversations} conversations with their questions; agents' figures kept`);
    out(`viewings  ${viewings.bookings} bookings of listing ${viewings.slotsPropertyId} (free slots from ${viewings.slotsFrom}); ${viewings.weekViewings} viewings of the agent's listings in the week from ${viewings.weekFrom}`);

    // The in-process twin that records SQL (single requests only).
    const config = {
      // It keeps no public answers: the floor is what computing an answer costs (a kept one issues no SQL).
      ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: settings.logLevel, FIREBASE_PROJECT_ID: FIREBASE_PROJECT, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, UPLOAD_DIR: uploadDir, SEED_DEMO: 'false', PUBLIC_ANSWER_CACHE_TTL_SECONDS: '0' }),
      clientDistDir,
    };
    const identity = createFirebaseIdentityProvider(config.firebase, emulatorHost);
    stops.push(() => identity.close());
    const recorder = await startRecordingApp({ databaseUrl, poolSize: settings.dbPool, config, identity, log });
    stops.push(() => recorder.close());

    // What each request issues ------------------------------------------------
    section(`${size} properties: SQL per GraphQL request (recorded at the pg driver, one request each)`);
    // The agent's API key, made as an integrator makes one (its only scope: listings:read).
    const agentKey = (
      (await graphql(app.url, agent.idToken, {
        operationName: 'CreateApiKey',
        query: 'mutation CreateApiKey($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
        variables: { input: { name: 'bench', scopes: ['listings:read'], expiresInDays: 30 } },
      })).data as { createApiKey: { secret: string } }
    ).createApiKey.secret;
    const tokenOf = (as: ScenarioDefinition['as']) => (as === 'buyer' ? buyer.idToken : as === 'agent' ? agent.idToken : as === 'agentKey' ? agentKey : null);
    const data: SizeData = { stats, records, viewings, insight, pool, ask: async (request) => (await graphql(recorder.url, buyer.idToken, request)).data };
    const callerLookups = new Map<string | null, Statement>();
    const capture = async (definition: ScenarioDefinition): Promise<Scenario> => {
      const request = await definition.request(data);
      const token = tokenOf(definition.as);
      let result: Awaited<ReturnType<typeof graphql>> | undefined;
      // Twice: the first request reads the caller's record, which the app then keeps (context/viewer-lookup.ts).
      const cold = await recorder.record(() => graphql(recorder.url, token, request));
      const lookup = cold.find(isCallerLookup);
      if (lookup) callerLookups.set(token, lookup);
      const statements = await recorder.record(async () => {
        result = await graphql(recorder.url, token, request);
      });
      const fromA = await graphql(app.url, token, request);
      const fromB = await graphql(appLocal.url, token, request);
      if (fromA.text !== result!.text || fromB.text !== result!.text) throw new Error(`The app processes and the recording twin answered differently for ${definition.name}.`);
      const floor = statements.filter((s) => !isCallerLookup(s));
      const callerLookup = callerLookups.get(token);
      return {
        definition,
        request,
        token,
        statements,
        floor,
        floorWithCaller: callerLookup ? [callerLookup, ...floor] : floor,
        body: fromA.text,
        check: definition.check(fromA.data, request),
      };
    };
    const scenarios: Scenario[] = [];
    for (const definition of SCENARIOS.filter(isSelected)) scenarios.push(await capture(definition));

    for (const scenario of scenarios) {
      out(`\n${scenario.definition.name} (${scenario.definition.as}): ${scenario.request.operationName} ${JSON.stringify(scenario.request.variables)}`);
      out(`  response ${Buffer.byteLength(scenario.body)} bytes: ${scenario.check}`);
      out(`  ${scenario.statements.length} SQL statements per request (caller's record already read once):`);
      scenario.statements.forEach((s, i) => out(`    ${i + 1}. ${describeStatement(s)} (${s.values.length} parameters)`));
    }
    if (first) {
      out('\nThe SQL Prisma sent for the search scenario (the floor replays exactly these, with these values):');
      for (const s of scenarios[0].floorWithCaller) {
        out(`  -- ${describeStatement(s)}`);
        out(`  ${s.text}`);
        out(`  -- values: ${JSON.stringify(s.values)}`);
      }
    }

    // Load ------------------------------------------------------------------
    section(`${size} properties: load, ${settings.connections} connections/workers, ${settings.warmupS} s warm-up + ${settings.durationS} s measured each`);
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

    if (first) {
      // What app A pays per request on top of B: the emulator's account look-up, alone.
      const lookup = await measure({
        url: `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${FIREBASE_PROJECT}/accounts:lookup`,
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: [buyer.uid] }),
      });
      out(`\nAuth emulator accounts:lookup alone (the request firebase-admin's verifyIdToken makes per call with an emulator):`);
      out(`  ${lookup.run.rps.toFixed(0)} req/s, p50 ${ms(lookup.run.p50)} ms, p99 ${ms(lookup.run.p99)} ms, failures ${lookup.run.failures}; ${describeCpu(lookup.cpu)}`);
    }

    const results: ScenarioResult[] = [];
    for (const [index, scenario] of scenarios.entries()) {
      const target = (appUrl: string): HttpLoad => ({
        url: `${appUrl}/graphql`,
        headers: { 'content-type': 'application/json', ...(scenario.token ? { authorization: `Bearer ${scenario.token}` } : {}) },
        body: JSON.stringify(scenario.request),
        expectBody: scenario.body,
      });
      // For the first scenario of the first size, PostgreSQL's own transaction
      // counter checks the recorded statement count under load (each statement
      // is one autocommit transaction). Backends flush their counters within
      // ~10 s of going idle.
      const crossCheck = first && index === 0;
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
      const floorRuns = [await measureSql(scenario.floor)];
      const localRuns = [gqlLocal];
      for (let repeat = 1; repeat < settings.repeats; repeat++) {
        localRuns.push(await measure(target(appLocal.url)));
        floorRuns.push(await measureSql(scenario.floor));
      }
      const floor = medianOfRuns(floorRuns);
      const gqlLocalMedian = medianOfRuns(localRuns);
      const floorAll = await measureSql(scenario.floorWithCaller);
      const result = { scenario, gql, gqlLocal: gqlLocalMedian, floor, floorAll, rssA: app.residentMiB(), rssB: appLocal.residentMiB() };
      results.push(result);

      out(`\n${scenario.definition.name}`);
      const line = (label: string, { run: r, cpu }: Measured, note: string) => {
        out(`  ${label.padEnd(13)} ${r.rps.toFixed(0).padStart(6)} req/s, p50 ${ms(r.p50).padStart(7)} ms, p99 ${ms(r.p99).padStart(7)} ms, failures ${r.failures}  [${note}]`);
        out(`  ${''.padEnd(13)} ${describeCpu(cpu)}`);
      };
      line('GraphQL A', gql, `emulator token check; ${gql.run.details}`);
      line('GraphQL B', gqlLocalMedian, `local token check; ${gqlLocalMedian.run.details}`);
      line('floor', floor, `the request's SQL through pg, caller look-up excluded; ${floor.run.details}`);
      line('floor+caller', floorAll, `the same with the caller look-up; ${floorAll.run.details}`);
      out(`  resident memory after the scenario: A ${result.rssA.toFixed(0)} MiB, B ${result.rssB.toFixed(0)} MiB`);
      if (commitsPerRequest !== undefined) {
        out(`  pg_stat_database: ${commitsPerRequest.toFixed(2)} transactions per GraphQL request (app B) under load; recorded: ${scenario.statements.length} statements`);
      }
    }

    // Plans ------------------------------------------------------------------
    section(`${size} properties: EXPLAIN (ANALYZE, BUFFERS) of the list query, warm cache`);
    const extra: ScenarioDefinition[] = [
      { name: `rare search '${settings.rareSearch}'`, as: 'buyer', request: () => listRequest({ search: settings.rareSearch, sort: 'PRICE_ASC', first: PAGE_SIZE }), check: checkListPage },
      { name: 'default order (NEWEST), no search', as: 'buyer', request: () => listRequest({ sort: 'NEWEST', first: PAGE_SIZE }), check: checkListPage },
    ];
    const planned = [...scenarios.filter((s) => s.definition.explain)];
    for (const definition of extra) planned.push(await capture(definition));
    for (const scenario of planned) {
      // Every statement on properties: the list, and the capped count where the page asks for one.
      for (const list of scenario.statements.filter(isPropertiesQuery)) {
        await explain(pool, list); // once to warm, then the reported run
        const plan = await explain(pool, list);
        const indexes = [...new Set(plan.nodes.filter((n) => n.index).map((n) => `${n.type} using ${n.index}`))];
        const variables = scenario.request.variables as unknown as Variables;
        out(`\n${scenario.definition.name}${/count\(/i.test(list.text) ? ' (its count)' : ''}  ${JSON.stringify(variables).slice(0, 110)}`);
        for (const planLine of plan.lines) out(`  ${planLine}`);
        out(`  -> indexes used: ${indexes.length ? indexes.join('; ') : 'none (sequential scan)'}`);
        if (variables.search) {
          const trigram = plan.nodes.some((n) => n.type === 'Bitmap Index Scan' && n.index === 'properties_location_trgm_idx');
          out(`  -> trigram bitmap scan: ${trigram ? 'yes' : `no; for this term the planner preferred ${indexes[0] ?? 'a sequential scan'}`}`);
        } else {
          const expected = variables.sort === 'NEWEST' ? 'properties_status_created_at_id_idx' : 'properties_status_price_min_id_idx';
          out(`  -> ordered index scan on ${expected}: ${plan.nodes.some((n) => n.type === 'Index Scan' && n.index === expected) ? 'yes' : 'no'}`);
        }
      }
    }
    return { size, stats, seedMs, results };
  } finally {
    await stopAll();
  }
}

/** The saved-search scenario's figures, repeated in the summary. */
let savedSearchSummary = '';
let webhookSummary = '';

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
