// The details page's viewings (a chunk of its own, loaded with the page): the
// listing's coming open houses for everyone; for buyers, its free slots of the
// next days to book at once, a form to propose another time, and their own
// viewings of it; for its agent, a link to set when it takes viewings.
import { Box, Button, Card, Field, Flex, Heading, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { LoadingBlock } from '../ui/CardList';
import { useFormik } from 'formik';
import { useState } from 'react';
import { LuCalendarCheck, LuCalendarDays, LuDoorOpen } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { date as dateField, object, string } from 'yup';
import { formatLongDay, formatWallClock, formatWallDateTime } from '@opennest/common/local-time';
import { addDays, zonedInstant, zonePlace } from '@opennest/common/zoned-time';
import { errorMessage } from '../app/errors';
import { useAuth } from '../auth/AuthProvider';
import { LinkButton } from '../ui/LinkButton';
import { QueryError } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { EndedNote, localRange, viewingWhen, ViewingStatusBadge } from './viewing-parts';
import { useBookViewingSlotMutation, usePropertyOpenHousesQuery, usePropertyViewingsQuery, useRequestViewingTimeMutation } from './viewings.generated';

interface ListingForViewings {
  id: string;
  title: string;
  status: string;
  saleState: string;
  agent: { id: string };
}

export default function PropertyViewingsSlot({ property }: { property: ListingForViewings }) {
  const { viewer } = useAuth();
  const takesViewings = property.status === 'verified' && property.saleState !== 'sold';
  return (
    <Box as="section" aria-labelledby="viewings-heading" data-testid="property-viewings">
      <Heading as="h2" id="viewings-heading" size="xl" mb="4">
        Viewings
      </Heading>
      <Stack gap="5">
        <OpenHouseList propertyId={property.id} />
        {viewer?.role === 'user' && takesViewings && <BuyerViewings property={property} />}
        {viewer?.role === 'agent' && viewer.id === property.agent.id && (
          <LinkButton to={`/dash-board/listing-viewings/${property.id}`} icon={LuCalendarDays} variant="outline" colorPalette="teal" alignSelf="start">
            Set when it takes viewings
          </LinkButton>
        )}
        {!takesViewings && (
          <Text color="fg.muted" fontSize="sm">
            This home takes no viewings.
          </Text>
        )}
      </Stack>
    </Box>
  );
}

function OpenHouseList({ propertyId }: { propertyId: string }) {
  // From the cache when the page's first response carried it (property-details.first-screen.ts), like the rest of the page.
  const openHouses = usePropertyOpenHousesQuery({ variables: { propertyId } });
  const list = openHouses.data?.property.openHouses;
  if (!list?.length) return null;
  return (
    <Card.Root variant="subtle" colorPalette="teal" data-testid="open-houses">
      <Card.Body gap="2">
        <HStack gap="2">
          <LuDoorOpen aria-hidden />
          <Text fontWeight="semibold">Open house{list.length > 1 ? 's' : ''}: anyone may come</Text>
        </HStack>
        <Stack as="ul" listStyleType="none" gap="1">
          {list.map((openHouse) => (
            <Text as="li" key={openHouse.id}>
              {localRange(openHouse)}
              {openHouse.note ? ` · ${openHouse.note}` : ''}
            </Text>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function BuyerViewings({ property }: { property: ListingForViewings }) {
  const [from, setFrom] = useState<string | null>(null);
  const viewings = usePropertyViewingsQuery({ variables: { propertyId: property.id, from, days: 7, mine: true }, fetchPolicy: 'cache-and-network' });
  const [book, { loading: booking }] = useBookViewingSlotMutation({ refetchQueries: ['PropertyViewings'], awaitRefetchQueries: true });
  const [chosen, setChosen] = useState<string | null>(null);
  const free = viewings.data?.freeViewingSlots;
  const mine = viewings.data?.myViewingsOf ?? [];
  const timeZone = free?.timeZone;
  // Each free slot under its local day, on the listing's clock (the API sends it: no Intl here).
  const days = new Map<string, Array<{ startsAt: string; localStart: string }>>();
  for (const slot of free?.slots ?? []) {
    const day = slot.localStart.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  const localStartOf = (startsAt: string) => free?.slots.find((slot) => slot.startsAt === startsAt)?.localStart;
  // A time a refetch no longer offers (booked by someone else meanwhile) counts as not chosen.
  const chosenLocal = chosen ? localStartOf(chosen) : undefined;

  const bookChosen = async () => {
    if (!chosen || !chosenLocal || !timeZone) return;
    const booked = chosen;
    const bookedLocal = chosenLocal;
    // A time picked while this one was being booked stays picked.
    const clearBooked = () => setChosen((current) => (current === booked ? null : current));
    try {
      await book({ variables: { propertyId: property.id, startsAt: booked } });
      toaster.create({ type: 'success', title: 'Viewing booked', description: `${property.title}: ${formatWallDateTime(bookedLocal)}. The agent has been told; the invite is in your e-mail.` });
      clearBooked();
    } catch (error) {
      toaster.create({ type: 'error', title: 'Not booked', description: errorMessage(error, 'Please choose another time.') });
      clearBooked();
      await viewings.refetch().catch(() => undefined);
    }
  };

  if (viewings.error && !viewings.data) return <QueryError title="Could not load the viewing times" error={viewings.error} onRetry={() => viewings.refetch()} />;
  if (!free) return <LoadingBlock label="Loading viewing times" />;
  return (
    <Stack gap="5">
      {mine.length > 0 && (
        <Card.Root variant="outline" data-testid="my-viewings-of">
          <Card.Body gap="2">
            <Text fontWeight="semibold">Your viewings of this home</Text>
            {mine.map((viewing) => (
              <Flex key={viewing.id} gap="2" wrap="wrap" align="center" data-testid="my-viewing-of" data-status={viewing.status}>
                <ViewingStatusBadge viewing={viewing} />
                <Text>{viewingWhen(viewing)}</Text>
                <EndedNote viewing={viewing} />
              </Flex>
            ))}
            <Button asChild size="sm" variant="plain" colorPalette="teal" alignSelf="start" px="0">
              <RouterLink to="/dash-board/my-viewings">All my viewings</RouterLink>
            </Button>
          </Card.Body>
        </Card.Root>
      )}
      {free.hasAvailability && (
        <Stack gap="3" data-testid="free-slots">
          <Text fontWeight="semibold">Book a free time ({free.viewingMinutes} minutes, {zonePlace(timeZone!)} time)</Text>
          {days.size === 0 && (
            <Text color="fg.muted" fontSize="sm">
              No free times in these 7 days.
            </Text>
          )}
          {[...days].map(([day, starts]) => (
            <Stack key={day} gap="1.5" role="group" aria-label={formatLongDay(day)}>
              <Text fontSize="sm" fontWeight="medium" color="fg.muted">
                {formatLongDay(day)}
              </Text>
              <Wrap gap="2">
                {starts.map(({ startsAt, localStart }) => (
                  <Button
                    key={startsAt}
                    size="sm"
                    minW="16"
                    variant={chosen === startsAt ? 'solid' : 'outline'}
                    colorPalette="teal"
                    aria-pressed={chosen === startsAt}
                    aria-label={`${formatLongDay(day)}, ${formatWallClock(localStart)}`}
                    onClick={() => setChosen(chosen === startsAt ? null : startsAt)}
                    data-testid="free-slot"
                  >
                    {formatWallClock(localStart)}
                  </Button>
                ))}
              </Wrap>
            </Stack>
          ))}
          <Flex gap="2" wrap="wrap">
            <Button colorPalette="teal" disabled={!chosenLocal} loading={booking} loadingText="Booking" onClick={bookChosen} data-testid="book-viewing">
              <LuCalendarCheck aria-hidden /> {chosenLocal ? `Book ${formatWallDateTime(chosenLocal)}` : 'Choose a time to book'}
            </Button>
            <Button variant="outline" onClick={() => setFrom(addDays(String(free.from), 7))}>
              Later dates
            </Button>
            {from && (
              <Button variant="ghost" onClick={() => setFrom(null)}>
                Back to this week
              </Button>
            )}
          </Flex>
        </Stack>
      )}
      <ProposeTime property={property} timeZone={timeZone!} hasAvailability={free.hasAvailability} />
    </Stack>
  );
}

const requestSchema = object({
  date: dateField().typeError('Choose a date').required('Choose a date'),
  time: string().required('Choose a time').matches(/^\d{2}:\d{2}$/, 'Choose a time'),
});

function ProposeTime({ property, timeZone, hasAvailability }: { property: ListingForViewings; timeZone: string; hasAvailability: boolean }) {
  const [request] = useRequestViewingTimeMutation({ refetchQueries: ['PropertyViewings'] });
  const form = useFormik({
    initialValues: { date: '', time: '' },
    validationSchema: requestSchema,
    onSubmit: async ({ date, time }, helpers) => {
      try {
        await request({ variables: { propertyId: property.id, startsAt: zonedInstant(date, time, timeZone).toISOString() } });
        toaster.create({ type: 'success', title: 'Request sent', description: 'The agent will confirm, decline or propose another time.' });
        helpers.resetForm();
      } catch (error) {
        toaster.create({ type: 'error', title: 'Request not sent', description: errorMessage(error, 'Please try again.') });
      }
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label="Propose a viewing time">
      <Stack gap="2">
        <Text fontWeight="semibold">{hasAvailability ? 'None of these suits you? Propose a time' : 'Propose a time for a viewing'}</Text>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'end' }}>
          <Field.Root invalid={Boolean(form.touched.date && form.errors.date)}>
            <Field.Label>Date</Field.Label>
            <Input type="date" name="date" value={form.values.date} onChange={form.handleChange} onBlur={form.handleBlur} data-testid="request-date" />
            <Field.ErrorText>{form.errors.date}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(form.touched.time && form.errors.time)}>
            <Field.Label>Time ({zonePlace(timeZone)} time)</Field.Label>
            <Input type="time" step={300} name="time" value={form.values.time} onChange={form.handleChange} onBlur={form.handleBlur} data-testid="request-time" />
            <Field.ErrorText>{form.errors.time}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" variant="outline" colorPalette="teal" loading={form.isSubmitting} loadingText="Sending" flexShrink={0}>
            Send request
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
