import { Box, Button, Card, Code, DataList, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
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
import { LoadMore, usePaging } from '../ui/paging';
import { formatCalendarDate, OfferStatusBadge } from './offer-parts';
import { BuyerOnly } from '../auth/RoleOnly';
import { dollars } from '@opennest/common/money';
import { plural } from '../ui/plural';

/** Buyer: the offers they made, with Pay on accepted unpaid ones (spec section 2, Property bought). */
export default function PropertyBoughtPage() {
  return (
    <BuyerOnly>
      <PropertyBought />
    </BuyerOnly>
  );
}

function PropertyBought() {
  // Statuses change on the agent's side: always ask the server, show the cache meanwhile.
  const myOffers = useMyOffersQuery({ fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const connection = myOffers.data?.myOffers;
  const offers = connection?.nodes;
  const paging = usePaging(connection?.pageInfo, myOffers.fetchMore, 'offers');

  return (
    <>
      <PageHeader title="Property Bought" subtitle={offers && offers.length > 0 ? (paging.hasMore ? `The newest ${plural(offers.length, 'offer')}` : plural(offers.length, 'offer')) : undefined} />
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
          <Stack gap="6">
            <SimpleGrid columns={cardGridColumns.all} gap="6" data-testid="offers-grid">
              {made.map((offer) => (
                <OfferCard key={offer.id} offer={offer} />
              ))}
            </SimpleGrid>
            <LoadMore paging={paging} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}

function OfferCard({ offer }: { offer: OfferFieldsFragment }) {
  const { property, agent } = offer;
  const payable = offer.status === 'accepted' && !offer.transactionId;
  return (
    <Card.Root overflow="hidden" height="full" data-testid="offer-card">
      {/* A listing the buyer can no longer see shows its title and that state, never its photo or place. */}
      {property.noLongerListed ? <NoLongerListedCover /> : <PropertyCover property={property} />}
      <Card.Body gap="3" p="4">
        <HStack justify="space-between" align="start" gap="2">
          <Card.Title as="h2" fontSize="lg" lineClamp={2}>
            {property.title}
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
            <DataList.ItemValue>{formatCalendarDate(offer.buyingDate)}</DataList.ItemValue>
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
