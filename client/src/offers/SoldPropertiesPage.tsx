import { Box, Code, EmptyState, Skeleton, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { LuBadgeDollarSign } from 'react-icons/lu';
import { useMySalesQuery } from '../graphql/generated';
import { PageHeader } from '../properties/page-parts';
import { AgentOnly } from '../auth/RoleOnly';
import { SkeletonRows } from '../ui/paging';
import { QueryError } from '../ui/QueryError';
import { formatCalendarDate, OfferBuyerCell, OfferPropertyCell, TableScrollHint } from './offer-parts';
import { dollars } from '@opennest/common/money';

/** Agent: their bought offers and the total sold amount, with 2 decimals (spec sections 2 and 9). */
export default function SoldPropertiesPage() {
  return (
    <AgentOnly>
      <SoldProperties />
    </AgentOnly>
  );
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function SoldProperties() {
  const { data, error, refetch } = useMySalesQuery({ fetchPolicy: 'cache-and-network' });
  const sales = data?.mySales;
  const offers = sales?.offers;

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

  let content;
  if (!sales && error) {
    content = <QueryError title="Could not load your sold properties" error={error} onRetry={() => refetch()} />;
  } else if (offers && offers.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" data-testid="sold-empty">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuBadgeDollarSign />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>No sold properties yet</EmptyState.Title>
            <EmptyState.Description>When a buyer pays for an offer you accepted, the sale appears here.</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <Stack gap="2">
        <TableScrollHint />
        <Table.ScrollArea borderWidth="1px" rounded="lg">
          <Table.Root size="sm" minW="4xl" aria-label="Your sold properties" aria-busy={!offers}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Property</Table.ColumnHeader>
                <Table.ColumnHeader>Buyer</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Transaction ID</Table.ColumnHeader>
                <Table.ColumnHeader>Buying date</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {offers ? (
                offers.map((offer) => (
                  <Table.Row key={offer.id} data-testid="sold-row">
                    <Table.Cell maxW="64">
                      <OfferPropertyCell property={offer.property} />
                    </Table.Cell>
                    <Table.Cell maxW="56">
                      <OfferBuyerCell buyer={offer.buyer} />
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums" fontWeight="medium" data-testid="sold-amount">
                      {dollars(offer.offerAmount)}
                    </Table.Cell>
                    <Table.Cell maxW="56">
                      {offer.transactionId ? (
                        <Code size="sm" wordBreak="break-all" whiteSpace="normal" data-testid="sold-transaction">
                          {offer.transactionId}
                        </Code>
                      ) : (
                        <Text color="fg.muted">—</Text>
                      )}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatCalendarDate(offer.buyingDate)}</Table.Cell>
                  </Table.Row>
                ))
              ) : (
                <SkeletonRows rows={4} columns={5} />
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
    );
  }

  return (
    <Stack gap="0">
      <PageHeader
        title="My Sold Properties"
        subtitle={offers && offers.length > 0 ? `${plural(offers.length, 'sale')}, newest first.` : 'Properties buyers have paid for.'}
        actions={sales || !error ? total : undefined}
      />
      {content}
    </Stack>
  );
}
