// The two load generators: autocannon against /graphql, and a loop of N
// concurrent workers sending the captured SQL through a pg.Pool (autocannon
// cannot drive pg). Both report per-request latencies, and the same statistics
// are computed from them.
import autocannon from 'autocannon';
import pg from 'pg';
import type { Statement } from './capture';

export interface LoadResult {
  /** Completed requests in the measured window. */
  requests: number;
  /** Requests sent (autocannon: including those still unanswered when the window closed). */
  sent: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Requests that failed (network error, non-2xx, unexpected body, SQL error). */
  failures: number;
  details: string;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return Number.NaN;
  // Nearest-rank.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

function summarise(latencies: number[], seconds: number, failures: number, details: string, sent = latencies.length + failures): LoadResult {
  const sorted = Float64Array.from(latencies).sort();
  return { requests: latencies.length, sent, seconds, rps: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failures, details };
}

export interface HttpLoad {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The response every request must get; anything else counts as a failure. */
  expectBody?: string;
}

/** One autocannon run; latencies are autocannon's per-response times (ms, 2xx only). */
export function runAutocannon(target: HttpLoad, connections: number, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: target.url,
        method: 'POST',
        headers: target.headers,
        body: target.body,
        expectBody: target.expectBody,
        connections,
        duration: seconds,
        pipelining: 1,
      },
      (error, result) => {
        if (error) return reject(error);
        const failures = result.errors + result.non2xx + result.mismatches;
        const details =
          `autocannon: ${result.requests.total} responses, avg ${result.requests.average.toFixed(0)} req/s, ` +
          `latency p50 ${result.latency.p50} ms / p99 ${result.latency.p99} ms (whole ms), ` +
          `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, body mismatches ${result.mismatches}` +
          // Which statuses the failures had (a 429 is a rate limit, a 503 an exhausted pool).
          (result.non2xx ? `, statuses ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count])))}` : '');
        resolve(summarise(latencies, result.duration, failures, details, result.requests.sent));
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/**
 * The floor: `workers` loops, each sending `statements` one after another (as the
 * app does for one request) through the pool, for `seconds`. A request is the
 * whole sequence; its latency is from the first send to the last result.
 */
export async function runSqlLoop(pool: pg.Pool, statements: Statement[], workers: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let lastError = '';
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        for (const statement of statements) {
          // As @prisma/adapter-pg sends them: unnamed extended-protocol statements, rows as arrays.
          await pool.query({ text: statement.text, values: statement.values, rowMode: 'array' });
        }
        latencies.push(performance.now() - t0);
      } catch (error) {
        failures++;
        lastError = (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return summarise(latencies, elapsed, failures, `${workers} workers, ${statements.length} statement(s) per request${lastError ? `, last error: ${lastError}` : ''}`);
}
