// Whether an error means "the database cannot be reached right now" (stopped,
// restarting, refusing or dropping connections, no pooled connection in time),
// as opposed to a bug or a caller's mistake. Such errors answer 503
// SERVICE_UNAVAILABLE with Retry-After (REST and GraphQL alike), never 500: the
// caller may simply try again, and nothing was changed.
import { AppError } from '../shared/errors';

/** Seconds a client is told to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures (node's error codes). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);
/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (server shutting
 * down, crashed, or starting up), 53300 (too many connections).
 */
const SQLSTATE = /^(08\w{3}|57P0[1-3]|53300)$/;
/** Prisma's codes for an unreachable server, a dropped connection, a pool timeout, a transaction that found no connection in time. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
/** The kinds @prisma/adapter-pg gives connection failures. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** What pg and Prisma say when the connection itself failed (they do not always give a code). */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Can't reach database server/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
  /terminating connection due to administrator command/i,
  /Server has closed the connection/i,
  /Connection (refused|closed)/i,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const candidate = error as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; errors?: unknown; meta?: unknown; originalCode?: unknown };
  const code = typeof candidate.code === 'string' ? candidate.code : typeof candidate.originalCode === 'string' ? candidate.originalCode : '';
  if (SOCKET_CODES.has(code) || SQLSTATE.test(code) || PRISMA_CODES.has(code)) return true;
  if (typeof candidate.kind === 'string' && ADAPTER_KINDS.has(candidate.kind)) return true;
  if (candidate.kind === 'postgres' && typeof candidate.code === 'string' && SQLSTATE.test(candidate.code)) return true;
  if (typeof candidate.message === 'string' && MESSAGES.some((pattern) => pattern.test(candidate.message as string))) return true;
  const nested = [candidate.cause, candidate.meta, ...(Array.isArray(candidate.errors) ? candidate.errors : [])];
  if (candidate.meta && typeof candidate.meta === 'object') nested.push((candidate.meta as { driverAdapterError?: unknown }).driverAdapterError);
  return nested.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** The caller-facing error for an unreachable database. */
export const databaseUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; please retry in a few seconds.', undefined, DATABASE_RETRY_AFTER_SECONDS);

/**
 * Runs `step`, a start-up step that talks to the database, again while the
 * database is unavailable (up to `attempts` times, waiting a little longer each
 * time): a server slow to take a first connection as the app starts (a database
 * still starting, a loaded machine whose event loop was busy past the
 * connection timeout) delays the start instead of failing it. Requests keep
 * CONNECTION_TIMEOUT_MS as their bound; any other error is thrown at once.
 */
export async function retriedWhileUnavailable<T>(step: () => Promise<T>, { attempts = 4, delayMs = 500 }: { attempts?: number; delayMs?: number } = {}): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= attempts || !isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}
