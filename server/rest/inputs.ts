// Route-level input schemas. They check JSON shapes and types only, answering
// with the messages REST callers have always had; the rules (lengths, formats,
// ranges) and the spec's validation messages stay in the services' Yup schemas
// (common/validation). The `.openapi()` facts a field carries (format, lengths,
// pattern) document those rules for the OpenAPI document; they are not checked here.
import type { ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import { MONEY_PATTERN } from '@opennest/common/money';
import type { z as zod } from 'zod';
import { badInput, type AppError, type FieldErrors } from '../shared/errors';
import { z } from './zod';

export type Doc = Partial<ZodOpenAPIMetadata>;

/** Stands for the field or parameter's name in a message; toBadInput fills it in. */
const NAME = '{name}';

const NOT_AN_OBJECT = 'The request body must be a JSON object.';
const MUST_BE_TEXT = 'Must be a string';
const MUST_BE_AMOUNT = 'Must be a number or a decimal string';
const APPEARS_ONCE = `Query parameter "${NAME}" must appear once.`;
const REQUIRED_PARAMETER = `Query parameter "${NAME}" is required.`;

// ---------------------------------------------------------------------------
// JSON bodies

/** Body fields the service's rules refuse to go without: documented as required, refused by those rules. */
const requiredByRules = new WeakSet<zod.core.$ZodType>();

interface FieldDoc extends Omit<Doc, 'required'> {
  /** The service refuses a request without it (with the spec's message). */
  required?: true;
}

function documented<S extends zod.ZodType>(schema: S, { required, ...doc }: FieldDoc): S {
  const described = schema.openapi(doc);
  if (required) requiredByRules.add(described);
  return described;
}

/** Text: a string, null or absent. */
export const text = (doc: FieldDoc = {}) => documented(z.string({ error: MUST_BE_TEXT }).nullish(), doc);

/** An amount: a JSON number or a decimal string, null or absent (the service checks its digits). */
export const amount = ({ description, ...doc }: FieldDoc = {}) =>
  documented(z.union([z.number(), z.string()], { error: MUST_BE_AMOUNT }).nullish(), {
    type: ['number', 'string', 'null'],
    minimum: 0,
    pattern: MONEY_PATTERN.source,
    description: ['A JSON number or a decimal string ("1250000.50"): at most 12 digits and 2 decimals.', description].filter(Boolean).join(' '),
    ...doc,
  });

/** One of a few strings; anything else (absent included) is refused naming them. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, doc: Doc = {}) =>
  z.enum(values, { error: `"${NAME}" must be ${values.map((value) => `"${value}"`).join(' or ')}.` }).openapi(doc);

/** Accepted, as the spec's clients send it, and never used: the server owns the value. */
export const ignored = (why: string) => z.unknown().optional().openapi({ description: `Ignored: ${why}`, 'x-ignored': true });

/**
 * A JSON request body, registered as the component `name`: an object (an absent
 * body counts as {}) whose declared fields have their JSON types. Other fields
 * are not read, so they are left alone.
 */
export function jsonBody<Shape extends zod.ZodRawShape>(name: string, shape: Shape, doc: Doc = {}) {
  const required = Object.entries(shape)
    .filter(([, schema]) => requiredByRules.has(schema) || !z.safeParse(schema, undefined).success)
    .map(([field]) => field);
  return z.object(shape, { error: NOT_AN_OBJECT }).openapi(name, { ...doc, ...(required.length ? { required } : {}) });
}

/** A body e-mail that names the caller (legacy payloads repeat it) must be the caller's own. */
export function sameEmail(a: unknown, b: string): boolean {
  return typeof a !== 'string' || a.trim().toLowerCase() === b.toLowerCase();
}

// ---------------------------------------------------------------------------
// Query strings (each declared parameter at most once; undeclared ones are ignored)

/** An optional parameter. */
export const optionalParam = (doc: Doc = {}) => z.string({ error: APPEARS_ONCE }).optional().openapi(doc);

/** A parameter that must be present and not empty. */
export const requiredParam = (doc: Doc = {}) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED_PARAMETER : APPEARS_ONCE) })
    .min(1, { error: REQUIRED_PARAMETER })
    .openapi(doc);

/** An optional parameter with a few allowed values; another value is refused with `"name" <refusal>`. */
export const optionalChoiceParam = <const T extends readonly [string, ...string[]]>(values: T, refusal: string, doc: Doc = {}) =>
  z
    .enum(values, { error: (issue) => (Array.isArray(issue.input) ? APPEARS_ONCE : `"${NAME}" ${refusal}`) })
    .optional()
    .openapi(doc);

/** An optional page size from 1 to `max`, `fallback` when absent. */
export const pageSizeParam = (fallback: number, max: number) =>
  optionalParam()
    .transform((raw, context) => {
      if (raw === undefined) return fallback;
      const size = Number(raw);
      if (Number.isInteger(size) && size >= 1 && size <= max) return size;
      context.addIssue({ code: 'custom', message: `"${NAME}" must be an integer from 1 to ${max}.` });
      return z.NEVER;
    })
    .openapi({ type: 'integer', minimum: 1, maximum: max, default: fallback, description: `How many (default ${fallback}); once.` });

// ---------------------------------------------------------------------------

/**
 * A refused input as the REST adapter has always answered it. Body fields of the
 * wrong JSON type are named in fieldErrors (all of them; the message names the
 * first); any other refusal is one sentence.
 */
export function toBadInput(error: zod.ZodError, part: 'params' | 'query' | 'body'): AppError {
  if (part === 'body') {
    const fieldErrors: FieldErrors = {};
    for (const issue of error.issues) {
      if (issue.path.length === 1 && (issue.code === 'invalid_type' || issue.code === 'invalid_union')) fieldErrors[String(issue.path[0])] ??= issue.message;
    }
    const [first] = Object.entries(fieldErrors);
    if (first) return badInput(`"${first[0]}": ${first[1]}.`, fieldErrors);
  }
  const [issue] = error.issues;
  return badInput(issue.message.replaceAll(NAME, String(issue.path[0] ?? part)));
}
