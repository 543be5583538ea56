import type { Request } from 'express';
import { badInput, type FieldErrors } from '../shared/errors';

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

/** JSON types of the body fields a handler reads: text, or an amount (a JSON number or a decimal string). */
export type BodyFieldType = 'string' | 'amount';

const TYPE_MESSAGES: Record<BodyFieldType, string> = {
  string: 'Must be a string',
  amount: 'Must be a number or a decimal string',
};

/**
 * The JSON body as an object whose named fields, when present (and not null),
 * have the given JSON types. Arrays, objects, booleans, and numbers where text is
 * expected are refused with a 400 naming each field, before any rule runs.
 * Fields not named are not read by the handler, so they are left alone.
 */
export function typedBody(req: Request, types: Record<string, BodyFieldType>): Record<string, unknown> {
  const body = bodyObject(req);
  const fieldErrors: FieldErrors = {};
  for (const [field, type] of Object.entries(types)) {
    const value = body[field];
    if (value === undefined || value === null || typeof value === 'string') continue;
    if (type === 'amount' && typeof value === 'number') continue;
    fieldErrors[field] = TYPE_MESSAGES[type];
  }
  const [first] = Object.entries(fieldErrors);
  if (first) throw badInput(`"${first[0]}": ${first[1]}.`, fieldErrors);
  return body;
}

/** A body e-mail that names the caller (legacy payloads repeat it) must be the caller's own. */
export function sameEmail(a: unknown, b: string): boolean {
  return typeof a !== 'string' || a.trim().toLowerCase() === b.toLowerCase();
}
