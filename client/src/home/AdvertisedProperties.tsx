import { EmptyState, SimpleGrid, VStack } from '@chakra-ui/react';
import { LuHouse } from 'react-icons/lu';
import { useAdvertisedPropertiesQuery } from '../graphql/generated';
import { cardGridColumns, PropertyCard } from '../properties/PropertyCard';
import { PropertyGridSkeleton } from '../properties/PropertyCardSkeleton';
import { QueryError } from '../ui/QueryError';
import { Section } from './Section';

/** Verified listings an admin chose to advertise (a public query: no sign-in needed). */
export function AdvertisedProperties() {
  const { data, loading, error, refetch } = useAdvertisedPropertiesQuery();
  const properties = data?.advertisedProperties ?? [];

  let content;
  if (!data && loading) {
    content = <PropertyGridSkeleton count={4} columns={cardGridColumns.home} label="Loading advertised properties" />;
  } else if (!data && error) {
    content = <QueryError title="Could not load the advertised properties" error={error} onRetry={() => refetch()} />;
  } else if (properties.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" data-testid="advertised-empty">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuHouse />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>No advertised properties right now</EmptyState.Title>
            <EmptyState.Description>Featured listings appear here once our admins advertise them. Check back soon.</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <SimpleGrid columns={cardGridColumns.home} gap="6" data-testid="advertised-grid">
        {properties.map((property) => (
          <PropertyCard key={property.id} property={property} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Section id="advertised" title="Advertised Properties" subtitle="Hand-picked, verified listings featured by our team.">
      {content}
    </Section>
  );
}
