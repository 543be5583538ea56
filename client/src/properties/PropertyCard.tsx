import { AspectRatio, Box, Button, Card, HStack, Image, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PropertyCardFieldsFragment } from './properties.generated';
import { priceRange } from './format';
import { AgentChip, PropertyFacts, PropertyLocation, SaleBadge, StatusBadge } from './page-parts';

interface PropertyCardProps {
  property: PropertyCardFieldsFragment;
  /** Show the listing agent's avatar and name. */
  showAgent?: boolean;
  /** Replaces the default footer (a Details button). */
  actions?: ReactNode;
  /** In the first screenful: its image loads at once and early; other cards' images wait until they scroll near. */
  aboveTheFold?: boolean;
  /** The title's heading level: one below the heading the grid sits under (h2 under a page's h1, h3 under a section's h2). */
  headingLevel?: 'h2' | 'h3';
}

/** Thumbnails are 640x480 (server/uploads): the browser knows the image's shape before it arrives. */
const THUMBNAIL = { width: 640, height: 480 };

/** A listing card: thumbnail (fixed 4:3 so nothing jumps), title, location, price range, status. */
export function PropertyCard({ property, showAgent = false, actions, aboveTheFold = false, headingLevel = 'h3' }: PropertyCardProps) {
  return (
    <Card.Root overflow="hidden" height="full" data-testid="property-card">
      <AspectRatio ratio={4 / 3} bg="gray.100">
        <Image
          src={property.thumbnail}
          alt={property.title}
          {...THUMBNAIL}
          loading={aboveTheFold ? 'eager' : 'lazy'}
          fetchPriority={aboveTheFold ? 'high' : 'auto'}
          decoding="async"
          objectFit="cover"
        />
      </AspectRatio>
      <Card.Body gap="2" p="4">
        <HStack justify="space-between" align="start" gap="2">
          <Card.Title as={headingLevel} fontSize="lg" lineClamp={2}>
            {property.title}
          </Card.Title>
          <HStack gap="1" flexShrink={0}>
            <StatusBadge status={property.status} />
            <SaleBadge saleState={property.saleState} />
          </HStack>
        </HStack>
        <PropertyLocation location={property.location} oneLine />
        <PropertyFacts property={property} />
        {showAgent && <AgentChip agent={property.agent} />}
        <Text fontWeight="semibold" color="teal.700">
          {priceRange(property.priceMin, property.priceMax)}
        </Text>
      </Card.Body>
      <Card.Footer p="4" pt="0">
        {actions ?? (
          <Box width="full">
            <Button asChild width="full" colorPalette="teal" variant="outline">
              {/* The link names its property: a page of cards is otherwise a list of identical "Details" links. */}
              <RouterLink to={`/propertyDetails/${property.id}`}>
                Details<VisuallyHidden> of {property.title}</VisuallyHidden>
              </RouterLink>
            </Button>
          </Box>
        )}
      </Card.Footer>
    </Card.Root>
  );
}

export const cardGridColumns = { home: { base: 1, md: 2, lg: 4 }, all: { base: 1, md: 2, lg: 3 } } as const;
