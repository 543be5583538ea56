// The agent profile's "Listing performance": per listing, details-page views
// (one per viewer per day, counted by the server), wishlist adds, offers and
// days on market, and a chart of one listing's last 30 days, opened right under
// its row ("Chart"), so on a phone, where rows are cards, it shows where the
// agent tapped rather than below the last card. The chart's code
// (Chakra's charts on recharts) loads only when this section shows it, so no
// other page carries it; its summary line and the table say the same in text.
import { Button, Heading, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { Fragment, lazy, Suspense, useState } from 'react';
import { LuChartLine, LuEye } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { DataTable, DataTableSkeleton, type TableFrame } from '../ui/DataTable';
import { usePagedQuery } from '../ui/paging';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { plural } from '../ui/plural';
import { useMyListingNumbersQuery, type MyListingNumbersQuery } from './listing-numbers.generated';
import { formatNumber } from '@opennest/common/numbers';

const ListingNumbersChart = lazy(() => import('./ListingNumbersChart'));

type ListingRow = MyListingNumbersQuery['myListingNumbers']['nodes'][number];
export type NumbersDay = ListingRow['days'][number];

const PAGE_SIZE = 10;

const TABLE: TableFrame = {
  label: 'Your listings’ numbers',
  minW: '4xl',
  columns: [
    { label: 'Listing' },
    { label: 'Views', textAlign: 'end' },
    { label: 'Wishlist adds', textAlign: 'end' },
    { label: 'Offers', textAlign: 'end' },
    { label: 'Viewings booked', textAlign: 'end' },
    { label: 'Viewings held', textAlign: 'end' },
    { label: 'Feedback', textAlign: 'end' },
    { label: 'Days on market', textAlign: 'end' },
    { label: 'Chart', textAlign: 'end' },
  ],
};

const NO_LISTINGS = (
  <EmptyNotice
    icon={<LuEye />}
    title="No views yet"
    description="Once you add a listing and buyers open it, its views, wishlist adds and offers appear here."
    testId="listing-performance-empty"
  />
);

export function ListingPerformance() {
  const numbers = useMyListingNumbersQuery({ variables: { first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const { nodes, paging } = usePagedQuery(numbers, (data) => data.myListingNumbers, 'listings');
  const [chosenId, setChosenId] = useState<string | null>(null);

  return (
    <Stack as="section" gap="3" maxW="5xl" aria-labelledby="listing-performance-heading" data-testid="listing-performance">
      <Heading as="h2" size="md" id="listing-performance-heading">
        Listing performance
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        Views count each buyer once a day when they open a listing’s details page; your own views are not counted.
      </Text>
      <QueryState
        query={numbers}
        data={nodes}
        skeleton={<DataTableSkeleton {...TABLE} rows={3} />}
        errorTitle="Could not load your listings’ numbers"
        empty={NO_LISTINGS}
      >
        {(rows) => {
          const chosen = rows.find((row) => row.property.id === chosenId) ?? rows[0];
          return (
            <DataTable {...TABLE} paging={paging}>
              {rows.map((row) => (
                <Fragment key={row.property.id}>
                  <Table.Row data-testid="listing-numbers-row">
                    <Table.Cell maxW="64">
                      <Link asChild fontWeight="medium" color="teal.700" lineClamp={2}>
                        <RouterLink to={`/propertyDetails/${row.property.id}`}>{row.property.title}</RouterLink>
                      </Link>
                    </Table.Cell>
                    <NumberCell value={row.views} testId="listing-views" />
                    <NumberCell value={row.wishlistAdds} testId="listing-wishlist-adds" />
                    <NumberCell value={row.offers} testId="listing-offers" />
                    <NumberCell value={row.viewingsBooked} testId="listing-viewings-booked" />
                    <NumberCell value={row.viewingsHeld} testId="listing-viewings-held" />
                    <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="listing-feedback">
                      {row.averageFeedback === null ? (
                        <Text as="span" color="fg.muted" aria-label="No feedback yet">
                          –
                        </Text>
                      ) : (
                        <Text as="span" aria-label={`Average ${row.averageFeedback} of 5 from ${plural(row.feedbackCount, 'buyer')}`}>
                          ★ {row.averageFeedback.toFixed(1)} ({row.feedbackCount})
                        </Text>
                      )}
                    </Table.Cell>
                    <NumberCell value={row.daysOnMarket} testId="listing-days-on-market" />
                    <Table.Cell textAlign="end">
                      <Button
                        size="xs"
                        variant={row === chosen ? 'solid' : 'outline'}
                        colorPalette="teal"
                        aria-pressed={row === chosen}
                        aria-label={`Chart of ${row.property.title}`}
                        aria-controls={row === chosen ? chartId(row) : undefined}
                        onClick={() => setChosenId(row.property.id)}
                      >
                        <LuChartLine aria-hidden /> Chart
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                  {row === chosen && (
                    <Table.Row data-testid="listing-chart-row" bg="bg.subtle">
                      <Table.Cell colSpan={TABLE.columns.length} py="4">
                        <ListingChart listing={row} />
                      </Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              ))}
            </DataTable>
          );
        }}
      </QueryState>
    </Stack>
  );
}

const chartId = (row: ListingRow) => `listing-chart-${row.property.id}`;

function NumberCell({ value, testId }: { value: number; testId: string }) {
  return (
    <Table.Cell textAlign={{ base: 'start', md: 'end' }} fontVariantNumeric="tabular-nums" data-testid={testId}>
      {formatNumber(value)}
    </Table.Cell>
  );
}

/** One listing's last 30 days: a line chart, and the same in a sentence (its text alternative). */
function ListingChart({ listing }: { listing: ListingRow }) {
  const sum = (pick: (day: NumbersDay) => number) => listing.days.reduce((total, day) => total + pick(day), 0);
  const views = sum((day) => day.views);
  const wishlistAdds = sum((day) => day.wishlistAdds);
  const offers = sum((day) => day.offers);
  const summary = `In the last ${listing.days.length} days: ${plural(views, 'view')}, ${plural(wishlistAdds, 'wishlist add')}, ${plural(offers, 'offer')}.`;
  const summaryId = `listing-chart-summary-${listing.property.id}`;
  return (
    <Stack as="figure" gap="2" id={chartId(listing)} aria-labelledby={`${summaryId}-title`} aria-describedby={summaryId} data-testid="listing-chart">
      <Heading as="h3" size="sm" id={`${summaryId}-title`}>
        Last 30 days: {listing.property.title}
      </Heading>
      <Text as="figcaption" id={summaryId} fontSize="sm" color="fg.muted" data-testid="listing-chart-summary">
        {summary}
      </Text>
      {views + wishlistAdds + offers === 0 ? (
        <Text fontSize="sm" data-testid="listing-chart-empty">
          No views yet in the last 30 days.
        </Text>
      ) : (
        <Suspense fallback={<Skeleton height="56" rounded="md" />}>
          <ListingNumbersChart days={listing.days} />
        </Suspense>
      )}
    </Stack>
  );
}
