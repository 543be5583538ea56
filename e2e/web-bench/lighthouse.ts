// One Lighthouse run against a Chromium that is already running (the benchmark
// started it with a remote-debugging port, and may have signed it in), reduced
// to the figures the web benchmark prints.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export type Preset = 'mobile' | 'desktop';

export interface PageScore {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds, as Lighthouse's throttling model estimates them. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript the page loaded: bytes over the wire and after decompression, and how many files. */
  jsTransferBytes: number;
  jsResourceBytes: number;
  jsRequests: number;
  /** Failed audits of the four categories with a weight, for reading why a score is what it is. */
  failing: string[];
  lcpElement: string | null;
  /** Lighthouse's main-thread breakdown (mainthread-work-breakdown): milliseconds per kind of work, largest first. */
  mainThread: Array<{ group: string; ms: number }>;
  /** The scripts that took the most main-thread time (bootup-time): URL path, total and script-evaluation milliseconds. */
  bootup: Array<{ script: string; totalMs: number; scriptingMs: number }>;
}

/** Lighthouse's errors for a trace Chrome recorded badly, not for anything the page did. */
const TRACE_LOST = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);
const TRACE_ATTEMPTS = 3;

interface NetworkRequestItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/**
 * `keepStorage`: leave cookies, IndexedDB and the like alone (a signed-in session
 * is the HttpOnly session cookie); the caller then clears the HTTP cache itself, so every run
 * still starts from an empty cache.
 */
export async function runLighthouse(url: string, { port, preset, keepStorage }: { port: number; preset: Preset; keepStorage: boolean }): Promise<{ score: PageScore; report: string }> {
  let result: Awaited<ReturnType<typeof lighthouse>>;
  for (let attempt = 1; ; attempt += 1) {
    result = await lighthouse(
      url,
      { port, output: 'html', logLevel: 'error', disableStorageReset: keepStorage, onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const code = result?.lhr.runtimeError?.code;
    // Chrome sometimes loses a trace's start (NO_NAVSTART and the like): that run measured nothing, so it is made again.
    if (!code || !TRACE_LOST.has(code) || attempt === TRACE_ATTEMPTS) break;
    console.log(`  (Lighthouse lost the trace of ${url}: ${code}; running it again)`);
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => Math.round((audit(id)?.numericValue ?? Number.NaN) * 1000) / 1000;
  const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

  const requests = ((audit('network-requests')?.details as { items?: NetworkRequestItem[] } | undefined)?.items ?? []).filter(
    (request) => request.resourceType === 'Script',
  );
  const failing: string[] = [];
  for (const [id, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 0.9) failing.push(`${id}/${ref.id}${result.displayValue ? ` (${result.displayValue})` : ''}`);
    }
  }
  const lcpNode = ((audit('lcp-breakdown-insight')?.details as { items?: Array<{ type: string; snippet?: string }> } | undefined)?.items ?? []).find(
    (item) => item.type === 'node',
  );
  const items = <T,>(id: string) => ((audit(id)?.details as { items?: T[] } | undefined)?.items ?? []);
  const mainThread = items<{ groupLabel?: string; group?: string; duration: number }>('mainthread-work-breakdown')
    .map((item) => ({ group: item.groupLabel ?? item.group ?? '?', ms: Math.round(item.duration) }))
    .sort((a, b) => b.ms - a.ms);
  const bootup = items<{ url: string; total: number; scripting: number }>('bootup-time')
    .map((item) => ({ script: item.url.replace(/^https?:\/\/[^/]+/, ''), totalMs: Math.round(item.total), scriptingMs: Math.round(item.scripting) }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 5);
  return {
    score: {
      performance: category('performance'),
      accessibility: category('accessibility'),
      bestPractices: category('best-practices'),
      seo: category('seo'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      jsTransferBytes: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
      jsResourceBytes: requests.reduce((sum, request) => sum + (request.resourceSize ?? 0), 0),
      jsRequests: requests.length,
      failing,
      lcpElement: lcpNode?.snippet ?? null,
      mainThread,
      bootup,
    },
    report: String(result.report),
  };
}
