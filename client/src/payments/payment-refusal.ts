// Whether a refused payment start may be tried again, from the answer's error
// code (never its message text).
import { errorCode } from '../app/errors';
import type { OfferStatus } from './payments.generated';

/**
 * Refusals by the rules: already paid, not accepted, above the card limit
 * (CONFLICT), a bad or unknown id (BAD_USER_INPUT, NOT_FOUND), someone else's
 * offer (FORBIDDEN). Trying again cannot change them.
 */
const FINAL_CODES: ReadonlySet<string> = new Set(['CONFLICT', 'BAD_USER_INPUT', 'NOT_FOUND', 'FORBIDDEN']);

/**
 * True when the payment cannot start however often it is tried: the offer is
 * not (or no longer) accepted, or the server refused by a rule. Network
 * failures, INTERNAL_SERVER_ERROR, SERVICE_UNAVAILABLE and an answer without a
 * payment may pass on a retry.
 */
export function isFinalRefusal(offerStatus: OfferStatus, error: unknown): boolean {
  if (offerStatus !== 'accepted') return true;
  const code = errorCode(error);
  return code !== null && FINAL_CODES.has(code);
}
