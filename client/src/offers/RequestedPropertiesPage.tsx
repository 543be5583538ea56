import { Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuInbox } from 'react-icons/lu';
import { errorMessage } from '../app/errors';
import { useAcceptOfferMutation, useOffersOnMyPropertiesQuery, useRejectOfferMutation, type OfferFieldsFragment } from './offers.generated';
import { PageHeader } from '../properties/page-parts';
import { DataTable, DataTableSkeleton, DecisionCell, type TableFrame } from '../ui/DataTable';
import { usePagedQuery } from '../ui/paging';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { HIGHLIGHTED_ITEM, itemAttributes, useHighlightedItem } from '../ui/highlighted-item';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { formatCalendarDay } from '@opennest/common/local-time';
import { OfferRowCells, OfferStatusBadge } from './offer-parts';
import { plural } from '../ui/plural';

/**
 * Agent: offers on their properties, newest first; Accept and Reject on pending
 * ones (spec section 2). Neither can be undone (accepting also rejects the other
 * pending offers on the property), so each asks first, then says how it went.
 */
type Decision = 'accept' | 'reject';

interface PendingDecision {
  offer: OfferFieldsFragment;
  decision: Decision;
}

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

export default function RequestedPropertiesPage() {
  const offersOnMyProperties = useOffersOnMyPropertiesQuery({ fetchPolicy: 'cache-and-network' });
  // The answers carry id and status, so the rows update from the cache at once.
  const [acceptOffer] = useAcceptOfferMutation();
  const [rejectOffer] = useRejectOfferMutation();
  const [busy, setBusy] = useState<Record<string, Decision>>({});

  const { nodes: offers, paging } = usePagedQuery(offersOnMyProperties, (data) => data.offersOnMyProperties, 'offers');
  const highlighted = useHighlightedItem(Boolean(offers));
  // While an offer is being accepted, the other pending offers on that property wait for the outcome.
  const propertiesBeingAccepted = new Set(offers?.filter((offer) => busy[offer.id] === 'accept').map((offer) => offer.property.id));

  const othersPendingOn = (offer: OfferFieldsFragment) =>
    offers?.filter((other) => other.id !== offer.id && other.property.id === offer.property.id && other.status === 'pending').length ?? 0;

  // After a decision the row's buttons are gone: focus goes to the heading.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const decide = async ({ offer, decision }: PendingDecision): Promise<boolean> => {
    const { id, buyer, property } = offer;
    let done = false;
    setBusy((current) => ({ ...current, [id]: decision }));
    try {
      if (decision === 'accept') {
        // The answer carries the offer and the ones its acceptance rejected (id and status):
        // the cache updates those rows in place, on every page loaded so far.
        const { data } = await acceptOffer({ variables: { id } });
        const othersRejected = data?.acceptOffer.rejectedAtAcceptance?.length ?? 0;
        toaster.create({
          type: 'success',
          title: 'Offer accepted',
          description:
            `You accepted ${buyer.name}'s offer on "${property.title}".` +
            (othersRejected === 1 ? ' The other pending offer on it was rejected.' : othersRejected > 1 ? ` The other ${othersRejected} pending offers on it were rejected.` : ''),
        });
      } else {
        await rejectOffer({ variables: { id } });
        toaster.create({ type: 'success', title: 'Offer rejected', description: `You rejected ${buyer.name}'s offer on "${property.title}".` });
      }
      done = true;
    } catch (decisionError) {
      toaster.create({ type: 'error', title: 'Something went wrong', description: errorMessage(decisionError, '') || undefined });
      // A refusal (another tab accepted an offer, the listing was removed) means the list
      // may be stale: load it afresh (from its first page).
      await offersOnMyProperties.refetch().catch(() => undefined);
    } finally {
      setBusy(({ [id]: _done, ...rest }) => rest);
    }
    return done;
  };
  const confirmation = useConfirmAction(decide, headingRef);
  const asked = confirmation.item;
  const askedOthers = asked ? othersPendingOn(asked.offer) : 0;

  const table = (received: OfferFieldsFragment[]) => (
    <DataTable {...TABLE} paging={paging}>
      {received.map((offer) => {
        const rowBusy = busy[offer.id];
        const waiting = Boolean(rowBusy) || propertiesBeingAccepted.has(offer.property.id);
        const subject = `from ${offer.buyer.name} on ${offer.property.title}`;
        return (
          <Table.Row key={offer.id} data-testid="offer-row" data-status={offer.status} {...itemAttributes(offer.id, highlighted)} css={HIGHLIGHTED_ITEM}>
            <OfferRowCells offer={offer} amountTestId="offer-amount" />
            <Table.Cell whiteSpace="nowrap">{formatCalendarDay(offer.buyingDate)}</Table.Cell>
            <Table.Cell>
              <OfferStatusBadge status={offer.status} />
            </Table.Cell>
            <DecisionCell
              pending={offer.status === 'pending'}
              disabled={waiting}
              approve={{ label: 'Accept', ariaLabel: `Accept offer ${subject}`, loading: rowBusy === 'accept', loadingText: 'Accepting', onClick: () => confirmation.ask({ offer, decision: 'accept' }) }}
              reject={{ label: 'Reject', ariaLabel: `Reject offer ${subject}`, loading: rowBusy === 'reject', loadingText: 'Rejecting', onClick: () => confirmation.ask({ offer, decision: 'reject' }) }}
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
        headingRef={headingRef}
        subtitle={
          offers && offers.length > 0
            ? paging.hasMore
              ? `The newest ${plural(offers.length, 'offer')} on your properties; ${pending} pending among them.`
              : `${plural(offers.length, 'offer')} on your properties, newest first; ${pending} pending.`
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
      <ConfirmDialog
        {...confirmation.dialog}
        testId="confirm-offer-decision"
        {...(asked?.decision === 'accept'
          ? { title: `Accept ${asked.offer.buyer.name}'s offer on "${asked.offer.property.title}"?`, confirmLabel: 'Accept', busyLabel: 'Accepting...', tone: 'positive' as const }
          : { title: `Reject ${asked?.offer.buyer.name}'s offer on "${asked?.offer.property.title}"?`, confirmLabel: 'Reject', busyLabel: 'Rejecting...' })}
      >
        <Text>
          {asked?.decision === 'accept'
            ? `${asked.offer.buyer.name} can then pay for it.` +
              (askedOthers === 1 ? ' The other pending offer on it will be rejected.' : askedOthers > 1 ? ` The other ${askedOthers} pending offers on it will be rejected.` : '') +
              ' This cannot be undone.'
            : 'The buyer sees the offer as rejected. This cannot be undone.'}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
