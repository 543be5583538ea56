// A listing's history on its details page: every change that matters to a
// buyer, oldest first, price changes in bold with the old and new range.
import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { InViewerLocale } from '../ui/InViewerLocale';
import type { ListingEventKind, PropertyDetailsQuery } from './properties.generated';
import { priceRange } from './format';
import { plural } from '../ui/plural';
import { formatLocalDate } from '@opennest/common/local-time';

type Listing = PropertyDetailsQuery['property'];

const WORDS: Record<ListingEventKind, string> = {
  listed: 'Listed',
  relisted: 'Listed before by the same agent',
  verified: 'Verified by OpenNest',
  rejected: 'Rejected by OpenNest',
  advertised: 'Featured on the home page',
  price_changed: 'Price changed',
  facts_changed: 'Details changed',
  photos_changed: 'Photos changed',
  offer_accepted: 'Offer accepted (under offer)',
  sold: 'Sold',
};

/** "21 Nov 2026" in the viewer's time zone, without Intl (common/local-time.ts). */
const day = (iso: string) => formatLocalDate(new Date(iso));

export function ListingTimeline({ property }: { property: Listing }) {
  return (
    <Box as="section" aria-labelledby="history-heading" data-testid="listing-history">
      <HStack justify="space-between" align="baseline" wrap="wrap" mb="3">
        <Heading as="h2" id="history-heading" size="xl">
          History
        </Heading>
        <Text color="fg.muted" data-testid="days-on-opennest">
          {/* The server counts a sold home's days up to its sale. */}
          {property.saleState === 'sold' ? `Sold after ${plural(property.daysOnOpenNest, 'day', 'days')} on OpenNest` : `${plural(property.daysOnOpenNest, 'day', 'days')} on OpenNest`}
        </Text>
      </HStack>
      <Stack as="ol" listStyleType="none" gap="2" borderStartWidth="2px" borderColor="teal.200" ps="4" maxW="3xl">
        {property.history.map((event, index) => {
          const price = event.kind === 'price_changed' && event.priceMinBefore && event.priceMaxBefore && event.priceMin && event.priceMax;
          return (
            <Box as="li" key={`${event.kind}-${event.at}-${index}`} data-testid="history-event">
              <Text fontSize="sm" color="fg.muted">
                <InViewerLocale>{day(event.at)}</InViewerLocale>
              </Text>
              <Text fontWeight={price ? 'bold' : 'normal'} color={price ? 'teal.800' : undefined}>
                {WORDS[event.kind]}
                {price && `: ${priceRange(event.priceMinBefore!, event.priceMaxBefore!)} → ${priceRange(event.priceMin!, event.priceMax!)}`}
                {event.kind === 'relisted' && event.previouslyListedAt && (
                  <InViewerLocale>{` (first listed ${day(event.previouslyListedAt)})`}</InViewerLocale>
                )}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
