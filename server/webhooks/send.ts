// One webhook POST: the target is checked (target-check.ts) and the connection
// made to the checked address (the Host header and TLS name stay the URL's);
// redirects are not followed; the whole exchange is cut at 10 s; the first KB
// of the answer is kept for the delivery log.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError } from '../shared/errors';
import { checkWebhookTarget, type Resolve } from './target-check';

export const DELIVERY_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1024;

export interface SendOutcome {
  /** The answer's status; null when there was none (refused target, connection error, timeout). */
  status: number | null;
  ok: boolean;
  durationMs: number;
  /** The first KB of the answer, or why there was none. */
  excerpt: string;
}

export interface SendOptions {
  allowedHosts: readonly string[];
  resolve?: Resolve;
  timeoutMs?: number;
}

export async function sendWebhook(rawUrl: string, body: string, headers: Record<string, string>, { allowedHosts, resolve, timeoutMs = DELIVERY_TIMEOUT_MS }: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: Awaited<ReturnType<typeof checkWebhookTarget>>;
  try {
    target = await checkWebhookTarget(rawUrl, { allowedHosts, resolve });
  } catch (error) {
    return { status: null, ok: false, durationMs: elapsed(), excerpt: error instanceof AppError ? error.message : 'The URL could not be checked.' };
  }
  const { url, address } = target;
  // Every connection goes to the address that was checked.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  return new Promise<SendOutcome>((resolve) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'OpenNest-Webhooks/1', ...headers }, lookup: pinned, signal, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const status = response.statusCode ?? null;
          resolve({ status, ok: status !== null && status >= 200 && status < 300, durationMs: elapsed(), excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8') });
        };
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // The rest of a long answer is not read.
          if (size >= EXCERPT_BYTES) (finish(), response.destroy());
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error) => resolve({ status: null, ok: false, durationMs: elapsed(), excerpt: signal.aborted ? `No answer within ${timeoutMs / 1000} s.` : `Could not connect: ${error.message}` }));
    request.end(body);
  });
}
