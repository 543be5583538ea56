// Errors a caller can cause. Services throw these; the GraphQL layer turns them
// into typed errors (extensions.code) and the REST adapter into HTTP statuses.
// Anything else that escapes is a bug: it is logged and shown as a generic 500.

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED' | 'SERVICE_UNAVAILABLE';

export const httpStatusByCode: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  // Over a rate limit (server/rate-limits); nothing was read or stored. With Retry-After.
  RATE_LIMITED: 429,
  // A service we depend on (the identity provider) failed; nothing was changed.
  SERVICE_UNAVAILABLE: 503,
};

/** Field name → message, as the forms show them under each input. */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: FieldErrors;
  /** When to try again (RATE_LIMITED, SERVICE_UNAVAILABLE): REST's Retry-After header, GraphQL's extensions.retryAfter. */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, fieldErrors?: FieldErrors, retryAfterSeconds?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const unauthenticated = (message = 'You must be signed in.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const badInput = (message: string, fieldErrors?: FieldErrors) => new AppError('BAD_USER_INPUT', message, fieldErrors);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const payloadTooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);
export const serviceUnavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
