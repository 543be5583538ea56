import type { ErrorRequestHandler, RequestHandler } from 'express';
import { appErrorOfDatabaseError } from '../db/constraint-meanings';
import { storageProblemOf } from '../db/storable-arguments';
import { AppError, httpStatusByCode, isAppError, notFound } from '../shared/errors';

/** Unknown /api paths answer 404 JSON rather than falling through to the web client. */
export const apiNotFound: RequestHandler = (req) => {
  throw notFound(`No API route ${req.method} ${req.baseUrl}${req.path}.`);
};

/**
 * AppError → its HTTP status with { message, code, fieldErrors }. Malformed
 * bodies are the caller's fault (400/413); a database that cannot be reached is
 * a 503, and a write that lost a race to another request a 409 or 404. Anything
 * else is logged and masked.
 */
export const restErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const appError = toAppError(error);
  if (appError) {
    if (appError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    if (appError.code === 'SERVICE_UNAVAILABLE') req.log?.warn({ err: error }, 'service unavailable');
    const storageProblem = storageProblemOf(appError);
    if (storageProblem) req.log?.warn({ storageProblem }, 'unstorable value refused before the query');
    // /graphql's context is built by Express middleware, so its refusals come here too: answer them in GraphQL's shape.
    if (req.originalUrl.split('?')[0] === '/graphql') {
      res.status(httpStatusByCode[appError.code]).json({ errors: [{ message: appError.message, extensions: graphqlExtensionsOf(appError) }] });
      return;
    }
    res.status(httpStatusByCode[appError.code]).json({
      message: appError.message,
      code: appError.code,
      ...(appError.fieldErrors ? { fieldErrors: appError.fieldErrors } : {}),
    });
    return;
  }
  req.log?.error({ err: error }, 'unexpected error');
  res.status(500).json({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', requestId: String(req.id ?? '') });
};

/** The `extensions` of a GraphQL error for `error` (also used by the GraphQL layer's formatError). */
export function graphqlExtensionsOf(error: AppError): Record<string, unknown> {
  return {
    code: error.code,
    ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    ...(error.retryAfterSeconds !== undefined ? { retryAfter: error.retryAfterSeconds } : {}),
  };
}

function toAppError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  // An unreachable database (503), or a write that lost a race (409/404: see constraint-meanings.ts).
  const fromDatabase = appErrorOfDatabaseError(error);
  if (fromDatabase) return fromDatabase;
  const status = (error as { status?: number; type?: string }).status;
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') return new AppError('BAD_USER_INPUT', 'Malformed JSON body.');
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large.');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return new AppError('BAD_USER_INPUT', 'Unsupported body encoding.');
  if (status === 404) return new AppError('NOT_FOUND', 'Not found.');
  if (status === 403) return new AppError('FORBIDDEN', 'Forbidden.');
  if (status && status >= 400 && status < 500) return new AppError('BAD_USER_INPUT', (error as Error).message || 'Bad request.');
  return null;
}
