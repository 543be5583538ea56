// Which state a query's screen is in. Kept apart from the component so that the
// rule can be unit-tested without rendering.
import { isNotFound, isServiceUnavailable } from '../app/errors';

export type QueryView = 'content' | 'empty' | 'loading' | 'error' | 'notFound' | 'unavailable';

export interface QueryViewInput<T> {
  /** What the screen shows, picked from the answer; undefined or null until there is one. */
  data: T | null | undefined;
  loading: boolean;
  error?: unknown;
  /** Whether the answer has nothing to show (an empty list). */
  isEmpty: (data: T) => boolean;
  /** Whether the screen has its own not-found state; otherwise NOT_FOUND is an error like any other. */
  handlesNotFound: boolean;
  /** Whether the request in flight retries one the server answered SERVICE_UNAVAILABLE. */
  retryingUnavailable?: boolean;
}

/**
 * Data already on screen wins: a background refresh (cache-and-network) or a
 * failed refetch keeps what the user sees. Without data, a request in flight is
 * a skeleton, including a retry after an error, except the screen's own retries
 * while the server is unavailable: those keep saying so.
 */
export function queryView<T>({ data, loading, error, isEmpty, handlesNotFound, retryingUnavailable = false }: QueryViewInput<T>): QueryView {
  if (data !== undefined && data !== null) return isEmpty(data) ? 'empty' : 'content';
  if (loading) return retryingUnavailable ? 'unavailable' : 'loading';
  if (!error) return 'loading';
  if (isServiceUnavailable(error)) return 'unavailable';
  return handlesNotFound && isNotFound(error) ? 'notFound' : 'error';
}

/** The default emptiness: a list with no items. */
export const isEmptyList = (data: unknown): boolean => Array.isArray(data) && data.length === 0;
