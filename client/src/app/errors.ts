import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** The server's message for a failed request, or `fallback` when it sent none we can show. */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    if (first?.message && code !== 'INTERNAL_SERVER_ERROR') return first.message;
    return fallback;
  }
  if (error instanceof Error && 'status' in error && error.message) return error.message; // HttpError from app/http
  return fallback;
}

/** Per-field messages from a BAD_USER_INPUT answer, for Formik's setErrors(). */
export function fieldErrors(error: unknown): Record<string, string> | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const fields = error.errors[0]?.extensions?.fieldErrors;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : null;
}
