// Shared pieces of cursor-paged lists: loading the next page, its button, and
// placeholder table rows.
import { Box, Button, Skeleton, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../app/errors';
import { toaster } from './toaster';

interface PageInfo {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** fetchMore with the current end cursor; a failure becomes a toast (the loaded rows stay). `what` names the rows in it. */
export function useLoadMore(pageInfo: PageInfo | undefined, fetchMore: (options: { variables: { after: string } }) => Promise<unknown>, what = 'properties') {
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async () => {
    if (!pageInfo?.hasNextPage || !pageInfo.endCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { after: pageInfo.endCursor } });
    } catch (error) {
      toaster.create({ type: 'error', title: `Could not load more ${what}`, description: errorMessage(error, 'Something went wrong') });
    } finally {
      setLoadingMore(false);
    }
  };
  return { loadMore, loadingMore, hasMore: Boolean(pageInfo?.hasNextPage) };
}

export function LoadMoreButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <Box textAlign="center">
      <Button variant="outline" onClick={onClick} loading={loading} loadingText="Loading...">
        Load more
      </Button>
    </Box>
  );
}

/** Placeholder rows while a table's first page loads. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Row key={row}>
      {Array.from({ length: columns }, (_, cell) => (
        <Table.Cell key={cell}>
          <Skeleton height="5" />
        </Table.Cell>
      ))}
    </Table.Row>
  ));
}
