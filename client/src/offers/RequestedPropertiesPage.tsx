import { Button, EmptyState, HStack, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuInbox, LuX } from 'react-icons/lu';
import { errorMessage } from '../app/errors';
import { useAcceptOfferMutation, useOffersOnMyPropertiesQuery, useRejectOfferMutation, type OfferFieldsFragment } from '../graphql/generated';
import { PageHeader } from '../properties/page-parts';
import { AgentOnly } from '../auth/RoleOnly';
import { SkeletonRows } from '../ui/paging';
import { QueryError } from '../ui/QueryError';
import { toaster } from '../ui/toaster';
import { formatCalendarDate, OfferBuyerCell, OfferPropertyCell, OfferStatusBadge, TableScrollHint } from './offer-parts';
import { dollars } from '@opennest/common/money';

/** Agent: offers on their properties, newest first; Accept and Reject on pending ones (spec section 2). */
export default function RequestedPropertiesPage() {
  return (
    <AgentOnly>
      <RequestedProperties />
    </AgentOnly>
  );
}

type Decision = 'accept' | 'reject';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function RequestedProperties() {
  const { data, error, refetch } = useOffersOnMyPropertiesQuery({ fetchPolicy: 'cache-and-network' });
  // The answers carry id and status, so the row updates from the cache at once.
  const [acceptOffer] = useAcceptOfferMutation();
  const [rejectOffer] = useRejectOfferMutation();
  const [busy, setBusy] = useState<Record<string, Decision>>({});

  const offers = data?.offersOnMyProperties;
  // While an offer is being accepted, the other pending offers on that property wait for the outcome.
  const propertiesBeingAccepted = new Set(offers?.filter((offer) => busy[offer.id] === 'accept').map((offer) => offer.property.id));

  const decide = async (offer: OfferFieldsFragment, decision: Decision) => {
    const { id, buyer, property } = offer;
    const othersPending = offers?.filter((other) => other.id !== id && other.property.id === property.id && other.status === 'pending').length ?? 0;
    setBusy((current) => ({ ...current, [id]: decision }));
    try {
      if (decision === 'accept') {
        await acceptOffer({ variables: { id } });
        toaster.create({
          type: 'success',
          title: 'Offer accepted',
          description:
            `You accepted ${buyer.name}'s offer on "${property.title}".` +
            (othersPending === 1 ? ' The other pending offer on it was rejected.' : othersPending > 1 ? ` The other ${othersPending} pending offers on it were rejected.` : ''),
        });
      } else {
        await rejectOffer({ variables: { id } });
        toaster.create({ type: 'success', title: 'Offer rejected', description: `You rejected ${buyer.name}'s offer on "${property.title}".` });
      }
    } catch (decisionError) {
      toaster.create({ type: 'error', title: 'Something went wrong', description: errorMessage(decisionError, '') || undefined });
    }
    // Accepting rejects the property's other pending offers on the server; a
    // failure may mean the list is stale. Either way, load it afresh.
    try {
      await refetch();
    } catch {
      // The query's own error state shows it.
    } finally {
      setBusy(({ [id]: _done, ...rest }) => rest);
    }
  };

  let content;
  if (!offers && error) {
    content = <QueryError title="Could not load the offers on your properties" error={error} onRetry={() => refetch()} />;
  } else if (offers && offers.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" data-testid="requested-empty">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuInbox />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>No offers yet</EmptyState.Title>
            <EmptyState.Description>When buyers make offers on your verified properties, they appear here for you to accept or reject.</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <Stack gap="2">
        <TableScrollHint />
        <Table.ScrollArea borderWidth="1px" rounded="lg">
          <Table.Root size="sm" minW="4xl" aria-label="Offers on your properties" aria-busy={!offers}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Property</Table.ColumnHeader>
                <Table.ColumnHeader>Buyer</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Offer amount</Table.ColumnHeader>
                <Table.ColumnHeader>Buying date</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {offers ? (
                offers.map((offer) => {
                  const rowBusy = busy[offer.id];
                  const waiting = Boolean(rowBusy) || propertiesBeingAccepted.has(offer.property.id);
                  const subject = `from ${offer.buyer.name} on ${offer.property.title}`;
                  return (
                    <Table.Row key={offer.id} data-testid="offer-row" data-status={offer.status}>
                      <Table.Cell maxW="64">
                        <OfferPropertyCell property={offer.property} />
                      </Table.Cell>
                      <Table.Cell maxW="56">
                        <OfferBuyerCell buyer={offer.buyer} />
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums" fontWeight="medium" data-testid="offer-amount">
                        {dollars(offer.offerAmount)}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatCalendarDate(offer.buyingDate)}</Table.Cell>
                      <Table.Cell>
                        <OfferStatusBadge status={offer.status} />
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        {offer.status === 'pending' ? (
                          <HStack gap="2" justify="end">
                            <Button
                              size="xs"
                              colorPalette="green"
                              aria-label={`Accept offer ${subject}`}
                              loading={rowBusy === 'accept'}
                              loadingText="Accepting"
                              disabled={waiting}
                              onClick={() => void decide(offer, 'accept')}
                            >
                              <LuCheck aria-hidden /> Accept
                            </Button>
                            <Button
                              size="xs"
                              colorPalette="red"
                              variant="outline"
                              aria-label={`Reject offer ${subject}`}
                              loading={rowBusy === 'reject'}
                              loadingText="Rejecting"
                              disabled={waiting}
                              onClick={() => void decide(offer, 'reject')}
                            >
                              <LuX aria-hidden /> Reject
                            </Button>
                          </HStack>
                        ) : (
                          <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                            No actions
                          </Text>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  );
                })
              ) : (
                <SkeletonRows rows={5} columns={6} />
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
    );
  }

  const pending = offers?.filter((offer) => offer.status === 'pending').length ?? 0;
  return (
    <Stack gap="0">
      <PageHeader
        title="Requested Properties"
        subtitle={
          offers && offers.length > 0
            ? `${plural(offers.length, 'offer')} on your properties, newest first; ${pending} pending.`
            : 'Offers buyers made on your properties.'
        }
      />
      {content}
    </Stack>
  );
}
