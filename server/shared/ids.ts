import { EMAIL_PATTERN } from '@opennest/common/validation/auth';
import { badInput } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs; anything else is the caller's mistake (400), never a database error (500). */
export function parseId(value: unknown, what = 'id'): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw badInput(`Invalid ${what}.`);
  return value.toLowerCase();
}

/** The longest e-mail address SMTP allows. */
export const EMAIL_MAX_LENGTH = 254;
// PostgreSQL text cannot hold U+0000; no address contains control characters.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * An e-mail that names an account in a path or query (GET /my-reviews/{email}
 * and the like), trimmed and lower-cased as records store them. Something that
 * cannot be an address is the caller's mistake (400), never a database error.
 */
export function parseEmail(value: unknown, what = 'e-mail address'): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!email || email.length > EMAIL_MAX_LENGTH || CONTROL_CHARACTER.test(email) || !EMAIL_PATTERN.test(email)) throw badInput(`Invalid ${what}.`);
  return email;
}
