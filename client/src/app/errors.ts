import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** The server's message for a failed request, or `fallback` when it sent none we can show. */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    if (first?.message && errorCode(error) !== 'INTERNAL_SERVER_ERROR') return first.message;
    return fallback;
  }
  if (error instanceof Error && 'status' in error && error.message) return error.message; // HttpError from app/http
  return fallback;
}

/**
 * The typed code of a GraphQL answer's first error (`extensions.code`: NOT_FOUND,
 * CONFLICT, ...), or null when the request failed without one (network, HTTP).
 */
export function errorCode(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === 'string' ? code : null;
}

/** NOT_FOUND, or an id that is not an id at all (BAD_USER_INPUT): the thing asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'NOT_FOUND' || code === 'BAD_USER_INPUT';
}

/** Per-field messages from a BAD_USER_INPUT answer, for Formik's setErrors(). */
export function fieldErrors(error: unknown): Record<string, string> | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const fields = error.errors[0]?.extensions?.fieldErrors;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : null;
}

/**
 * Whether the server said it cannot answer right now (its database is unreachable):
 * GraphQL's SERVICE_UNAVAILABLE, or HTTP 503 (REST, or a GraphQL answer the HTTP link
 * could not read as GraphQL). Nothing was changed, and the same request may simply be sent again.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE');
  if (ServerError.is(error)) return error.statusCode === 503;
  return error instanceof Error && 'status' in error && error.status === 503; // HttpError from app/http
}
