import { AspectRatio, Card, HStack, Skeleton, SkeletonCircle, SkeletonText, SimpleGrid, type SimpleGridProps } from '@chakra-ui/react';

/** A placeholder the size of a PropertyCard, so the grid does not jump when data arrives. */
export function PropertyCardSkeleton({ showAgent = false }: { showAgent?: boolean }) {
  return (
    <Card.Root overflow="hidden" height="full" aria-hidden data-testid="property-card-skeleton">
      <AspectRatio ratio={4 / 3}>
        <Skeleton />
      </AspectRatio>
      <Card.Body gap="3" p="4">
        <Skeleton height="6" width="80%" />
        <Skeleton height="4" width="60%" />
        {showAgent && (
          <HStack gap="2">
            <SkeletonCircle size="6" />
            <Skeleton height="4" width="40%" />
          </HStack>
        )}
        <SkeletonText noOfLines={1} width="70%" />
      </Card.Body>
      <Card.Footer p="4" pt="0">
        <Skeleton height="10" width="full" />
      </Card.Footer>
    </Card.Root>
  );
}

interface PropertyGridSkeletonProps {
  count: number;
  columns: SimpleGridProps['columns'];
  showAgent?: boolean;
  label?: string;
}

/** A grid of card placeholders, announced once as loading. */
export function PropertyGridSkeleton({ count, columns, showAgent, label = 'Loading properties' }: PropertyGridSkeletonProps) {
  return (
    <SimpleGrid columns={columns} gap="6" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <PropertyCardSkeleton key={index} showAgent={showAgent} />
      ))}
    </SimpleGrid>
  );
}
