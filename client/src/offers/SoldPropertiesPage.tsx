import { Box, Code, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { LuBadgeDollarSign } from 'react-icons/lu';
import { useMySalesQuery, type MySalesQuery } from './offers.generated';
import { HIGHLIGHTED_ITEM, itemAttributes, useHighlightedItem } from '../ui/highlighted-item';
import { PageHeader } from '../properties/page-parts';
import { DataTable, DataTableSkeleton, type TableFrame } from '../ui/DataTable';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { formatCalendarDay } from '@opennest/common/local-time';
import { OfferRowCells } from './offer-parts';
import { dollars } from '@opennest/common/money';
import { plural } from '../ui/plural';

type Sales = MySalesQuery['mySales'];

const TABLE: TableFrame = {
  label: 'Your sold properties',
  minW: '4xl',
  scrollHint: true,
  columns: [{ label: 'Property' }, { label: 'Buyer' }, { label: 'Amount', textAlign: 'end' }, { label: 'Transaction ID' }, { label: 'Buying date' }],
};

/** Agent: their bought offers and the total sold amount, with 2 decimals (spec sections 2 and 9). */
export default function SoldPropertiesPage() {
  const mySales = useMySalesQuery({ fetchPolicy: 'cache-and-network' });
  const sales = mySales.data?.mySales;
  const offers = sales?.offers;
  const highlighted = useHighlightedItem(Boolean(offers));

  // The server sums the amounts exactly (NUMERIC); it is shown as sent, never re-added here.
  const total = (
    <Box borderWidth="1px" borderColor="teal.100" bg="teal.50" rounded="lg" px="5" py="3" textAlign={{ base: 'start', sm: 'end' }} minW={{ sm: '56' }}>
      <Text fontSize="sm" color="teal.800" fontWeight="medium" id="sold-total-label">
        Total sold amount
      </Text>
      {sales ? (
        <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" color="teal.800" fontVariantNumeric="tabular-nums" aria-labelledby="sold-total-label" data-testid="sold-total">
          {dollars(sales.total)}
        </Text>
      ) : (
        <Skeleton height="8" width="40" mt="1" ms={{ sm: 'auto' }} />
      )}
    </Box>
  );

  const table = (sold: Sales) => (
    <DataTable {...TABLE}>
      {sold.offers.map((offer) => (
        <Table.Row key={offer.id} data-testid="sold-row" {...itemAttributes(offer.id, highlighted)} css={HIGHLIGHTED_ITEM}>
          <OfferRowCells offer={offer} amountTestId="sold-amount" />
          <Table.Cell maxW="56">
            {offer.transactionId ? (
              <Code size="sm" wordBreak="break-all" whiteSpace="normal" data-testid="sold-transaction">
                {offer.transactionId}
              </Code>
            ) : (
              <Text color="fg.muted">—</Text>
            )}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatCalendarDay(offer.buyingDate)}</Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );

  return (
    <Stack gap="0">
      <PageHeader
        title="My Sold Properties"
        subtitle={offers && offers.length > 0 ? `${plural(offers.length, 'sale')}, newest first.` : 'Properties buyers have paid for.'}
        actions={sales || !mySales.error ? total : undefined}
      />
      <QueryState
        query={mySales}
        data={sales}
        skeleton={<DataTableSkeleton {...TABLE} rows={4} />}
        errorTitle="Could not load your sold properties"
        isEmpty={(sold) => sold.offers.length === 0}
        empty={
          <EmptyNotice
            icon={<LuBadgeDollarSign />}
            title="No sold properties yet"
            description="When a buyer pays for an offer you accepted, the sale appears here."
            testId="sold-empty"
          />
        }
      >
        {table}
      </QueryState>
    </Stack>
  );
}
