import { badInput } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs; anything else is the caller's mistake (400), never a database error (500). */
export function parseId(value: unknown, what = 'id'): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw badInput(`Invalid ${what}.`);
  return value.toLowerCase();
}
