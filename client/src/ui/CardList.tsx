// Lists of cards (notifications, conversations, saved searches): the labelled
// list with 'Load more' under it when paged, each card with its content and its
// actions (beside it on wide screens, below it on narrow ones), and the block
// shown while the first answer loads.
import { Card, Flex, HStack, Skeleton, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadMore, type Paging } from './paging';
import { HIGHLIGHTED_ITEM } from './highlighted-item';

interface CardListProps<T> {
  /** The list's accessible name. */
  label: string;
  items: T[];
  /** Each item as a ListCard, with its key. */
  children: (item: T) => ReactNode;
  paging?: Paging;
  testId?: string;
}

export function CardList<T>({ label, items, children, paging, testId }: CardListProps<T>) {
  return (
    <Stack gap="4">
      <Stack as="ul" listStyleType="none" gap="3" aria-label={label} data-testid={testId}>
        {items.map(children)}
      </Stack>
      {paging && <LoadMore paging={paging} />}
    </Stack>
  );
}

interface ListCardProps {
  children: ReactNode;
  /** Before the content (an avatar). */
  leading?: ReactNode;
  /** After the content: buttons, links, a badge. */
  actions?: ReactNode;
  /** Stands out (unread). */
  highlighted?: boolean;
  testId?: string;
  /** Extra data attributes, e.g. { 'data-unread': true }. */
  data?: Record<`data-${string}`, string | boolean>;
}

export function ListCard({ children, leading, actions, highlighted = false, testId, data }: ListCardProps) {
  return (
    <Card.Root as="li" variant={highlighted ? 'subtle' : 'outline'} position="relative" data-testid={testId} {...data} css={HIGHLIGHTED_ITEM}>
      <Card.Body p="4">
        <Flex gap="3" justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
          <HStack gap="3" minW="0" flex="1" align="center">
            {leading}
            <Stack gap="1" minW="0" flex="1">
              {children}
            </Stack>
          </HStack>
          {actions && (
            <HStack gap="2" wrap="wrap" flexShrink={0}>
              {actions}
            </HStack>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** What a list or form shows until its first answer: a block of the given height, announced as loading. */
// role="status": a name (aria-label) is only allowed on an element with a role, and a loading block is one.
export const LoadingBlock = ({ label, height = '40' }: { label: string; height?: string }) => <Skeleton role="status" height={height} rounded="lg" aria-busy="true" aria-label={label} />;
