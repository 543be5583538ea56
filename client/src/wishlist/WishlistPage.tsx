import { Button, HStack, Link, Text, VStack } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuHandCoins, LuHeart } from 'react-icons/lu';
import { RemoveButton } from '../ui/RemoveButton';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useMyWishlistQuery, useRemoveFromWishlistMutation, type WishlistItemFieldsFragment } from './wishlist.generated';
import { PageHeader, SaleStateNotice } from '../properties/page-parts';
import { cardGridColumns } from '../properties/image-sizes';
import { PropertyCard } from '../properties/PropertyCard';
import { PropertyGridSkeleton } from '../properties/PropertyCardSkeleton';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { BrowsePropertiesButton } from '../ui/LinkButton';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { shownCount, usePagedQuery } from '../ui/paging';
import { PagedCardGrid } from '../properties/PagedCardGrid';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { forgetWishlistItem } from './wishlist.cache';

const EMPTY_WISHLIST = 'You have no properties in your wishlist.';

/** Buyer: wishlisted properties, each with Make an Offer and Remove (spec section 2, Wishlist). */
export default function WishlistPage() {
  const wishlist = useMyWishlistQuery({ fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [removeFromWishlist] = useRemoveFromWishlistMutation();
  // After a removal its Remove button is gone: focus goes to the heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { nodes: items, paging } = usePagedQuery(wishlist, (data) => data.myWishlist, 'wishlist items');

  const removal = useConfirmAction(async ({ id, property }: WishlistItemFieldsFragment) => {
    try {
      await removeFromWishlist({
        variables: { id },
        update: (cache) => forgetWishlistItem(cache, id),
      });
      toaster.create({ type: 'success', title: 'Removed from wishlist', description: `"${property.title}" was removed from your wishlist.` });
      void wishlist.refetch().catch(() => undefined);
      return true;
    } catch (removeError) {
      toaster.create({ type: 'error', title: 'Could not remove it', description: errorMessage(removeError, 'Something went wrong') });
      return false;
    }
  }, headingRef);

  const grid = (saved: WishlistItemFieldsFragment[]) => (
    <PagedCardGrid items={saved} paging={paging} testId="wishlist-grid">
      {(item) => {
        const { property } = item;
        const open = property.status === 'verified' && property.saleState === 'available';
        return (
          <PropertyCard
            key={item.id}
            property={property}
            showAgent
            headingLevel="h2"
            actions={
              <VStack width="full" gap="2" align="stretch">
                <Link asChild fontSize="sm" color="teal.700" alignSelf="start">
                  <RouterLink to={`/propertyDetails/${property.id}`} aria-label={`View details of ${property.title}`}>
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
                  ) : property.saleState !== 'available' ? (
                    <SaleStateNotice saleState={property.saleState} />
                  ) : (
                    <Text flex="1" fontSize="sm" color="fg.muted">
                      No longer open for offers.
                    </Text>
                  )}
                  <RemoveButton flex={open ? '0 0 auto' : '1'} label={`Remove ${property.title} from wishlist`} onClick={() => removal.ask(item)}>
                    Remove
                  </RemoveButton>
                </HStack>
              </VStack>
            }
          />
        );
      }}
    </PagedCardGrid>
  );

  return (
    <>
      <PageHeader title="Wishlist" headingRef={headingRef} subtitle={shownCount(items, paging, 'property', 'properties')} />
      <QueryState
        query={wishlist}
        data={items}
        skeleton={<PropertyGridSkeleton count={3} columns={cardGridColumns.all} showAgent label="Loading your wishlist" />}
        errorTitle="Could not load your wishlist"
        empty={
          <EmptyNotice
            icon={<LuHeart />}
            title={EMPTY_WISHLIST}
            description="Save properties you like from their details page, then make an offer from here."
            testId="wishlist-empty"
          >
            <BrowsePropertiesButton />
          </EmptyNotice>
        }
      >
        {grid}
      </QueryState>
      <ConfirmDialog {...removal.dialog} title="Remove from wishlist?" confirmLabel="Remove" busyLabel="Removing...">
        <Text>
          <Text as="strong">{removal.item?.property.title}</Text> will be removed from your wishlist. You can add it again from its details page.
        </Text>
      </ConfirmDialog>
    </>
  );
}
