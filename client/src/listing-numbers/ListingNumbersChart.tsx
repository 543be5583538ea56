// One listing's last 30 days as lines (views, wishlist adds, offers): Chakra's
// charts on recharts. Loaded lazily by ListingPerformance, so this code and
// recharts reach the browser only when an agent's profile shows a chart. The
// drawing itself is hidden from assistive technology: the summary line next to
// it and the numbers table carry the same information as text.
import { Box, HStack, Text } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { NumbersDay } from './ListingPerformance';

/** Days are UTC calendar days: shown as such whatever the viewer's time zone. */
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const labelOf = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** The legend's sample of each line: solid, dashed, dotted, as the lines are drawn. */
const LEGEND_LINE: Record<string, 'solid' | 'dashed' | 'dotted'> = { '': 'solid', '6 3': 'dashed', '2 3': 'dotted' };

export default function ListingNumbersChart({ days }: { days: NumbersDay[] }) {
  const chart = useChart({
    data: days.map((day) => ({ day: labelOf(String(day.day)), views: day.views, wishlistAdds: day.wishlistAdds, offers: day.offers })),
    // Told apart by dashes as well as colour (lines with equal values lie on each other).
    series: [
      { name: 'views', label: 'Views', color: 'teal.solid' },
      { name: 'wishlistAdds', label: 'Wishlist adds', color: 'orange.solid', strokeDasharray: '6 3' },
      { name: 'offers', label: 'Offers', color: 'purple.solid', strokeDasharray: '2 3' },
    ],
  });
  return (
    <Box aria-hidden data-testid="listing-chart-drawing">
      <HStack gap="4" justify="end" fontSize="xs" color="fg.muted" mb="1">
        {chart.series.map((item) => (
          <HStack key={item.name} gap="1.5">
            <Box w="5" borderTopWidth="2px" borderTopStyle={LEGEND_LINE[item.strokeDasharray ?? '']} borderColor={String(item.color)} />
            <Text>{item.label}</Text>
          </HStack>
        ))}
      </HStack>
      <Chart.Root maxH="56" chart={chart}>
        <LineChart data={chart.data} responsive style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={chart.color('border')} vertical={false} />
          <XAxis dataKey={chart.key('day')} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} />
          <Tooltip animationDuration={100} cursor={false} content={<Chart.Tooltip />} />
          {chart.series.map((item) => (
            <Line
              key={item.name}
              type="linear"
              isAnimationActive={false}
              dataKey={chart.key(item.name)}
              name={String(item.label)}
              stroke={chart.color(item.color)}
              strokeDasharray={item.strokeDasharray}
              strokeWidth={2}
              dot={false}
            />
          ))}
        </LineChart>
      </Chart.Root>
    </Box>
  );
}
