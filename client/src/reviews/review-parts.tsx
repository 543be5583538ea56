// Pieces the review screens share: the reviewer's avatar, the review's time,
// its text, and placeholder cards while a list loads. Review text is plain text (server/reviews/reviews.graphql): it is only
// ever rendered as a React text node, never as HTML.
import { Box, Button, Card, HStack, Skeleton, SkeletonCircle, SkeletonText, Stack, Text, type TextProps } from '@chakra-ui/react';
import { formatLocalDateTime, formatLocalDateTimeLong } from '@opennest/common/local-time';
import { InViewerLocale } from '../ui/InViewerLocale';
import { PersonAvatar } from '../ui/PersonAvatar';
import { useEffect, useRef, useState, type Ref } from 'react';
import type { ReviewFieldsFragment } from './reviews.generated';

/**
 * A machine-readable <time> with a readable date and time in the viewer's time zone, "21 Nov 2026,
 * 09:30" (the long form on hover): written without Intl (common/local-time.ts), whose first use
 * costs a phone over 100 ms, on the home page and the details page alike.
 */
export function ReviewTime({ iso, ...textProps }: { iso: string } & Omit<TextProps, 'children'>) {
  return (
    <InViewerLocale>
      <Text asChild fontSize="sm" color="fg.muted" {...textProps}>
        <time dateTime={iso} title={formatLocalDateTimeLong(new Date(iso))}>
          {formatLocalDateTime(new Date(iso))}
        </time>
      </Text>
    </InViewerLocale>
  );
}

export function ReviewerAvatar({ reviewer, size = 'md' }: { reviewer: ReviewFieldsFragment['reviewer']; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <PersonAvatar person={reviewer} size={size} flexShrink={0} loading="lazy" />
  );
}

/** The review's own line breaks kept; long words wrap instead of overflowing. */
export function ReviewText({ text, ref, ...textProps }: { text: string; ref?: Ref<HTMLParagraphElement> } & Omit<TextProps, 'children'>) {
  return (
    <Text ref={ref} whiteSpace="pre-wrap" overflowWrap="anywhere" lineHeight="tall" {...textProps}>
      {text}
    </Text>
  );
}

/** The review quoted in a muted, scrollable box (at most four lines): what a deletion confirmation shows. */
export function QuotedReview({ text }: { text: string }) {
  return (
    <Box mt="3" p="3" bg="bg.muted" rounded="md" maxH="32" overflowY="auto">
      <ReviewText text={text} fontSize="sm" color="fg.muted" lineClamp={4} />
    </Box>
  );
}

/**
 * Review text clamped to `lines` lines, with a Read more / Show less toggle that
 * appears only when the text actually overflows.
 */
export function ClampedReviewText({ text, lines = 4, label }: { text: string; lines?: number; label: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    if (typeof ResizeObserver === 'undefined') return measure();
    // Measured by the observer alone, which reports once the browser has laid the page out (and
    // again on each resize): read in an effect, the sizes would make the browser lay out the whole
    // page there and then, 100 ms or more of the home page's start on a phone.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, lines, expanded]);

  return (
    <Box>
      <ReviewText ref={ref} text={text} lineClamp={expanded ? undefined : lines} color="fg.muted" />
      {(overflows || expanded) && (
        <Button variant="plain" size="sm" px="0" height="auto" mt="1" color="teal.700" aria-expanded={expanded} aria-label={`${expanded ? 'Show less of' : 'Read more of'} ${label}`} onClick={() => setExpanded((open) => !open)}>
          {expanded ? 'Show less' : 'Read more'}
        </Button>
      )}
    </Box>
  );
}

/** Placeholder review cards while a list loads: with the reviewer's avatar and name, or (their own list) the property's title. */
export function ReviewListSkeleton({ label, count = 3, reviewer = false }: { label: string; count?: number; reviewer?: boolean }) {
  return (
    <Stack gap="4" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Card.Root key={index} variant="outline">
          <Card.Body gap="3">
            {reviewer ? (
              <HStack gap="3">
                <SkeletonCircle size="10" />
                <Stack gap="2" flex="1">
                  <Skeleton height="4" width="40%" />
                  <Skeleton height="3" width="30%" />
                </Stack>
              </HStack>
            ) : (
              <>
                <Skeleton height="5" width="50%" />
                <Skeleton height="3" width="30%" />
              </>
            )}
            <SkeletonText noOfLines={2} />
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
