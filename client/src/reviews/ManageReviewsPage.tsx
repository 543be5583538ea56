import { Card, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { RemoveButton } from '../ui/RemoveButton';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useAllReviewsQuery, useDeleteReviewMutation, type AllReviewsQuery } from './reviews.generated';
import { PageHeader } from '../properties/page-parts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LoadMore, usePagedQuery } from '../ui/paging';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { evictProfileFigures } from '../users/users.cache';
import { forgetReview } from './reviews.cache';
import { ClampedReviewText, QuotedReview, ReviewerAvatar, ReviewListSkeleton, ReviewTime } from './review-parts';
import { plural } from '../ui/plural';
import { EmailAddress } from '../ui/EmailAddress';

const PAGE_SIZE = 24;

type ReviewRow = AllReviewsQuery['allReviews']['nodes'][number];

/** Admin: every review, newest first, each with a Delete button and a confirmation (spec sections 2 and 8). */
export default function ManageReviewsPage() {
  const allReviews = useAllReviewsQuery({ variables: { first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const [deleteReview] = useDeleteReviewMutation();
  // After a deletion the Delete button that opened the dialog is gone: focus goes to the heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { nodes: reviews, paging } = usePagedQuery(allReviews, (data) => data.allReviews, 'reviews');

  const deletion = useConfirmAction(async ({ id, reviewer, property }: ReviewRow) => {
    try {
      await deleteReview({
        variables: { id },
        // Gone everywhere: this list, the property's reviews, the author's list and the home page.
        update(cache) {
          forgetReview(cache, id);
          evictProfileFigures(cache);
          cache.gc();
        },
      });
      toaster.create({ type: 'success', title: 'Review deleted', description: `The review by ${reviewer.name} of "${property.title}" was removed.` });
      return true;
    } catch (deleteError) {
      // Spec section 8: 'Could not delete review.'
      toaster.create({ type: 'error', title: 'Could not delete review.', description: errorMessage(deleteError, 'Something went wrong. Please try again.') });
      // It may already be gone (another admin or its author): show the list as it is now.
      void allReviews.refetch().catch(() => undefined);
      return false;
    }
  }, headingRef);

  const list = (rows: ReviewRow[]) => (
    <Stack gap="4">
      <Stack as="ul" listStyleType="none" gap="4" aria-label="Reviews" data-testid="manage-reviews-list">
        {rows.map((review) => (
          <Card.Root as="li" key={review.id} variant="outline" data-testid="manage-review">
            <Card.Body gap="3" p={{ base: '4', md: '5' }}>
              <Flex justify="space-between" align="start" gap="3">
                <HStack gap="3" minW="0" flex="1" align="start">
                  <ReviewerAvatar reviewer={review.reviewer} />
                  <Stack gap="0" minW="0">
                    <Text fontWeight="semibold" overflowWrap="anywhere">
                      {review.reviewer.name}
                    </Text>
                    <Link href={`mailto:${review.reviewer.email}`} fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                      <EmailAddress email={review.reviewer.email} />
                    </Link>
                  </Stack>
                </HStack>
                <RemoveButton size="sm" flexShrink={0} label={`Delete the review by ${review.reviewer.name} of ${review.property.title}`} onClick={() => deletion.ask(review)}>
                  Delete
                </RemoveButton>
              </Flex>
              <Flex gap="1" columnGap="3" wrap="wrap" align="baseline">
                <Text fontSize="sm" overflowWrap="anywhere">
                  <Text as="span" color="fg.muted">
                    Property:{' '}
                  </Text>
                  <Link asChild color="teal.700" fontWeight="medium">
                    <RouterLink to={`/propertyDetails/${review.property.id}`}>{review.property.title}</RouterLink>
                  </Link>
                </Text>
                <ReviewTime iso={review.createdAt} />
              </Flex>
              <ClampedReviewText text={review.text} label={`the review by ${review.reviewer.name}`} />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      <LoadMore paging={paging} />
    </Stack>
  );

  return (
    <>
      <PageHeader
        title="Manage Reviews"
        headingRef={headingRef}
        subtitle={reviews && reviews.length > 0 ? `Showing ${plural(reviews.length, 'review')}, newest first.` : 'Every review buyers have written.'}
      />
      <QueryState
        query={allReviews}
        data={reviews}
        skeleton={<ReviewListSkeleton label="Loading reviews" reviewer />}
        errorTitle="Could not load reviews"
        empty={<EmptyNotice icon={<LuMessageSquare />} title="No reviews yet" description="Reviews buyers write on property pages appear here." testId="manage-reviews-empty" />}
      >
        {list}
      </QueryState>
      <ConfirmDialog {...deletion.dialog} title="Delete this review?" confirmLabel="Delete" busyLabel="Deleting..." testId="confirm-review-delete">
        <Text>
          The review by <Text as="strong">{deletion.item?.reviewer.name}</Text> of <Text as="strong">{deletion.item?.property.title}</Text> will be removed for good.
        </Text>
        {deletion.item && <QuotedReview text={deletion.item.text} />}
      </ConfirmDialog>
    </>
  );
}
