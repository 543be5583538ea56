import { AspectRatio, Badge, Box, Button, Card, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PhotoFieldsFragment, PropertyCardFieldsFragment } from './properties.generated';
import { priceRange } from './format';
import { cardGridColumns, gridImageSizes } from './image-sizes';
import { AgentChip, AmenityList, PropertyFacts, PropertyLocation, SaleBadge, StatusBadge } from './page-parts';
import { ResponsivePhoto } from './ResponsivePhoto';

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
  /** The grid the card sits in: how wide its photo is drawn (the `sizes` the browser picks a copy by). */
  grid?: keyof typeof cardGridColumns;
}

/** Thumbnails are 640x480 (server/uploads), like the 4:3 frame: the browser knows the image's shape before it arrives. */
const THUMBNAIL = { width: 640, height: 480 };

const IMAGE_SIZES = { home: gridImageSizes(cardGridColumns.home), all: gridImageSizes(cardGridColumns.all) };

interface PropertyCoverProps {
  property: { title: string; cover: PhotoFieldsFragment };
  grid?: keyof typeof cardGridColumns;
  aboveTheFold?: boolean;
}

/** A card's cover in a fixed 4:3 frame (nothing jumps): its responsive copies when it has them, else the 640x480 thumbnail. */
export function PropertyCover({ property, grid = 'all', aboveTheFold = false }: PropertyCoverProps) {
  return (
    <AspectRatio ratio={4 / 3} bg="gray.100">
      <Box>
        <ResponsivePhoto
          photo={property.cover}
          sizes={IMAGE_SIZES[grid]}
          src={property.cover.thumbnail}
          alt={property.title}
          intrinsic={THUMBNAIL}
          eager={aboveTheFold}
          testId="property-card-image"
        />
      </Box>
    </AspectRatio>
  );
}

/** A listing card: cover, title, location, price range, status. */
export function PropertyCard({ property, showAgent = false, actions, aboveTheFold = false, headingLevel = 'h3', grid = 'all' }: PropertyCardProps) {
  return (
    <Card.Root overflow="hidden" height="full" data-testid="property-card">
      <PropertyCover property={property} grid={grid} aboveTheFold={aboveTheFold} />
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
        <AmenityList amenities={property.amenities} limit={3} />
        {property.nextOpenHouse && (
          <Badge colorPalette="teal" variant="subtle" alignSelf="start" data-testid="open-house-badge">
            {`Open house ${property.nextOpenHouse.startsAtLocal}`}
          </Badge>
        )}
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
