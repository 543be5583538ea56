// The Add a Review form in a modal dialog. PropertyReviewsSlot draws the button
// and loads this lazily (its form library, validation and dialog are in no first
// load); the button owns `open`, so a press made while this code loads opens it.
import { Box, Button, Dialog, Field, Flex, Portal, Text, Textarea } from '@chakra-ui/react';
import '../ui/recipes/dialog';
import { useFormik } from 'formik';
import { useRef } from 'react';
import { REVIEW_MAX_LENGTH, reviewSchema } from '@opennest/common/validation/review';
import { errorMessage, fieldErrors } from '../app/errors';
import type { PropertyDetailsFieldsFragment } from '../properties/properties.generated';
import { DialogCloseButton } from '../ui/ConfirmDialogView';
import { toaster } from '../ui/toaster';
import { useAddReviewMutation } from './reviews.generated';
import { evictListsGainingReview } from './reviews.cache';
import { formatNumber } from '@opennest/common/numbers';

const ERROR_ID = 'add-review-text-error';
const COUNTER_ID = 'add-review-text-counter';

interface ReviewValues {
  reviewText: string;
}

interface AddReviewDialogProps {
  property: PropertyDetailsFieldsFragment;
  onAdded: () => Promise<unknown>;
  open: boolean;
  onClose: () => void;
}

/** The Add a Review modal form, opened and closed by its button's owner. */
export default function AddReviewDialog({ property, onAdded, open, onClose }: AddReviewDialogProps) {
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
        onClose();
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
        if (!details.open && !submitting) onClose();
      }}
      // A half-written review is not lost to a stray click; Cancel and Escape close.
      closeOnInteractOutside={false}
      initialFocusEl={() => textareaRef.current}
      // Closed by Cancel, Escape or a successful submit: the next opening starts empty.
      onExitComplete={() => form.resetForm()}
      placement="center"
      size="lg"
    >
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
                      {formatNumber(length)} / {formatNumber(REVIEW_MAX_LENGTH)} characters
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
