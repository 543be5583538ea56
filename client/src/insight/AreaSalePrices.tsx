// The per-area summary of sales through OpenNest (issue 23) on a listing's
// details page: the median sold price per square metre in its area over the
// last 12 months, or "not enough sales" (the server gives no median below 3).
import { Box, HStack, Text } from '@chakra-ui/react';
import { dollars } from '@opennest/common/money';
import { LuChartColumn } from 'react-icons/lu';
import { plural } from '../ui/plural';
import { useAreaSalePricesQuery } from './insight.generated';

export function AreaSalePrices({ propertyId }: { propertyId: string }) {
  const prices = useAreaSalePricesQuery({ variables: { propertyId } });
  const summary = prices.data?.areaSalePrices;
  // No area yet (or not loaded, or failed): the page shows nothing rather than a guess.
  if (!summary?.area) return null;
  return (
    <HStack gap="2" fontSize="sm" color="fg.muted" align="start" data-testid="area-sale-prices">
      {/* Beside the first line, at its full size however long the text. */}
      <Box as="span" mt="0.5" flexShrink={0}>
        <LuChartColumn aria-hidden />
      </Box>
      <Text>
        {summary.enough && summary.medianPricePerSqm
          ? `Sales through OpenNest in ${summary.area} in the last 12 months: median ${dollars(summary.medianPricePerSqm)} per m² (${plural(summary.sales, 'sale')})`
          : `Sales through OpenNest in ${summary.area} in the last 12 months: not enough sales`}
      </Text>
    </HStack>
  );
}
