import { Stack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { LuInbox } from 'react-icons/lu';
import { errorMessage } from '../app/errors';
import { useAcceptOfferMutation, useOffersOnMyPropertiesQuery, useRejectOfferMutation, type OfferFieldsFragment } from '../graphql/generated';
import { PageHeader } from '../properties/page-parts';
import { AgentOnly } from '../auth/RoleOnly';
import { DataTable, DataTableSkeleton, DecisionCell, type TableFrame } from '../ui/DataTable';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { formatCalendarDate, OfferRowCells, OfferStatusBadge } from './offer-parts';
import { plural } from '../ui/plural';

/** Agent: offers on their properties, newest first; Accept and Reject on pending ones (spec section 2). */
export default function RequestedPropertiesPage() {
  return (
    <AgentOnly>
      <RequestedProperties />
    </AgentOnly>
  );
}

type Decision = 'accept' | 'reject';

const TABLE: TableFrame = {
  label: 'Offers on your properties',
  minW: '4xl',
  scrollHint: true,
  columns: [
    { label: 'Property' },
    { label: 'Buyer' },
    { label: 'Offer amount', textAlign: 'end' },
    { label: 'Buying date' },
    { label: 'Status' },
    { label: 'Actions', textAlign: 'end' },
  ],
};

function RequestedProperties() {
  const offersOnMyProperties = useOffersOnMyPropertiesQuery({ fetchPolicy: 'cache-and-network' });
  // The answers carry id and status, so the row updates from the cache at once.
  const [acceptOffer] = useAcceptOfferMutation();
  const [rejectOffer] = useRejectOfferMutation();
  const [busy, setBusy] = useState<Record<string, Decision>>({});

  const offers = offersOnMyProperties.data?.offersOnMyProperties;
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
      await offersOnMyProperties.refetch();
    } catch {
      // The query's own error state shows it.
    } finally {
      setBusy(({ [id]: _done, ...rest }) => rest);
    }
  };

  const table = (received: OfferFieldsFragment[]) => (
    <DataTable {...TABLE}>
      {received.map((offer) => {
        const rowBusy = busy[offer.id];
        const waiting = Boolean(rowBusy) || propertiesBeingAccepted.has(offer.property.id);
        const subject = `from ${offer.buyer.name} on ${offer.property.title}`;
        return (
          <Table.Row key={offer.id} data-testid="offer-row" data-status={offer.status}>
            <OfferRowCells offer={offer} amountTestId="offer-amount" />
            <Table.Cell whiteSpace="nowrap">{formatCalendarDate(offer.buyingDate)}</Table.Cell>
            <Table.Cell>
              <OfferStatusBadge status={offer.status} />
            </Table.Cell>
            <DecisionCell
              pending={offer.status === 'pending'}
              disabled={waiting}
              approve={{ label: 'Accept', ariaLabel: `Accept offer ${subject}`, loading: rowBusy === 'accept', loadingText: 'Accepting', onClick: () => void decide(offer, 'accept') }}
              reject={{ label: 'Reject', ariaLabel: `Reject offer ${subject}`, loading: rowBusy === 'reject', loadingText: 'Rejecting', onClick: () => void decide(offer, 'reject') }}
            />
          </Table.Row>
        );
      })}
    </DataTable>
  );

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
      <QueryState
        query={offersOnMyProperties}
        data={offers}
        skeleton={<DataTableSkeleton {...TABLE} rows={5} />}
        errorTitle="Could not load the offers on your properties"
        empty={
          <EmptyNotice
            icon={<LuInbox />}
            title="No offers yet"
            description="When buyers make offers on your verified properties, they appear here for you to accept or reject."
            testId="requested-empty"
          />
        }
      >
        {table}
      </QueryState>
    </Stack>
  );
}
