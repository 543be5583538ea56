import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadMore, type Paging } from '../ui/paging';
import { cardGridColumns } from './image-sizes';

interface PagedCardGridProps<T> {
  items: T[];
  /** Each item as a card, with its key. */
  children: (item: T) => ReactNode;
  paging: Paging;
  /** Above the grid (a notice about some of the items). */
  before?: ReactNode;
  testId?: string;
}

/** A dashboard page's grid of property cards, as All Properties lays them out, with 'Load more' under it. */
export function PagedCardGrid<T>({ items, children, paging, before, testId }: PagedCardGridProps<T>) {
  return (
    <Stack gap="6">
      {before}
      <SimpleGrid columns={cardGridColumns.all} gap="6" data-testid={testId}>
        {items.map(children)}
      </SimpleGrid>
      <LoadMore paging={paging} />
    </Stack>
  );
}
