// An agent's measured reply time (issue 23): on a listing's details page, on the
// Contact Agent page and on the agent's own profile. What the server sends is
// already thresholded (nothing below 5 questions): this only words it.
import { HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuClock } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../ui/QueryState';
import { plural } from '../ui/plural';
import { useAgentReplyTimeQuery, type ReplyTimeFieldsFragment } from './insight.generated';

export const HOW_NUMBERS_ARE_MADE = '/how-numbers-are-made';

/** "25 minutes", "3 hours", "2 days": a median wait in words. */
export function waitInWords(minutes: number): string {
  if (minutes < 60) return plural(Math.max(1, minutes), 'minute');
  if (minutes < 48 * 60) return plural(Math.round(minutes / 60), 'hour');
  return plural(Math.round(minutes / (24 * 60)), 'day');
}

/** One line: the median, the share within a day and what it is based on, or "Not enough conversations yet". */
export function ReplyTimeLine({ figure, own = false }: { figure: ReplyTimeFieldsFragment; own?: boolean }) {
  const basedOn = `based on ${plural(figure.basedOn, 'conversation')} in the last 90 days`;
  return (
    <HStack gap="2" align="start" fontSize="sm" data-testid="reply-time">
      <LuClock aria-hidden style={{ marginTop: '0.2em', flexShrink: 0 }} />
      <Stack gap="0.5">
        {figure.enough ? (
          <Text data-testid="reply-time-figure">
            {figure.medianMinutes === null ? 'Most questions are not answered' : `${own ? 'You usually reply' : 'Usually replies'} within ${waitInWords(figure.medianMinutes)}`} · {figure.withinDayPercent}% answered within 24 hours
            <Text as="span" color="fg.muted">
              {' '}
              ({basedOn})
            </Text>
          </Text>
        ) : (
          <Text color="fg.muted" data-testid="reply-time-figure">
            Reply time: Not enough conversations yet
          </Text>
        )}
        <Link asChild color="teal.700" fontSize="xs">
          <RouterLink to={HOW_NUMBERS_ARE_MADE}>How these numbers are made</RouterLink>
        </Link>
      </Stack>
    </HStack>
  );
}

/** The reply time of the agent `agentId`, loaded on its own (the page around it does not wait for it). */
export function AgentReplyTime({ agentId }: { agentId: string }) {
  const replyTime = useAgentReplyTimeQuery({ variables: { agentId } });
  return (
    <QueryState query={replyTime} data={replyTime.data?.agentReplyTime} skeleton={<Skeleton height="10" rounded="md" role="status" aria-label="Loading the agent’s reply time" />} errorTitle="Could not load the agent’s reply time">
      {(figure) => <ReplyTimeLine figure={figure} />}
    </QueryState>
  );
}
