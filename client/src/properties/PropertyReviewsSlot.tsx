import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuMessageSquarePlus } from 'react-icons/lu';
import { useAuth } from '../auth/AuthProvider';
import { type PropertyDetailsFieldsFragment } from './properties.generated';
import { usePropertyReviewsQuery, type ReviewFieldsFragment } from '../reviews/reviews.generated';
import { ReviewerAvatar, ReviewListSkeleton, ReviewText, ReviewTime } from '../reviews/review-parts';
import { useModuleReady, useMountWhenIdle } from '../ui/deferred';
import { QueryState } from '../ui/QueryState';

/** Spec section 2: the reviews list when a property has none. */
const NO_REVIEWS = 'No reviews yet.';

/**
 * The property's reviews under the details (spec section 2): newest first,
 * 'No reviews yet.' when there are none, and for buyers an Add a Review modal
 * with a textarea, Cancel and Submit.
 */
export function PropertyReviewsSlot({ property }: { property: PropertyDetailsFieldsFragment }) {
  const { viewer } = useAuth();
  const propertyReviews = usePropertyReviewsQuery({
    variables: { propertyId: property.id },
    fetchPolicy: 'cache-and-network',
  });
  const reviews = propertyReviews.data?.propertyReviews;
  // The server takes reviews from buyers (role user) on verified listings only.
  const canReview = viewer?.role === 'user' && property.status === 'verified';

  return (
    // As wide as the sections above it, so "Add a Review" lines up with their right edge (the history's day count);
    // the reviews themselves keep a readable width.
    <Box as="section" aria-labelledby="reviews-heading" data-testid="property-reviews">
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3" mb="4">
        <HStack gap="2" align="baseline">
          <Heading as="h2" id="reviews-heading" size="xl">
            Reviews
          </Heading>
          {reviews && reviews.length > 0 && (
            <Text color="fg.muted" fontSize="sm" data-testid="reviews-count">
              ({reviews.length})
            </Text>
          )}
        </HStack>
        {canReview && <AddReview property={property} onAdded={() => propertyReviews.refetch()} />}
      </Flex>
      <QueryState
        query={propertyReviews}
        data={reviews}
        skeleton={<ReviewListSkeleton label="Loading reviews" count={2} reviewer />}
        errorTitle="Could not load the reviews"
        empty={
          <Text color="fg.muted" py="4" data-testid="reviews-empty">
            {NO_REVIEWS}
          </Text>
        }
      >
        {(list) => (
          <Stack as="ul" listStyleType="none" gap="4" maxW="3xl" data-testid="reviews-list">
            {list.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}

function ReviewItem({ review }: { review: ReviewFieldsFragment }) {
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} data-testid="review">
      <HStack gap="3" mb="3" align="center">
        <ReviewerAvatar reviewer={review.reviewer} />
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" truncate>
            {review.reviewer.name}
          </Text>
          <ReviewTime iso={review.createdAt} />
        </Stack>
      </HStack>
      <ReviewText text={review.text} data-testid="review-text" />
    </Box>
  );
}

// The form loads when the page is idle or the button is pressed, whichever comes first.
const loadAddReviewDialog = () => import('../reviews/AddReviewDialog');
const AddReviewDialog = lazy(loadAddReviewDialog);

/**
 * Add a Review and its dialog. The button is drawn here and owns `open`, so a
 * press always opens the form: made before the form's code is in, it opens as
 * the code arrives (a button that changed from placeholder to real while it
 * loaded could lose the press).
 */
function AddReview(props: { property: PropertyDetailsFieldsFragment; onAdded: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const mountDialog = useMountWhenIdle(open);
  const ready = useModuleReady(loadAddReviewDialog, mountDialog);
  return (
    <>
      <Button
        colorPalette="teal"
        alignSelf={{ base: 'stretch', sm: 'auto' }}
        data-testid="add-review-button"
        aria-haspopup="dialog"
        loading={open && !ready}
        onClick={() => setOpen(true)}
      >
        <LuMessageSquarePlus aria-hidden /> Add a Review
      </Button>
      {mountDialog && (
        <Suspense fallback={null}>
          <AddReviewDialog {...props} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
