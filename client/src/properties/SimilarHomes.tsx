// The details page's similar homes (issue 19, part 4): up to 6 cards, loaded
// after the page (its own query), hidden when there are none.
import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useSimilarPropertiesQuery } from './properties.generated';
import { cardGridColumns } from './image-sizes';
import { PropertyCard } from './PropertyCard';
import { PropertyGridSkeleton } from './PropertyCardSkeleton';

export default function SimilarHomes({ propertyId }: { propertyId: string }) {
  const { data, loading, error } = useSimilarPropertiesQuery({ variables: { id: propertyId } });
  const homes = data?.similarProperties ?? [];
  // Similar homes are a suggestion: a failed or empty answer shows nothing rather than an error on the listing's page.
  if (error || (!loading && homes.length === 0)) return null;
  return (
    <Box as="section" aria-labelledby="similar-heading" data-testid="similar-homes">
      <Heading as="h2" id="similar-heading" size="xl" mb="1">
        Similar homes
      </Heading>
      <Text color="fg.muted" mb="4">
        The same type nearby, with about as many bedrooms, in a similar price range.
      </Text>
      {loading ? (
        <PropertyGridSkeleton count={3} columns={cardGridColumns.all} label="Loading similar homes" />
      ) : (
        <SimpleGrid columns={cardGridColumns.all} gap="6">
          {homes.map((home) => (
            <PropertyCard key={home.id} property={home} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
