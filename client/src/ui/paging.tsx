// Cursor-paged lists (connections with `pageInfo`): the next page on request
// ('Load more') or, with `infinite`, as the end of the list nears the viewport.
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../app/errors';
import { plural } from './plural';

interface PageInfo {
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface Paging {
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last next-page request failed; the button then reads 'Try again'. */
  error: string | null;
  loadMore: () => Promise<void>;
  /** Changes with every page, so an observer can ask again while the end stays in view. */
  cursor: string | null;
}

/**
 * fetchMore with the current end cursor, one request at a time. A failure is
 * kept (the loaded rows stay) until the next try or until `resetKey` changes
 * (a new filter starts over). `what` names the rows in the failure message.
 */
export function usePaging(
  pageInfo: PageInfo | undefined,
  fetchMore: (options: { variables: { after: string } }) => Promise<unknown>,
  what: string,
  resetKey?: unknown,
): Paging {
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const loadMore = useCallback(async () => {
    if (inFlight.current || !pageInfo?.hasNextPage || !pageInfo.endCursor) return;
    inFlight.current = true;
    setLoadingMore(true);
    setError(null);
    try {
      await fetchMore({ variables: { after: pageInfo.endCursor } });
    } catch (failure) {
      setError(errorMessage(failure, `Could not load more ${what}.`));
    } finally {
      inFlight.current = false;
      setLoadingMore(false);
    }
  }, [fetchMore, pageInfo, what]);

  useEffect(() => setError(null), [resetKey]);

  return { hasMore: Boolean(pageInfo?.hasNextPage), loadingMore, error, loadMore, cursor: pageInfo?.endCursor ?? null };
}

/** A connection: a page of rows and where the next page starts. */
interface Connection<Node> {
  nodes: Node[];
  pageInfo: PageInfo;
}

/**
 * The common opening of a paged list page: the rows of a paged query's
 * connection (undefined until the first answer) and the paging of its next
 * pages. `connectionOf` picks the connection out of the answer; `what` and
 * `resetKey` are usePaging's.
 *
 *     const myOffers = useMyOffersQuery({ fetchPolicy: 'cache-and-network' });
 *     const { nodes: offers, paging } = usePagedQuery(myOffers, (data) => data.myOffers, 'offers');
 */
export function usePagedQuery<Data, Node>(
  query: { data?: Data; fetchMore: (options: { variables: { after: string } }) => Promise<unknown> },
  connectionOf: (data: Data) => Connection<Node>,
  what: string,
  resetKey?: unknown,
): { nodes: Node[] | undefined; paging: Paging } {
  const connection = query.data === undefined ? undefined : connectionOf(query.data);
  const paging = usePaging(connection?.pageInfo, query.fetchMore, what, resetKey);
  return { nodes: connection?.nodes, paging };
}

/**
 * A paged list's count for its header: '3 offers', or 'The newest 20 offers' while
 * more pages are left to load (the count is of the rows shown, not of them all);
 * undefined before the first answer and for an empty list (its empty notice speaks).
 */
export function shownCount(rows: readonly unknown[] | undefined, paging: Pick<Paging, 'hasMore'>, one: string, many?: string): string | undefined {
  if (!rows || rows.length === 0) return undefined;
  return `${paging.hasMore ? 'The newest ' : ''}${plural(rows.length, one, many)}`;
}

interface LoadMoreProps {
  paging: Paging;
  /** Load the next page when the end of the list nears the viewport (a failed page waits for the button, so errors cannot loop). */
  infinite?: boolean;
  /** A large teal button, for a page whose main content is the list. */
  prominent?: boolean;
  /** Shown when every page is loaded. */
  end?: ReactNode;
  /** Prefix of the sentinel's test id. */
  testIdPrefix?: string;
}

/** The 'Load more' button under a paged list, the last failure above it, and the infinite-scroll sentinel. */
export function LoadMore({ paging, infinite = false, prominent = false, end, testIdPrefix = 'list' }: LoadMoreProps) {
  const { hasMore, loadingMore, error, loadMore, cursor } = paging;
  const sentinel = useRef<HTMLDivElement>(null);
  const canAutoLoad = infinite && hasMore && !error && !loadingMore;

  // The observer is re-created after every page (cursor), so a sentinel still in view asks again.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canAutoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canAutoLoad, loadMore, cursor]);

  if (!hasMore && !end && !error) return null;
  return (
    <>
      {infinite && <Box ref={sentinel} height="1px" aria-hidden data-testid={`${testIdPrefix}-sentinel`} />}
      <Stack align="center" gap="3" mt={prominent ? '8' : undefined}>
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
        {hasMore ? (
          <Button
            onClick={() => void loadMore()}
            loading={loadingMore}
            loadingText="Loading more"
            variant="outline"
            colorPalette={prominent ? 'teal' : undefined}
            size={prominent ? 'lg' : undefined}
            data-testid="load-more"
          >
            {error ? 'Try again' : 'Load more'}
          </Button>
        ) : (
          end
        )}
      </Stack>
    </>
  );
}
