import { Box, Button, Card, CloseButton, Dialog, EmptyState, Flex, Heading, Link, Portal, Skeleton, SkeletonText, Stack, Text, VStack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuMessageSquare, LuSearch, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useDeleteReviewMutation, useMyReviewsQuery, type ReviewFieldsFragment } from '../graphql/generated';
import { PageHeader } from '../properties/page-parts';
import { QueryError } from '../ui/QueryError';
import { toaster } from '../ui/toaster';
import { ReviewText, ReviewTime } from './review-parts';
import { BuyerOnly } from '../auth/RoleOnly';

/** User: their own reviews, newest first, each with its time and a Delete button with confirmation (spec section 2). */
export default function MyReviewsPage() {
  return (
    <BuyerOnly>
      <MyReviews />
    </BuyerOnly>
  );
}


const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function MyReviews() {
  const { data, loading, error, refetch } = useMyReviewsQuery({ fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [deleteReview] = useDeleteReviewMutation();
  // The review asked about stays set while the dialog animates closed.
  const [toDelete, setToDelete] = useState<ReviewFieldsFragment | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // After a deletion the Delete button that opened the dialog is gone: focus goes to the heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deletedRef = useRef(false);

  const reviews = data?.myReviews;

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { id, property } = toDelete;
    setDeleting(true);
    deletedRef.current = false;
    try {
      await deleteReview({
        variables: { id },
        // Gone everywhere: the property's list and the home page drop it too.
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'Review', id }) });
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'latestReviews' });
          cache.gc();
        },
      });
      deletedRef.current = true;
      setConfirmOpen(false);
      toaster.create({ type: 'success', title: 'Review deleted', description: `Your review of "${property.title}" was removed.` });
      void refetch().catch(() => undefined);
    } catch (deleteError) {
      setConfirmOpen(false);
      toaster.create({ type: 'error', title: 'Could not delete review', description: errorMessage(deleteError, 'Something went wrong') });
      void refetch().catch(() => undefined);
    } finally {
      setDeleting(false);
    }
  };

  let content;
  if (!reviews && loading) {
    content = (
      <Stack gap="4" role="status" aria-label="Loading your reviews" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Card.Root key={index} variant="outline">
            <Card.Body gap="3">
              <Skeleton height="5" width="50%" />
              <Skeleton height="3" width="30%" />
              <SkeletonText noOfLines={2} />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  } else if (!reviews && error) {
    content = <QueryError title="Could not load your reviews" error={error} onRetry={() => refetch()} />;
  } else if (!reviews || reviews.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" data-testid="my-reviews-empty">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuMessageSquare />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>You have not written any reviews yet</EmptyState.Title>
            <EmptyState.Description>Open a property's details and choose Add a Review to share your experience.</EmptyState.Description>
          </VStack>
          <Button asChild colorPalette="teal" variant="outline">
            <RouterLink to="/allProperties">
              <LuSearch aria-hidden /> Browse properties
            </RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <Stack as="ul" listStyleType="none" gap="4" data-testid="my-reviews-list">
        {reviews.map((review) => (
          <Card.Root as="li" key={review.id} variant="outline" data-testid="my-review">
            <Card.Body gap="3" p={{ base: '4', md: '5' }}>
              <Flex justify="space-between" align="start" gap="3">
                <Stack gap="1" minW="0" flex="1">
                  <Heading as="h2" size="md" lineHeight="short" overflowWrap="anywhere">
                    <Link asChild color="teal.700">
                      <RouterLink to={`/propertyDetails/${review.property.id}`}>{review.property.title}</RouterLink>
                    </Link>
                  </Heading>
                  <ReviewTime iso={review.createdAt} />
                </Stack>
                <Button
                  size="sm"
                  colorPalette="red"
                  variant="outline"
                  flexShrink={0}
                  aria-label={`Delete your review of ${review.property.title}`}
                  onClick={() => {
                    setToDelete(review);
                    setConfirmOpen(true);
                  }}
                >
                  <LuTrash2 aria-hidden /> Delete
                </Button>
              </Flex>
              <ReviewText text={review.text} />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="My Reviews"
        headingRef={headingRef}
        subtitle={reviews && reviews.length > 0 ? `${plural(reviews.length, 'review')}, newest first.` : 'Reviews you have written about properties.'}
      />
      {content}
      <Dialog.Root
        role="alertdialog"
        open={confirmOpen}
        onOpenChange={(details) => {
          if (!details.open && !deleting) setConfirmOpen(false);
        }}
        initialFocusEl={() => cancelRef.current}
        finalFocusEl={() => (deletedRef.current ? headingRef.current : null)}
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              <Dialog.Header>
                <Dialog.Title>Delete this review?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>
                  Your review of <Text as="strong">{toDelete?.property.title}</Text> will be removed for good.
                </Text>
                {toDelete && (
                  <Box mt="3" p="3" bg="bg.muted" rounded="md" maxH="32" overflowY="auto">
                    <ReviewText text={toDelete.text} fontSize="sm" color="fg.muted" lineClamp={4} />
                  </Box>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button ref={cancelRef} variant="outline" disabled={deleting}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="red" onClick={() => void confirmDelete()} loading={deleting} loadingText="Deleting...">
                  Delete
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild disabled={deleting}>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
