// Small pieces the dashboard listing pages share.
import { AspectRatio, Badge, Box, Flex, Heading, HStack, Image, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PersonAvatar } from '../ui/PersonAvatar';
import type { ReactNode, RefObject } from 'react';
import { LuBath, LuBedDouble, LuCalendarClock, LuCheck, LuHouse, LuMapPin, LuRuler } from 'react-icons/lu';
import type { Amenity, PropertyCardFieldsFragment, PropertyStatus, SaleState } from './properties.generated';
import { AMENITY_LABELS } from '@opennest/common/amenities';
import { formatNumber } from '@opennest/common/numbers';
import { AREA_UNIT_LABELS, PROPERTY_TYPE_LABELS } from '@opennest/common/property-facts';
import { STATUS_COLOUR } from './format';

/** The page's h1, an optional line under it and actions on the right (stacked on small screens). */
interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** For moving focus to the heading (it is focusable from script only). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

export function PageHeader({ title, subtitle, actions, headingRef }: PageHeaderProps) {
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'end' }} gap="3" mb="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl" ref={headingRef} tabIndex={headingRef ? -1 : undefined} outline="none">
          {title}
        </Heading>
        {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      </Stack>
      {actions}
    </Flex>
  );
}

export function StatusBadge({ status }: { status: PropertyStatus }) {
  return (
    <Badge colorPalette={STATUS_COLOUR[status]} textTransform="capitalize">
      {status}
    </Badge>
  );
}

/** Where a verified listing is in its sale, in words; null while it is open for offers. */
export const SALE_STATE_LABEL: Record<SaleState, string | null> = { available: null, under_offer: 'Under offer', sold: 'Sold' };

/** "Under offer" (amber) or "Sold" (grey); nothing for a listing open for offers. */
export function SaleBadge({ saleState, size }: { saleState: SaleState; size?: 'sm' | 'md' | 'lg' }) {
  const label = SALE_STATE_LABEL[saleState];
  if (!label) return null;
  return (
    <Badge colorPalette={saleState === 'sold' ? 'gray' : 'orange'} variant="solid" size={size} data-testid="sale-state">
      {label}
    </Badge>
  );
}

/**
 * What replaces the offer controls (Add to Wishlist, Make an Offer) on a listing
 * that is under offer or sold, so nobody starts an offer that cannot be made.
 */
export function SaleStateNotice({ saleState }: { saleState: SaleState }) {
  const label = SALE_STATE_LABEL[saleState];
  if (!label) return null;
  return (
    <Text flex="1" fontSize="sm" fontWeight="medium" color="fg.muted" data-testid="sale-state-notice">
      {saleState === 'sold' ? 'Sold: no longer open for offers.' : 'Under offer: an offer on it was accepted, so it takes no new offers.'}
    </Text>
  );
}

/** The listing's facts with small icons ("House · 3 bd · 2 ba · 120 m²"); nothing when it has none yet. */
export function PropertyFacts({ property, withYear }: { property: Pick<PropertyCardFieldsFragment, 'propertyType' | 'bedrooms' | 'bathrooms' | 'floorArea' | 'areaUnit'> & { yearBuilt?: number | null }; withYear?: boolean }) {
  const { propertyType, bedrooms, bathrooms, floorArea, areaUnit, yearBuilt } = property;
  if (!propertyType) return null;
  const items: Array<{ icon: ReactNode; text: string; label: string }> = [{ icon: <LuHouse aria-hidden />, text: PROPERTY_TYPE_LABELS[propertyType], label: 'Type' }];
  if (bedrooms != null) items.push({ icon: <LuBedDouble aria-hidden />, text: `${bedrooms} bd`, label: `${bedrooms} bedrooms` });
  if (bathrooms != null) items.push({ icon: <LuBath aria-hidden />, text: `${bathrooms} ba`, label: `${bathrooms} bathrooms` });
  if (floorArea != null && areaUnit) items.push({ icon: <LuRuler aria-hidden />, text: `${formatNumber(floorArea)} ${AREA_UNIT_LABELS[areaUnit]}`, label: 'Floor area' });
  if (withYear && yearBuilt != null) items.push({ icon: <LuCalendarClock aria-hidden />, text: `Built ${yearBuilt}`, label: 'Year built' });
  return (
    <HStack as="ul" listStyleType="none" wrap="wrap" gap="3" fontSize="sm" color="fg.muted" data-testid="property-facts">
      {items.map((item) => (
        <HStack as="li" key={item.label} gap="1" title={item.label}>
          {item.icon}
          <Text as="span">{item.text}</Text>
        </HStack>
      ))}
    </HStack>
  );
}

/**
 * A listing's amenities as small tags: all of them on the details page, the
 * first `limit` on a card with "+n more" for the rest.
 */
export function AmenityList({ amenities, limit }: { amenities: readonly Amenity[]; limit?: number }) {
  if (!amenities.length) return null;
  const shown = limit === undefined ? amenities : amenities.slice(0, limit);
  const more = amenities.length - shown.length;
  return (
    <HStack as="ul" listStyleType="none" wrap="wrap" gap="1.5" aria-label="Amenities" data-testid="property-amenities">
      {shown.map((amenity) => (
        <Badge as="li" key={amenity} variant="outline" colorPalette="gray" fontWeight="normal">
          <LuCheck aria-hidden /> {AMENITY_LABELS[amenity]}
        </Badge>
      ))}
      {more > 0 && (
        <Badge as="li" variant="plain" color="fg.muted" fontWeight="normal">
          +{more} more
        </Badge>
      )}
    </HStack>
  );
}

/**
 * The pin and the location. On cards it stays one line; elsewhere it wraps,
 * with the pin kept beside the first line.
 */
export function PropertyLocation({ location, oneLine = false, gap = '1' }: { location: string; oneLine?: boolean; gap?: string }) {
  if (oneLine) {
    return (
      // The pin keeps its size when a long location is cut short beside it.
      <HStack color="fg.muted" gap={gap} css={{ '& > svg': { flexShrink: 0 } }}>
        <LuMapPin aria-hidden />
        <Text lineClamp={1}>{location}</Text>
      </HStack>
    );
  }
  return (
    <HStack color="fg.muted" gap={gap} align="start">
      <Box as="span" mt="1" flexShrink={0}>
        <LuMapPin aria-hidden />
      </Box>
      <Text>{location}</Text>
    </HStack>
  );
}

/** A small avatar and the agent's name, optionally introduced by "Agent:". */
export function AgentChip({ agent, labelled = false }: { agent: { name: string; image?: string | null }; labelled?: boolean }) {
  return (
    <HStack gap="2">
      <PersonAvatar person={agent} size="xs" />
      <Text fontSize="sm">
        {labelled && (
          <Text as="span" color="fg.muted">
            Agent:{' '}
          </Text>
        )}
        {agent.name}
      </Text>
    </HStack>
  );
}

/** The admin tables' Image cell: the listing's thumbnail, so a decision is made seeing the photo. */
/**
 * The admin tables' first cells of a listing: its photo, its title (a link to
 * its page where `linked`) and its location.
 */
export function ListingCells({ property, linked = false }: { property: { id: string; thumbnail: string; title: string; location: string }; linked?: boolean }) {
  return (
    <>
      {/* A fixed width only where the table is a table: on a phone its rows are cards, and the cell holds its label too. */}
      <Table.Cell width={{ md: '24' }}>
        <AspectRatio ratio={4 / 3} width="20" rounded="md" overflow="hidden" bg="gray.100">
          <Image src={property.thumbnail} alt={property.title} loading="lazy" decoding="async" objectFit="cover" />
        </AspectRatio>
      </Table.Cell>
      <Table.Cell maxW="56">
        {linked ? (
          <Link asChild fontWeight="medium" color="teal.700" lineClamp={2}>
            <RouterLink to={`/propertyDetails/${property.id}`}>{property.title}</RouterLink>
          </Link>
        ) : (
          <Text fontWeight="medium" lineClamp={2}>
            {property.title}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell maxW="48">
        <Text lineClamp={2}>{property.location}</Text>
      </Table.Cell>
    </>
  );
}

/** The admin tables' Agent cell: name, and the e-mail under it. */
export function AgentCell({ agent }: { agent: { name: string; email: string } }) {
  return (
    <Table.Cell>
      <Text>{agent.name}</Text>
      <Text fontSize="xs" color="fg.muted">
        {agent.email}
      </Text>
    </Table.Cell>
  );
}
