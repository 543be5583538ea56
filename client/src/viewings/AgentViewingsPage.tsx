import { Box, Button, Card, Heading, HStack, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useState } from 'react';
import { LuCalendarClock, LuChevronLeft, LuChevronRight, LuList } from 'react-icons/lu';
import { date as dateField, object, string } from 'yup';
import { formatDayAndMonth, formatLongDay, formatWallClock, formatWeekday, isRuntimeWallClock, localCalendarDay, startOfLocalDay } from '@opennest/common/local-time';
import { addDays, isoWeekday, zonedInstant, zonePlace } from '@opennest/common/zoned-time';
import { errorMessage } from '../app/errors';
import { useUrlSearchParams } from '../app/use-url-search-params';
import { PageHeader } from '../properties/page-parts';
import { FormDialog } from '../ui/FormDialog';
import { FormField } from '../ui/FormField';
import { HIGHLIGHTED_ITEM, itemAttributes, useHighlightedItem } from '../ui/highlighted-item';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { LinkButton } from '../ui/LinkButton';
import { toaster } from '../ui/toaster';
import { EndedNote, ReasonDialog, ViewingStatusBadge } from './viewing-parts';
import { useAgentWeekQuery, useCancelMyViewingMutation, useConfirmViewingRequestMutation, useDeclineViewingRequestMutation, useProposeNewViewingTimeMutation, type AgentWeekQuery } from './viewings.generated';

type WeekViewing = AgentWeekQuery['agentViewingWeek'][number];

/** The Monday (YYYY-MM-DD, the browser's local calendar) of the week holding `date`. */
const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Agent: the viewings of all their listings in one week (Monday to Sunday in
 * the browser's calendar; each time shown in its listing's zone), day by day:
 * seven columns on a wide screen, one after the other on a phone. Requests can
 * be confirmed, declined or given another time; viewings not yet started can be
 * moved or cancelled. New bookings appear live (the bell's event reloads it).
 */
export default function AgentViewingsPage() {
  const [params, setParams] = useUrlSearchParams();
  // The browser's own calendar: Date's local getters, no Intl.
  const today = localCalendarDay(new Date());
  const weekIn = (search: URLSearchParams) => {
    const asked = search.get('week');
    return mondayOf(asked && DATE.test(asked) ? asked : today);
  };
  const monday = weekIn(params);
  const from = startOfLocalDay(monday).toISOString();
  const week = useAgentWeekQuery({ variables: { from }, fetchPolicy: 'cache-and-network' });
  const viewings = week.data?.agentViewingWeek;
  const highlighted = useHighlightedItem(Boolean(viewings));
  // From the week in the newest URL, not the one drawn: two quick clicks move two weeks.
  const goTo = (week: (shown: string) => string) =>
    setParams(
      (latest) => {
        latest.set('week', week(weekIn(latest)));
        return latest;
      },
      { replace: true },
    );
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const dayOf = (viewing: WeekViewing) => localCalendarDay(new Date(viewing.startsAt));
  const active = viewings?.filter((v) => v.status !== 'cancelled' && v.status !== 'declined').length ?? 0;

  return (
    <Stack gap="0">
      <PageHeader
        title="Viewings"
        subtitle={viewings ? `${active} viewing${active === 1 ? '' : 's'} in the week of ${formatLongDay(monday)}, across your listings.` : 'Viewings of your listings, week by week.'}
        actions={
          <HStack gap="2">
            <IconButton aria-label="Previous week" variant="outline" onClick={() => goTo((shown) => addDays(shown, -7))}>
              <LuChevronLeft />
            </IconButton>
            <Button variant="outline" onClick={() => goTo(() => today)} disabled={monday === mondayOf(today)}>
              This week
            </Button>
            <IconButton aria-label="Next week" variant="outline" onClick={() => goTo((shown) => addDays(shown, 7))}>
              <LuChevronRight />
            </IconButton>
          </HStack>
        }
      />
      <QueryState
        query={week}
        data={viewings}
        skeleton={<WeekSkeleton />}
        errorTitle="Could not load your viewings"
        empty={
          <EmptyNotice
            icon={<LuCalendarClock />}
            title="No viewings this week"
            description="When buyers book or ask for a viewing of one of your listings, it appears here. Set when each listing takes viewings from My Added Properties."
            testId="week-empty"
          >
            <LinkButton to="/dash-board/my-added-properties" icon={LuList} variant="outline" size="md">
              My Added Properties
            </LinkButton>
          </EmptyNotice>
        }
      >
        {(loaded) => (
          <SimpleGrid columns={{ base: 1, lg: 7 }} gap={{ base: '5', lg: '2' }} data-testid="agent-week">
            {days.map((day) => {
              const ofDay = loaded.filter((viewing) => dayOf(viewing) === day);
              return (
                <Box as="section" key={day} aria-labelledby={`day-${day}`} minW="0" data-testid="week-day">
                  <Heading as="h2" id={`day-${day}`} size="sm" mb="2" color={day === today ? 'teal.700' : 'fg'} borderBottomWidth="2px" borderColor={day === today ? 'teal.500' : 'border'} pb="1">
                    {/* On the desktop week the weekday has a line of its own, so every column's heading is two lines
                        ("Wednesday 17 June" no longer wraps alone); the text stays "Monday 15 June". */}
                    <Box as="span" display={{ lg: 'block' }}>
                      {formatWeekday(day)}
                    </Box>{' '}
                    {formatDayAndMonth(day)}
                  </Heading>
                  {ofDay.length ? (
                    <Stack as="ul" listStyleType="none" gap="2" aria-label={`Viewings on ${formatLongDay(day)}`}>
                      {ofDay.map((viewing) => (
                        <WeekViewingCard key={viewing.id} viewing={viewing} highlighted={highlighted} onChanged={() => week.refetch()} />
                      ))}
                    </Stack>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      No viewings
                    </Text>
                  )}
                </Box>
              );
            })}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}

function WeekSkeleton() {
  return (
    <SimpleGrid columns={{ base: 1, lg: 7 }} gap="2" aria-busy="true" aria-label="Loading your viewings">
      {Array.from({ length: 7 }, (_, i) => (
        <Skeleton key={i} height="32" rounded="md" />
      ))}
    </SimpleGrid>
  );
}

type Action = 'decline' | 'cancel' | 'move' | null;

function WeekViewingCard({ viewing, highlighted, onChanged }: { viewing: WeekViewing; highlighted: string | null; onChanged(): Promise<unknown> }) {
  const [action, setAction] = useState<Action>(null);
  const [confirm, { loading: confirming }] = useConfirmViewingRequestMutation();
  const [decline] = useDeclineViewingRequestMutation();
  const [cancel] = useCancelMyViewingMutation();
  const upcoming = new Date(viewing.startsAt).getTime() > Date.now();
  const holding = viewing.status === 'requested' || viewing.status === 'proposed' || viewing.status === 'confirmed';
  const title = viewing.property.title;
  const refused = async (error: unknown) => {
    toaster.create({ type: 'error', title: 'Nothing was changed', description: errorMessage(error, '') || undefined });
    await onChanged().catch(() => undefined);
  };
  return (
    <Card.Root as="li" size="sm" variant="outline" {...itemAttributes(viewing.id, highlighted)} css={HIGHLIGHTED_ITEM} data-testid="week-viewing" data-status={viewing.status} opacity={holding || viewing.held ? 1 : 0.7}>
      <Card.Body gap="1" p="3">
        <HStack justify="space-between" align="start" gap="1" wrap="wrap">
          <Text fontWeight="bold" fontSize="sm">
            {formatWallClock(viewing.localStart)}–{formatWallClock(viewing.localEnd)}
          </Text>
          <ViewingStatusBadge viewing={viewing} />
        </HStack>
        {!isRuntimeWallClock(viewing.startsAt, viewing.localStart) && (
          <Text fontSize="xs" color="fg.muted">
            {zonePlace(viewing.timeZone)} time
          </Text>
        )}
        <Text fontSize="sm" fontWeight="medium" lineClamp={2}>
          {title}
        </Text>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          {viewing.buyer.name}
        </Text>
        {viewing.kind === 'request' && viewing.status === 'requested' && (
          // A badge keeps to one line and would overflow a day's narrow column: a line of text wraps.
          <Text fontSize="xs" color="fg.muted">
            Time proposed by the buyer
          </Text>
        )}
        {viewing.status === 'proposed' && (
          <Text fontSize="xs" color="purple.700">
            Waiting for the buyer to accept
          </Text>
        )}
        {viewing.feedback && (
          <Text fontSize="xs" color="fg.muted" data-testid="week-feedback">
            Rated {viewing.feedback.rating}/5: {viewing.feedback.text}
          </Text>
        )}
        <EndedNote viewing={viewing} />
        {holding && upcoming && (
          <HStack gap="1.5" wrap="wrap" pt="1">
            {viewing.status === 'requested' && (
              <Button
                size="xs"
                colorPalette="teal"
                loading={confirming}
                aria-label={`Confirm the viewing of ${title} by ${viewing.buyer.name}`}
                onClick={async () => {
                  try {
                    await confirm({ variables: { id: viewing.id } });
                    toaster.create({ type: 'success', title: 'Viewing confirmed', description: `${viewing.buyer.name} has been told.` });
                  } catch (error) {
                    await refused(error);
                  }
                }}
              >
                Confirm
              </Button>
            )}
            <Button size="xs" variant="outline" onClick={() => setAction('move')} aria-label={`New time for the viewing of ${title}`}>
              New time
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setAction(viewing.status === 'confirmed' ? 'cancel' : 'decline')} aria-label={`${viewing.status === 'confirmed' ? 'Cancel' : 'Decline'} the viewing of ${title}`}>
              {viewing.status === 'confirmed' ? 'Cancel' : 'Decline'}
            </Button>
          </HStack>
        )}
      </Card.Body>
      <ReasonDialog
        open={action === 'decline' || action === 'cancel'}
        title={action === 'decline' ? `Decline ${viewing.buyer.name}'s viewing?` : `Cancel ${viewing.buyer.name}'s viewing?`}
        submitLabel={action === 'decline' ? 'Decline' : 'Cancel viewing'}
        busyLabel={action === 'decline' ? 'Declining' : 'Cancelling'}
        onClose={() => setAction(null)}
        onSubmit={async (reason) => {
          if (action === 'decline') await decline({ variables: { id: viewing.id, reason } });
          else await cancel({ variables: { id: viewing.id, reason } });
          toaster.create({ type: 'success', title: action === 'decline' ? 'Viewing declined' : 'Viewing cancelled', description: `${viewing.buyer.name} has been told.` });
        }}
      />
      <ProposeTimeDialog viewing={viewing} open={action === 'move'} onClose={() => setAction(null)} />
    </Card.Root>
  );
}

const proposeSchema = object({
  date: dateField().typeError('Choose a date').required('Choose a date'),
  time: string().required('Choose a time').matches(/^\d{2}:\d{2}$/, 'Choose a time'),
});

/** The agent proposes a new time, in the listing's time zone; the buyer accepts it or cancels. */
function ProposeTimeDialog({ viewing, open, onClose }: { viewing: WeekViewing; open: boolean; onClose(): void }) {
  const [propose] = useProposeNewViewingTimeMutation();
  const form = useFormik({
    initialValues: { date: viewing.localStart.slice(0, 10), time: formatWallClock(viewing.localStart) },
    validationSchema: proposeSchema,
    onSubmit: async ({ date, time }) => {
      try {
        await propose({ variables: { id: viewing.id, startsAt: zonedInstant(date, time, viewing.timeZone).toISOString() } });
        toaster.create({ type: 'success', title: 'New time proposed', description: `${viewing.buyer.name} has been asked to accept it.` });
        onClose();
      } catch (error) {
        toaster.create({ type: 'error', title: 'Nothing was changed', description: errorMessage(error, 'Please try again.') });
      }
    },
  });
  return (
    <FormDialog open={open} title={`A new time for ${viewing.buyer.name}`} submitting={form.isSubmitting} submitLabel="Propose time" busyLabel="Proposing" onSubmit={form.handleSubmit} onClose={onClose}>
      <Text fontSize="sm" color="fg.muted">
        In the listing's time zone ({viewing.timeZone.replace(/_/g, ' ')}).
      </Text>
      <FormField form={form} name="date" label="Date" type="date" />
      <FormField form={form} name="time" label="Time" type="time" step={300} />
    </FormDialog>
  );
}
