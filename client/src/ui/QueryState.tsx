// The states of a screen that shows a query's answer, in one place (in the
// spirit of RedwoodJS Cells): the page passes its skeleton, its error title, its
// empty state and a render function for the content.
import { Alert, Button, EmptyState, Spinner, VStack } from '@chakra-ui/react';
import { useDeferredValue, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { errorMessage, isNotFound } from '../app/errors';
import { isEmptyList, queryView } from './query-view';

/** What QueryState needs from a generated query hook's result. */
export interface QueryStatus {
  loading: boolean;
  error?: unknown;
  refetch: () => Promise<unknown>;
}

interface QueryStateProps<T> {
  query: QueryStatus;
  /** The part of the answer the screen shows (undefined until the first answer). */
  data: T | null | undefined;
  /** Shown until the first answer: placeholders in the layout the content will take. */
  skeleton: ReactNode;
  /** The error alert's title, e.g. 'Could not load your wishlist'. */
  errorTitle: string;
  /** When the server says the thing asked for does not exist: this title, and no Retry. */
  notFoundTitle?: string;
  /** Shown instead of the content when `isEmpty(data)` (by default: an empty list). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * How long a screen waits before asking again while the server is unavailable (the
 * server's Retry-After; the Apollo link has already retried a few times by then).
 */
export const UNAVAILABLE_RETRY_MS = 5000;

export function QueryState<T>({ query, data: answered, skeleton, errorTitle, notFoundTitle, empty, isEmpty = isEmptyList, children }: QueryStateProps<T>) {
  const [retryingUnavailable, setRetryingUnavailable] = useState(false);
  // An answer that arrives after the first render comes in an urgent update (Apollo's store
  // subscription), which React renders in one piece: a page's worth of cards blocked a phone's
  // main thread for hundreds of milliseconds. Deferred, the screen keeps what it showed for that
  // update and draws the answer in a background render that yields to input. An answer already
  // in the cache at the first render (the first screen's) is drawn at once, as before.
  // So a control whose value is drawn from `data` gets a changed answer a render late: a
  // controlled select jumps back for that render. Keep a person's choice in the page's own
  // state until it is saved or refused (EmailSettingsPage).
  const data = useDeferredValue(answered);
  const loading = useDeferredValue(query.loading);
  const error = useDeferredValue(query.error);
  const view = queryView({
    data,
    loading,
    error,
    isEmpty: (value: T) => empty !== undefined && isEmpty(value),
    handlesNotFound: Boolean(notFoundTitle),
    retryingUnavailable,
  });
  const retryUnavailable = useEffectEvent(() => {
    setRetryingUnavailable(true);
    query
      .refetch()
      .catch(() => {
        // The query's own state says whether it is still unavailable.
      })
      .finally(() => setRetryingUnavailable(false));
  });
  // While the server is unavailable the screen asks again by itself, until it answers.
  useEffect(() => {
    if (view !== 'unavailable' || retryingUnavailable) return;
    const timer = setTimeout(retryUnavailable, UNAVAILABLE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [view, retryingUnavailable]);
  switch (view) {
    case 'content':
      return children(data as T);
    case 'empty':
      return empty;
    case 'loading':
      return skeleton;
    case 'notFound':
      return <NotFoundNotice title={notFoundTitle!} />;
    case 'error':
      // A screen that words a missing record as its error (the spec's 'Failed to fetch property data') offers no Retry: asking again cannot bring it back.
      return <QueryError title={errorTitle} error={error} onRetry={isNotFound(error) ? undefined : () => query.refetch()} />;
    case 'unavailable':
      return <UnavailableNotice />;
  }
}

/**
 * The record the page is about does not exist (or is not the caller's): not a failure to
 * retry. The page's title says what is missing; the server's own message only said it again
 * ("This offer was not found / Offer not found."), so a hint at why takes its place.
 */
function NotFoundNotice({ title }: { title: string }) {
  return (
    <Alert.Root status="info" alignItems="center" data-testid="query-not-found">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>It may have been removed, or the link may be incomplete.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The server cannot answer for a moment (its database is unreachable); the screen retries by itself. */
function UnavailableNotice() {
  return (
    <Alert.Root status="warning" role="status" aria-live="polite" alignItems="center" data-testid="query-unavailable">
      <Alert.Indicator>
        <Spinner size="sm" />
      </Alert.Indicator>
      <Alert.Title>OpenNest is temporarily unavailable. Retrying…</Alert.Title>
    </Alert.Root>
  );
}

interface QueryErrorProps {
  title: string;
  error: unknown;
  /** Shown with a Retry button; the button spins until the promise settles. */
  onRetry?: () => Promise<unknown> | void;
}

/** A failed load: what failed, the server's message when it sent one, and a retry. */
export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    if (!onRetry) return;
    setRetrying(true);
    try {
      await onRetry();
    } catch {
      // The query's own error state shows the new failure.
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Alert.Root status="error" alignItems="center" flexWrap={{ base: 'wrap', sm: 'nowrap' }} data-testid="query-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(error, 'Something went wrong. Please try again.')}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={retry} loading={retrying} loadingText="Retrying">
          <LuRefreshCw aria-hidden /> Retry
        </Button>
      )}
    </Alert.Root>
  );
}

interface EmptyNoticeProps {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  testId?: string;
  /** Actions under the text, e.g. a link to where the list gets its items. */
  children?: ReactNode;
}

/** An empty list: an icon, what is missing, why or what to do, and optional actions, in a dashed box. */
export function EmptyNotice({ icon, title, description, testId, children }: EmptyNoticeProps) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          {/* A page's empty state sits right under its h1 (or a home section's h2): an h2 keeps the outline in order. */}
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
