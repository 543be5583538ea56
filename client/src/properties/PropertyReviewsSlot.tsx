import { Box, Button, Dialog, Field, Flex, Heading, HStack, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import { LuMessageSquarePlus } from 'react-icons/lu';
import { errorMessage, fieldErrors } from '../app/errors';
import { useAuth } from '../auth/AuthProvider';
import { type PropertyDetailsFieldsFragment } from './properties.generated';
import { useAddReviewMutation, usePropertyReviewsQuery, type ReviewFieldsFragment } from '../reviews/reviews.generated';
import { ReviewerAvatar, ReviewListSkeleton, ReviewText, ReviewTime } from '../reviews/review-parts';
import { REVIEW_MAX_LENGTH, reviewSchema } from '@opennest/common/validation/review';
import { DialogCloseButton } from '../ui/ConfirmDialog';
import { QueryState } from '../ui/QueryState';
import { evictListsGainingReview } from '../reviews/reviews.cache';
import { toaster } from '../ui/toaster';

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
        {canReview && <AddReviewButton property={property} onAdded={() => propertyReviews.refetch()} />}
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

const ERROR_ID = 'add-review-text-error';
const COUNTER_ID = 'add-review-text-counter';

interface ReviewValues {
  reviewText: string;
}

/** The Add a Review button and its modal form. */
function AddReviewButton({ property, onAdded }: { property: PropertyDetailsFieldsFragment; onAdded: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [addReview] = useAddReviewMutation();

  const form = useFormik<ReviewValues>({
    initialValues: { reviewText: '' },
    validationSchema: reviewSchema,
    onSubmit: async ({ reviewText }, helpers) => {
      try {
        await addReview({
          variables: { propertyId: property.id, text: reviewText.trim() },
          update: evictListsGainingReview,
        });
        setOpen(false);
        toaster.create({ type: 'success', title: 'Review added', description: `Thank you for reviewing "${property.title}".` });
        // A failed reload shows in the list's own error state.
        void onAdded().catch(() => undefined);
      } catch (addError) {
        const fields = fieldErrors(addError);
        if (fields?.reviewText) helpers.setErrors({ reviewText: fields.reviewText });
        toaster.create({ type: 'error', title: 'Something went wrong', description: errorMessage(addError, '') || undefined });
      }
    },
  });

  const length = form.values.reviewText.trim().length;
  const tooLong = length > REVIEW_MAX_LENGTH;
  const error = form.touched.reviewText || form.submitCount > 0 ? form.errors.reviewText : undefined;
  const submitting = form.isSubmitting;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (details.open || !submitting) setOpen(details.open);
      }}
      // A half-written review is not lost to a stray click; Cancel and Escape close.
      closeOnInteractOutside={false}
      initialFocusEl={() => textareaRef.current}
      // Closed by Cancel, Escape or a successful submit: the next opening starts empty.
      onExitComplete={() => form.resetForm()}
      placement="center"
      size="lg"
    >
      <Dialog.Trigger asChild>
        <Button colorPalette="teal" alignSelf={{ base: 'stretch', sm: 'auto' }} data-testid="add-review-button">
          <LuMessageSquarePlus aria-hidden /> Add a Review
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            {/* The form holds the dialog's parts without a box of its own (a form cannot be the dialog: role=dialog is not allowed on it). */}
            <form onSubmit={form.handleSubmit} noValidate data-testid="review-dialog" style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>Add a Review</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text color="fg.muted" mb="4">
                  Share your experience of <Text as="strong" color="fg">{property.title}</Text>.
                </Text>
                <Field.Root invalid={Boolean(error)} required ids={{ errorText: ERROR_ID, helperText: COUNTER_ID }}>
                  <Field.Label>
                    Your review <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea
                    ref={textareaRef}
                    name="reviewText"
                    value={form.values.reviewText}
                    onChange={form.handleChange}
                    onBlur={form.handleBlur}
                    rows={6}
                    autoresize
                    maxH="50vh"
                    placeholder="What stood out about this property and its agent?"
                    disabled={submitting}
                    // Ark links the error through aria-errormessage only; screen readers read describedby more widely.
                    aria-describedby={error ? `${ERROR_ID} ${COUNTER_ID}` : COUNTER_ID}
                  />
                  <Flex width="full" justify="space-between" align="start" gap="3">
                    <Box flex="1">
                      <Field.ErrorText>{error}</Field.ErrorText>
                    </Box>
                    <Field.HelperText flexShrink={0} color={tooLong ? 'fg.error' : 'fg.muted'} fontVariantNumeric="tabular-nums" data-testid="review-counter">
                      {length.toLocaleString()} / {REVIEW_MAX_LENGTH.toLocaleString()} characters
                    </Field.HelperText>
                  </Flex>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button type="button" variant="outline" disabled={submitting}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="teal" loading={submitting} loadingText="Submitting...">
                  Submit
                </Button>
              </Dialog.Footer>
              <DialogCloseButton disabled={submitting} />
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
