// The signature of a webhook delivery, as Stripe signs its own: the header
// `OpenNest-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
// keyed with the endpoint's secret. Receivers recompute it over the raw body,
// compare in constant time and refuse a timestamp more than 5 minutes old
// (docs/integrators.md has the snippet; verifySignature is the same check).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'OpenNest-Signature';
/** Receivers refuse signatures older than this (replays). */
export const REPLAY_WINDOW_SECONDS = 300;

export const signatureOf = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export const signatureHeader = (secret: string, body: string, now = Date.now()) => {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
};

/** The receiver's check: a v1 signature of the body under `secret`, made within the replay window. */
export function verifySignature(secret: string, header: string | undefined, body: string, now = Date.now()): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || !given || Math.abs(now / 1000 - timestamp) > REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  const received = Buffer.from(given, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
