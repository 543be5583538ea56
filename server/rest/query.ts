import type { Request } from 'express';
import { badInput } from '../shared/errors';

/** A query-string parameter that must appear at most once. */
export function queryString(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badInput(`Query parameter "${name}" must appear once.`);
  return value;
}

export function requiredQuery(req: Request, name: string): string {
  const value = queryString(req, name);
  if (!value) throw badInput(`Query parameter "${name}" is required.`);
  return value;
}

/** The JSON body as an object (express.json leaves arrays and primitives as they are). */
export function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badInput('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** A body e-mail that names the caller (legacy payloads repeat it) must be the caller's own. */
export function sameEmail(a: unknown, b: string): boolean {
  return typeof a !== 'string' || a.trim().toLowerCase() === b.toLowerCase();
}
