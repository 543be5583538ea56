import { Box, Button, Card, Code, DataList, HStack, Link, Text } from '@chakra-ui/react';
import '../ui/recipes/data-list';
import { LuCreditCard, LuShoppingBag } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { MessageAgentLink } from '../messages/ContactAgentButton';
import { useMyOffersQuery, type OfferFieldsFragment } from './offers.generated';
import { AgentChip, PageHeader, PropertyLocation } from '../properties/page-parts';
import { cardGridColumns } from '../properties/image-sizes';
import { PropertyCover } from '../properties/PropertyCard';
import { NoLongerListedCover } from '../properties/NoLongerListed';
import { PropertyGridSkeleton } from '../properties/PropertyCardSkeleton';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { shownCount, usePagedQuery } from '../ui/paging';
import { PagedCardGrid } from '../properties/PagedCardGrid';
import { formatCalendarDay } from '@opennest/common/local-time';
import { OfferStatusBadge } from './offer-parts';
import { dollars } from '@opennest/common/money';
import { HIGHLIGHTED_ITEM, itemAttributes, useHighlightedItem } from '../ui/highlighted-item';

/**
 * Buyer: the offers they made, newest first as the server pages them, with Pay
 * on accepted unpaid ones (spec section 2, Property bought). Opened at one offer
 * (`?item=`: after paying, or from a notification) it scrolls to it and marks it.
 */
export default function PropertyBoughtPage() {
  // Statuses change on the agent's side: always ask the server, show the cache meanwhile.
  const myOffers = useMyOffersQuery({ fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const { nodes: offers, paging } = usePagedQuery(myOffers, (data) => data.myOffers, 'offers');
  const highlighted = useHighlightedItem(Boolean(offers));

  return (
    <>
      <PageHeader title="Property Bought" subtitle={shownCount(offers, paging, 'offer')} />
      <QueryState
        query={myOffers}
        data={offers}
        skeleton={<PropertyGridSkeleton count={3} columns={cardGridColumns.all} showAgent label="Loading your offers" />}
        errorTitle="Could not load your offers"
        empty={
          <EmptyNotice
            icon={<LuShoppingBag />}
            title="You have not made any offers yet."
            description="Make an offer on a property from your wishlist; it shows here with its status."
            testId="offers-empty"
          >
            <Button asChild colorPalette="teal">
              <RouterLink to="/dash-board/wishlist">Go to Wishlist</RouterLink>
            </Button>
          </EmptyNotice>
        }
      >
        {(made) => (
          <PagedCardGrid items={made} paging={paging} testId="offers-grid">
            {(offer) => <OfferCard key={offer.id} offer={offer} highlighted={highlighted} />}
          </PagedCardGrid>
        )}
      </QueryState>
    </>
  );
}

function OfferCard({ offer, highlighted }: { offer: OfferFieldsFragment; highlighted: string | null }) {
  const { property, agent } = offer;
  const payable = offer.status === 'accepted' && !offer.transactionId;
  return (
    <Card.Root overflow="hidden" height="full" data-testid="offer-card" data-status={offer.status} {...itemAttributes(offer.id, highlighted)} css={HIGHLIGHTED_ITEM}>
      {/* A listing the buyer can no longer see shows its title and that state, never its photo or place. */}
      {property.noLongerListed ? <NoLongerListedCover /> : <PropertyCover property={property} />}
      <Card.Body gap="3" p="4">
        <HStack justify="space-between" align="start" gap="2">
          <Card.Title as="h2" fontSize="lg" lineClamp={2}>
            {property.noLongerListed ? (
              property.title
            ) : (
              <Link asChild color="teal.700">
                <RouterLink to={`/propertyDetails/${property.id}`}>{property.title}</RouterLink>
              </Link>
            )}
          </Card.Title>
          <OfferStatusBadge status={offer.status} />
        </HStack>
        {!property.noLongerListed && <PropertyLocation location={property.location} oneLine />}
        <AgentChip agent={agent} labelled />
        <DataList.Root orientation="horizontal" size="md" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>Offer amount</DataList.ItemLabel>
            <DataList.ItemValue fontWeight="semibold" color="teal.700" data-testid="offer-amount">
              {dollars(offer.offerAmount)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Buying date</DataList.ItemLabel>
            <DataList.ItemValue>{formatCalendarDay(offer.buyingDate)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {offer.status === 'bought' && offer.transactionId && (
          <Box bg="green.50" borderWidth="1px" borderColor="green.100" rounded="md" p="3" data-testid="transaction-id">
            <Text fontSize="xs" color="green.800" fontWeight="medium">
              Transaction ID
            </Text>
            <Code fontSize="xs" bg="transparent" px="0" wordBreak="break-all" whiteSpace="normal">
              {offer.transactionId}
            </Code>
          </Box>
        )}
        {!property.noLongerListed && <MessageAgentLink propertyId={property.id} propertyTitle={property.title} />}
      </Card.Body>
      {payable && (
        <Card.Footer p="4" pt="0">
          <Button asChild width="full" colorPalette="teal" aria-label={`Pay for ${property.title}`}>
            <RouterLink to={`/dash-board/payment/${offer.id}`}>
              <LuCreditCard aria-hidden /> Pay
            </RouterLink>
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}
