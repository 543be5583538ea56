import { Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { RemoveButton } from '../ui/RemoveButton';
import { errorMessage } from '../app/errors';
import { useDeleteReviewMutation, useMyReviewsQuery, type ReviewFieldsFragment } from './reviews.generated';
import { ListingTitle } from '../properties/NoLongerListed';
import { PageHeader } from '../properties/page-parts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { BrowsePropertiesButton } from '../ui/LinkButton';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { forgetReview } from './reviews.cache';
import { QuotedReview, ReviewListSkeleton, ReviewText, ReviewTime } from './review-parts';
import { plural } from '../ui/plural';

/** User: their own reviews, newest first, each with its time and a Delete button with confirmation (spec section 2). */
export default function MyReviewsPage() {
  const myReviews = useMyReviewsQuery({ fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [deleteReview] = useDeleteReviewMutation();
  // After a deletion the Delete button that opened the dialog is gone: focus goes to the heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const reviews = myReviews.data?.myReviews;

  const deletion = useConfirmAction(async ({ id, property }: ReviewFieldsFragment) => {
    try {
      await deleteReview({
        variables: { id },
        // Gone everywhere: the property's list and the home page drop it too.
        update(cache) {
          forgetReview(cache, id);
          cache.gc();
        },
      });
      toaster.create({ type: 'success', title: 'Review deleted', description: `Your review of "${property.title}" was removed.` });
      return true;
    } catch (deleteError) {
      toaster.create({ type: 'error', title: 'Could not delete review', description: errorMessage(deleteError, 'Something went wrong') });
      return false;
    } finally {
      // Either way, show the list as it is now.
      void myReviews.refetch().catch(() => undefined);
    }
  }, headingRef);

  const empty = (
    <EmptyNotice
      icon={<LuMessageSquare />}
      title="You have not written any reviews yet"
      description="Open a property's details and choose Add a Review to share your experience."
      testId="my-reviews-empty"
    >
      <BrowsePropertiesButton />
    </EmptyNotice>
  );

  const list = (written: ReviewFieldsFragment[]) => (
    <Stack as="ul" listStyleType="none" gap="4" data-testid="my-reviews-list">
      {written.map((review) => (
        <Card.Root as="li" key={review.id} variant="outline" data-testid="my-review">
          <Card.Body gap="3" p={{ base: '4', md: '5' }}>
            <Flex justify="space-between" align="start" gap="3">
              <Stack gap="1" minW="0" flex="1">
                <Heading as="h2" size="md" lineHeight="short" overflowWrap="anywhere">
                  <ListingTitle property={review.property} />
                </Heading>
                <ReviewTime iso={review.createdAt} />
              </Stack>
              <RemoveButton size="sm" flexShrink={0} label={`Delete your review of ${review.property.title}`} onClick={() => deletion.ask(review)}>
                Delete
              </RemoveButton>
            </Flex>
            <ReviewText text={review.text} />
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );

  return (
    <>
      <PageHeader
        title="My Reviews"
        headingRef={headingRef}
        subtitle={reviews && reviews.length > 0 ? `${plural(reviews.length, 'review')}, newest first.` : 'Reviews you have written about properties.'}
      />
      <QueryState query={myReviews} data={reviews} skeleton={<ReviewListSkeleton label="Loading your reviews" />} errorTitle="Could not load your reviews" empty={empty}>
        {list}
      </QueryState>
      <ConfirmDialog {...deletion.dialog} title="Delete this review?" confirmLabel="Delete" busyLabel="Deleting...">
        <Text>
          Your review of <Text as="strong">{deletion.item?.property.title}</Text> will be removed for good.
        </Text>
        {deletion.item && <QuotedReview text={deletion.item.text} />}
      </ConfirmDialog>
    </>
  );
}
