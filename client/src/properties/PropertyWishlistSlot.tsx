import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuHeart } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useAuth } from '../auth/AuthProvider';
import { type PropertyDetailsFieldsFragment } from './properties.generated';
import { useAddToWishlistMutation, useMyWishlistItemForQuery } from '../wishlist/wishlist.generated';
import { toaster } from '../ui/toaster';
import { prependToWishlist } from '../wishlist/wishlist.cache';

const WISHLIST = '/dash-board/wishlist';

/**
 * The 'Add to Wishlist' button on the property details page (spec section 2).
 * Only buyers (role user) have a wishlist; others see a short note. Once the
 * property is in the buyer's wishlist the button becomes a link to it.
 */
export function PropertyWishlistSlot({ property }: { property: PropertyDetailsFieldsFragment }) {
  const { viewer } = useAuth();
  if (!viewer) return null;
  if (viewer.role !== 'user') {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="wishlist-note">
        Only buyer accounts can add properties to a wishlist.
      </Text>
    );
  }
  return <AddToWishlist property={property} />;
}

function AddToWishlist({ property }: { property: PropertyDetailsFieldsFragment }) {
  // Whether it is in the wishlist already, asked of this one property (the wishlist itself is paged);
  // a failed load still lets the buyer try: the server says so.
  const { data, loading, refetch } = useMyWishlistItemForQuery({ variables: { propertyId: property.id }, fetchPolicy: 'cache-and-network' });
  const [added, setAdded] = useState(false);
  const [addToWishlist, { loading: adding }] = useAddToWishlistMutation({
    update(cache, { data: result }) {
      if (result) prependToWishlist(cache, result.addToWishlist);
    },
  });

  const inWishlist = added || Boolean(data?.myWishlistItemFor);

  const add = async () => {
    try {
      await addToWishlist({ variables: { propertyId: property.id } });
      setAdded(true);
      toaster.create({ type: 'success', title: 'Added to wishlist', description: `"${property.title}" is in your wishlist.` });
    } catch (error) {
      toaster.create({ type: 'error', title: 'Could not add to wishlist', description: errorMessage(error, 'Something went wrong') });
      // e.g. 'Already in wishlist' from another tab: show the current state.
      void refetch().catch(() => undefined);
    }
  };

  if (inWishlist) {
    return (
      <Stack gap="1.5" data-testid="wishlist-slot">
        <Button asChild size="lg" colorPalette="teal" variant="subtle" width="full">
          <RouterLink to={WISHLIST}>
            <LuHeart aria-hidden fill="currentColor" /> In your wishlist
          </RouterLink>
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          Open your wishlist to make an offer.
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="1.5" data-testid="wishlist-slot">
      <Button
        size="lg"
        colorPalette="teal"
        width="full"
        onClick={() => void add()}
        loading={adding || (loading && !data)}
        loadingText={adding ? 'Adding...' : 'Add to Wishlist'}
      >
        <LuHeart aria-hidden /> Add to Wishlist
      </Button>
    </Stack>
  );
}
