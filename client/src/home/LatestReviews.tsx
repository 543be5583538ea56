import { Card, HStack, Link, SimpleGrid, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useLatestReviewsQuery } from '../reviews/reviews.generated';
import { ClampedReviewText, ReviewerAvatar, ReviewTime } from '../reviews/review-parts';
import { QueryState } from '../ui/QueryState';
import { Section } from './Section';

/**
 * The home page's 'Latest User Reviews' (spec section 2): a loading indicator,
 * then a two-column grid (one column on small screens) of review cards with the
 * reviewer's photo and name, 'Property: ' plus the property title, and the text.
 * A public query: no sign-in needed.
 */
export function LatestReviews() {
  const latest = useLatestReviewsQuery();
  return (
    <Section id="latest-reviews" title="Latest User Reviews" subtitle="What buyers say about the homes they found on OpenNest.">
      <QueryState
        query={latest}
        data={latest.data?.latestReviews}
        skeleton={
          <VStack py="10" gap="3" role="status" aria-live="polite" data-testid="latest-reviews-loading">
            <Spinner size="lg" color="teal.600" borderWidth="3px" />
            <Text color="fg.muted">Loading reviews...</Text>
          </VStack>
        }
        errorTitle="Could not load the latest reviews"
        empty={
          <Text textAlign="center" color="fg.muted" data-testid="latest-reviews-empty">
            No reviews yet. Once buyers share their experiences, the newest ones appear here.
          </Text>
        }
      >
        {(reviews) => (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="6" data-testid="latest-reviews-grid">
            {reviews.map((review) => (
              <Card.Root as="li" key={review.id} variant="outline" size="md" data-testid="latest-review-card" boxShadow="xs" _hover={{ boxShadow: 'md' }} transition="box-shadow 0.2s">
                <Card.Body gap="4">
                  <HStack gap="3" align="center">
                    <ReviewerAvatar reviewer={review.reviewer} size="lg" />
                    <Stack gap="0.5" minW="0">
                      <Text fontWeight="semibold" fontSize="lg" truncate>
                        {review.reviewer.name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted" lineClamp={2} overflowWrap="anywhere">
                        Property:{' '}
                        <Link asChild color="teal.700" fontWeight="medium">
                          <RouterLink to={`/propertyDetails/${review.property.id}`}>{review.property.title}</RouterLink>
                        </Link>
                      </Text>
                    </Stack>
                  </HStack>
                  <ClampedReviewText text={review.text} lines={4} label={`${review.reviewer.name}'s review`} />
                  <ReviewTime iso={review.createdAt} fontSize="xs" mt="auto" />
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Section>
  );
}
