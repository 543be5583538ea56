// The one check every value passes before it reaches PostgreSQL: a Prisma
// client extension (createDb installs it) that reads the arguments of every
// query, model operations and raw SQL alike, and refuses the query before it is
// sent when a value is one PostgreSQL would refuse with a data exception
// (SQLSTATE class 22: a time out of range, a NUL character in text or JSON, a
// lone surrogate in JSON, a number that is not finite). It sits below both doors (GraphQL and REST) and
// below every service, so a new field, argument or route cannot go around it,
// and values a service derives from input (a cursor's time, a date built from
// text) are checked too. The refusal is the caller's BAD_USER_INPUT (400 on
// REST), never INTERNAL_SERVER_ERROR.
//
// The friendlier checks stay where they are (the form schemas' messages, the
// scalars, cursor decoding); they use the same bounds (common/storable.ts).
// Record ids are checked where they are read (parseId), and amounts by the
// money rules, which know each column's precision.
import { isStorableText, isStorableTime, STORABLE_YEARS } from '@opennest/common/storable';
import { badInput } from '../shared/errors';

/** Why `value` (at `path` in the arguments) cannot be stored, or null when everything in it can. */
export function unstorableValue(value: unknown, path = 'arguments', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : `${path} contains a NUL character or a lone surrogate`;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} is not a finite number`;
  if (value instanceof Date) return isStorableTime(value) ? null : `${path} is a time outside years ${STORABLE_YEARS.min} to ${STORABLE_YEARS.max}`;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  // Bytes and Prisma's Decimal (checked by the money rules) are not walked.
  if (ArrayBuffer.isView(value) || isDecimal(value)) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const problem = unstorableValue(value[index], `${path}[${index}]`, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return `${path} has a key with a NUL character or a lone surrogate`;
    const problem = unstorableValue(inner, `${path}.${key}`, depth + 1);
    if (problem) return problem;
  }
  return null;
}

const isDecimal = (value: object) => typeof (value as { toFixed?: unknown }).toFixed === 'function' && typeof (value as { isFinite?: unknown }).isFinite === 'function';

export const UNSTORABLE_MESSAGE = 'A value cannot be stored: it is outside what the database holds.';

/** Which query argument could not be stored (the refusal's log line names it; callers see UNSTORABLE_MESSAGE). */
export const storageProblemOf = (error: unknown): string | undefined => (error as { storageProblem?: string } | null)?.storageProblem;

/** Throws BAD_USER_INPUT when `args` holds an unstorable value. */
export function assertStorableArguments(model: string | undefined, operation: string, args: unknown): void {
  const problem = unstorableValue(args);
  if (problem) throw Object.assign(badInput(UNSTORABLE_MESSAGE), { storageProblem: `${model ?? 'raw'}.${operation}: ${problem}` });
}

/** The extension's definition, for `client.$extends(...)`. */
export const storableArguments = {
  name: 'storable-arguments',
  query: {
    async $allOperations({ model, operation, args, query }: { model?: string; operation: string; args: unknown; query: (args: unknown) => Promise<unknown> }) {
      assertStorableArguments(model, operation, args);
      return query(args);
    },
  },
};
