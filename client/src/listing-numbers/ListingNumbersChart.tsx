// One listing's last 30 days as lines (views, wishlist adds, offers): Chakra's
// charts on recharts. Loaded lazily by ListingPerformance, so this code and
// recharts reach the browser only when an agent's profile shows a chart. The
// drawing itself is hidden from assistive technology: the summary line next to
// it and the numbers table carry the same information as text.
//
// Series often have equal values (0 views, 0 adds, 0 offers on most days), so
// they are told apart by more than colour: each is drawn narrower than the one
// under it (a wide band, a dashed stripe inside it, a thin dotted line in the
// middle: all three stay visible where they coincide), and each marks its
// non-zero days with its own shape. The legend shows the same line and shape.
import { Box, HStack, Text } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import type { ReactNode } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { NumbersDay } from './ListingPerformance';
import { formatCalendarDay } from '@opennest/common/local-time';

/** Days are UTC calendar days: shown as such whatever the viewer's time zone. */
const labelOf = (day: string) => formatCalendarDay(day, { year: false });

type Shape = 'circle' | 'square' | 'diamond';

interface SeriesLook {
  width: number;
  dash?: string;
  shape: Shape;
}

/** Widest first: drawn in this order, each on top of the wider one before it. */
const LOOK: Record<'views' | 'wishlistAdds' | 'offers', SeriesLook> = {
  views: { width: 6, shape: 'circle' },
  wishlistAdds: { width: 3, dash: '6 3', shape: 'square' },
  offers: { width: 1.5, dash: '2 2', shape: 'diamond' },
};

/** A marker of `shape` centred on (x, y), `size` across. */
function marker(shape: Shape, x: number, y: number, size: number, colour: string, key?: string): ReactNode {
  const half = size / 2;
  if (shape === 'circle') return <circle key={key} cx={x} cy={y} r={half} fill={colour} stroke="white" strokeWidth={1} />;
  if (shape === 'square') return <rect key={key} x={x - half} y={y - half} width={size} height={size} fill={colour} stroke="white" strokeWidth={1} />;
  return <path key={key} d={`M ${x} ${y - half - 1} L ${x + half + 1} ${y} L ${x} ${y + half + 1} L ${x - half - 1} ${y} Z`} fill={colour} stroke="white" strokeWidth={1} />;
}

/** The legend's sample: a short stretch of the line, with its marker in the middle. */
function LegendSample({ look, colour }: { look: SeriesLook; colour: string }) {
  return (
    <svg width="28" height="12" aria-hidden>
      <line x1="0" y1="6" x2="28" y2="6" stroke={colour} strokeWidth={Math.min(look.width, 5)} strokeDasharray={look.dash} />
      {marker(look.shape, 14, 6, 7, colour)}
    </svg>
  );
}

export default function ListingNumbersChart({ days }: { days: NumbersDay[] }) {
  const chart = useChart({
    data: days.map((day) => ({ day: labelOf(String(day.day)), views: day.views, wishlistAdds: day.wishlistAdds, offers: day.offers })),
    series: [
      { name: 'views', label: 'Views', color: 'teal.solid' },
      { name: 'wishlistAdds', label: 'Wishlist adds', color: 'orange.solid' },
      { name: 'offers', label: 'Offers', color: 'purple.solid' },
    ],
  });
  return (
    <Box aria-hidden data-testid="listing-chart-drawing">
      <HStack gap="4" justify="end" wrap="wrap" fontSize="xs" color="fg.muted" mb="1" data-testid="listing-chart-legend">
        {chart.series.map((item) => (
          <HStack key={item.name} gap="1.5">
            <LegendSample look={LOOK[item.name as keyof typeof LOOK]} colour={chart.color(item.color)} />
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
          {chart.series.map((item) => {
            const look = LOOK[item.name as keyof typeof LOOK];
            const colour = chart.color(item.color);
            return (
              <Line
                key={item.name}
                type="linear"
                isAnimationActive={false}
                dataKey={chart.key(item.name)}
                name={String(item.label)}
                stroke={colour}
                strokeOpacity={look.width > 4 ? 0.45 : 1}
                strokeDasharray={look.dash}
                strokeWidth={look.width}
                strokeLinecap="round"
                // Only days with something to show get a marker: a row of markers on zero would hide the lines again.
                dot={({ cx, cy, value, index }) =>
                  typeof cx === 'number' && typeof cy === 'number' && Number(value) > 0 ? marker(look.shape, cx, cy, 8, colour, `${item.name}-${index}`) : <g key={`${item.name}-${index}`} />
                }
                activeDot={false}
              />
            );
          })}
        </LineChart>
      </Chart.Root>
    </Box>
  );
}
