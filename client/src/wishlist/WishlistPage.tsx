import { Button, EmptyState, HStack, Link, SimpleGrid, Text, VStack } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuHandCoins, LuHeart, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useMyWishlistQuery, useRemoveFromWishlistMutation, type WishlistItemFieldsFragment } from '../graphql/generated';
import { BuyerOnly } from '../auth/RoleOnly';
import { PageHeader } from '../properties/page-parts';
import { cardGridColumns, PropertyCard } from '../properties/PropertyCard';
import { PropertyGridSkeleton } from '../properties/PropertyCardSkeleton';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { QueryError } from '../ui/QueryError';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';

const EMPTY_WISHLIST = 'You have no properties in your wishlist.';

/** Buyer: wishlisted properties, each with Make an Offer and Remove (spec section 2, Wishlist). */
export default function WishlistPage() {
  return (
    <BuyerOnly>
      <Wishlist />
    </BuyerOnly>
  );
}

const plural = (count: number) => `${count} ${count === 1 ? 'property' : 'properties'}`;

function Wishlist() {
  const { data, loading, error, refetch } = useMyWishlistQuery({ fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [removeFromWishlist] = useRemoveFromWishlistMutation();
  // After a removal its Remove button is gone: focus goes to the heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const items = data?.myWishlist;

  const removal = useConfirmAction(async ({ id, property }: WishlistItemFieldsFragment) => {
    try {
      await removeFromWishlist({
        variables: { id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'WishlistItem', id }) });
          cache.gc();
        },
      });
      toaster.create({ type: 'success', title: 'Removed from wishlist', description: `"${property.title}" was removed from your wishlist.` });
      void refetch().catch(() => undefined);
      return true;
    } catch (removeError) {
      toaster.create({ type: 'error', title: 'Could not remove it', description: errorMessage(removeError, 'Something went wrong') });
      return false;
    }
  }, headingRef);

  let content;
  if (!items && loading) {
    content = <PropertyGridSkeleton count={3} columns={cardGridColumns.all} showAgent label="Loading your wishlist" />;
  } else if (!items && error) {
    content = <QueryError title="Could not load your wishlist" error={error} onRetry={() => refetch()} />;
  } else if (!items || items.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" data-testid="wishlist-empty">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuHeart />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{EMPTY_WISHLIST}</EmptyState.Title>
            <EmptyState.Description>Save properties you like from their details page, then make an offer from here.</EmptyState.Description>
          </VStack>
          <Button asChild colorPalette="teal">
            <RouterLink to="/allProperties">Browse All Properties</RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <SimpleGrid columns={cardGridColumns.all} gap="6" data-testid="wishlist-grid">
        {items.map((item) => {
          const { property } = item;
          const open = property.status === 'verified';
          return (
            <PropertyCard
              key={item.id}
              property={property}
              showAgent
              actions={
                <VStack width="full" gap="2" align="stretch">
                  <Link asChild fontSize="sm" color="teal.700" alignSelf="start">
                    <RouterLink to={`/propertyDetails/${property.id}`} aria-label={`Details of ${property.title}`}>
                      View details
                    </RouterLink>
                  </Link>
                  <HStack width="full" gap="3">
                    {open ? (
                      <Button asChild flex="1" colorPalette="teal" aria-label={`Make an Offer on ${property.title}`}>
                        <RouterLink to={`/dash-board/make-offer/${item.id}`}>
                          <LuHandCoins aria-hidden /> Make an Offer
                        </RouterLink>
                      </Button>
                    ) : (
                      <Text flex="1" fontSize="sm" color="fg.muted">
                        No longer open for offers.
                      </Text>
                    )}
                    <Button
                      flex={open ? '0 0 auto' : '1'}
                      colorPalette="red"
                      variant="outline"
                      aria-label={`Remove ${property.title} from wishlist`}
                      onClick={() => removal.ask(item)}
                    >
                      <LuTrash2 aria-hidden /> Remove
                    </Button>
                  </HStack>
                </VStack>
              }
            />
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <>
      <title>Wishlist · OpenNest</title>
      <PageHeader title="Wishlist" headingRef={headingRef} subtitle={items && items.length > 0 ? plural(items.length) : undefined} />
      {content}
      <ConfirmDialog {...removal.dialog} title="Remove from wishlist?" confirmLabel="Remove" busyLabel="Removing...">
        <Text>
          <Text as="strong">{removal.item?.property.title}</Text> will be removed from your wishlist. You can add it again from its details page.
        </Text>
      </ConfirmDialog>
    </>
  );
}
