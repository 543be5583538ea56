// The report pages' common frame: their query's loading, error and empty
// states around a list of cards (My Reports, Moderation).
import type { ReactNode } from 'react';
import { LuFlag } from 'react-icons/lu';
import { CardList, LoadingBlock } from '../ui/CardList';
import { EmptyNotice, QueryState, type QueryStatus } from '../ui/QueryState';

interface ReportCardsProps<T> {
  query: QueryStatus;
  items: T[] | undefined;
  /** What is listed, for the loading and error texts ("your reports"). */
  what: string;
  /** The list's accessible name. */
  label: string;
  testId: string;
  empty: { title: string; description: string; testId: string };
  children: (item: T) => ReactNode;
}

export function ReportCards<T>({ query, items, what, label, testId, empty, children }: ReportCardsProps<T>) {
  return (
    <QueryState
      query={query}
      data={items}
      skeleton={<LoadingBlock label={`Loading ${what}`} />}
      errorTitle={`Could not load ${what}`}
      empty={<EmptyNotice icon={<LuFlag />} title={empty.title} description={empty.description} testId={empty.testId} />}
    >
      {(loaded) => (
        <CardList label={label} items={loaded} testId={testId}>
          {children}
        </CardList>
      )}
    </QueryState>
  );
}
