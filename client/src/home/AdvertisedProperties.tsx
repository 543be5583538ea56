import { SimpleGrid } from '@chakra-ui/react';
import { LuHouse } from 'react-icons/lu';
import { useAdvertisedPropertiesQuery } from './home.generated';
import { cardGridColumns } from '../properties/image-sizes';
import { PropertyCard } from '../properties/PropertyCard';
import { PropertyGridSkeleton } from '../properties/PropertyCardSkeleton';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { Section } from './Section';

/** Verified listings an admin chose to advertise (a public query: no sign-in needed). */
export function AdvertisedProperties() {
  const advertised = useAdvertisedPropertiesQuery();
  return (
    <Section id="advertised" title="Advertised Properties" subtitle="Hand-picked, verified listings featured by our team.">
      <QueryState
        query={advertised}
        data={advertised.data?.advertisedProperties}
        skeleton={<PropertyGridSkeleton count={4} columns={cardGridColumns.home} label="Loading advertised properties" />}
        errorTitle="Could not load the advertised properties"
        empty={
          <EmptyNotice
            icon={<LuHouse />}
            title="No advertised properties right now"
            description="Featured listings appear here once our admins advertise them. Check back soon."
            testId="advertised-empty"
          />
        }
      >
        {(properties) => (
          <SimpleGrid columns={cardGridColumns.home} gap="6" data-testid="advertised-grid">
            {properties.map((property) => (
              <PropertyCard key={property.id} property={property} grid="home" />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Section>
  );
}
