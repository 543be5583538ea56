import { Box, Container, SimpleGrid, Stat, VisuallyHidden, Heading } from '@chakra-ui/react';
import '../ui/recipes/stat';
import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../ui/motion';

/** Spec section 9: the counters run for 2 s. */
export const COUNTER_DURATION_MS = 2000;

/** Fixed display values (spec section 2). */
const STATS = [
  { label: 'Properties Listed', value: 1420, decimals: 0, suffix: '+' },
  { label: 'Verified Agents', value: 230, decimals: 0, suffix: '+' },
  { label: 'Successful Deals', value: 480, decimals: 0, suffix: '+' },
  { label: 'User Rating', value: 4.8, decimals: 1, suffix: '/5' },
] as const;

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/** 0 → 1 over `durationMs` once `running` turns true (1 at once with reduced motion). */
function useProgress(running: boolean, durationMs: number, instant: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!running) return;
    if (instant) {
      setProgress(1);
      return;
    }
    let frame = 0;
    let startedAt: number | null = null;
    const tick = (now: number) => {
      startedAt ??= now;
      const t = Math.min(1, (now - startedAt) / durationMs);
      setProgress(t);
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, durationMs, instant]);
  return instant && running ? 1 : progress;
}

/** True once the element has been scrolled into view (and from then on). */
function useSeenOnce<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: 0.3 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

export function Statistics() {
  const reducedMotion = usePrefersReducedMotion();
  const [ref, seen] = useSeenOnce<HTMLDivElement>();
  const progress = useProgress(seen, COUNTER_DURATION_MS, reducedMotion);
  const eased = easeOutCubic(progress);

  return (
    <Box as="section" aria-labelledby="statistics-heading" bgGradient="to-r" gradientFrom="teal.800" gradientTo="teal.600" color="white" py={{ base: '12', md: '16' }}>
      <VisuallyHidden asChild>
        <Heading as="h2" id="statistics-heading">
          OpenNest in numbers
        </Heading>
      </VisuallyHidden>
      <Container maxW="7xl" ref={ref}>
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '8', md: '6' }}>
          {STATS.map((stat) => {
            // The last frame shows the exact figure; before that an eased share of it.
            const shown = progress >= 1 ? stat.value : stat.value * eased;
            return (
              <Stat.Root key={stat.label} textAlign="center" alignItems="center" gap="1" data-testid="stat">
                {/* Label first for the term/definition order; shown under the figure. */}
                <Stat.Label color="teal.100" fontSize={{ base: 'sm', md: 'md' }} order={1}>
                  {stat.label}
                </Stat.Label>
                <Stat.ValueText
                  fontSize={{ base: '3xl', md: '5xl' }}
                  fontWeight="black"
                  fontVariantNumeric="tabular-nums"
                  color="white"
                  data-testid="stat-value"
                  data-final={progress >= 1 ? '' : undefined}
                >
                  {shown.toFixed(stat.decimals)}
                  {stat.suffix}
                </Stat.ValueText>
              </Stat.Root>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
