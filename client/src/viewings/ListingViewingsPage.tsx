import { Box, Button, Card, Field, Flex, Heading, HStack, IconButton, Input, NativeSelect, Stack, Tag, Text, Textarea, Wrap } from '@chakra-ui/react';
import '../ui/recipes/native-select';
import '../ui/recipes/tag';
import { LoadingBlock } from '../ui/CardList';
import { FieldArray, FormikProvider, getIn, useFormik, type FormikProps } from 'formik';
import { useMemo, useState } from 'react';
import { LuArrowLeft, LuPlus, LuTrash2 } from 'react-icons/lu';
import { useParams } from 'react-router';
import { OPEN_HOUSE_NOTE_MAX_LENGTH, VIEWING_MINUTES_MAX, VIEWING_MINUTES_MIN, viewingAvailabilitySchema, WEEKDAYS } from '@opennest/common/validation/viewing';
import { zonedDate, zonedInstant, zonePlace } from '@opennest/common/zoned-time';
import { errorMessage, fieldErrors } from '../app/errors';
import { PageHeader } from '../properties/page-parts';
import { LinkButton } from '../ui/LinkButton';
import { QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { useBusyItems } from '../ui/useBusyItems';
import { formatWallDateTime } from '@opennest/common/local-time';
import { localRange } from './viewing-parts';
import {
  useCancelOpenHouseMutation,
  useListingViewingSetupQuery,
  useSaveViewingAvailabilityMutation,
  useScheduleOpenHouseMutation,
  type AvailabilityFieldsFragment,
  type ListingViewingSetupQuery,
} from './viewings.generated';

type Availability = Omit<AvailabilityFieldsFragment, '__typename' | 'weekly' | 'oneOff' | 'blockedDates'> & {
  blockedDates: string[];
  weekly: Array<{ weekday: number; start: string; end: string }>;
  oneOff: Array<{ date: string; start: string; end: string }>;
};

const LENGTHS = Array.from({ length: (VIEWING_MINUTES_MAX - VIEWING_MINUTES_MIN) / 15 + 1 }, (_, i) => VIEWING_MINUTES_MIN + i * 15);

/** Agent: when one of their listings takes viewings (its time zone, length, windows, blocked dates), and its open houses. */
export default function ListingViewingsPage() {
  const { id = '' } = useParams();
  const setup = useListingViewingSetupQuery({ variables: { propertyId: id }, fetchPolicy: 'cache-and-network' });
  const title = setup.data?.property.title;
  // The heading and the way back stand whatever the query answers (as on the listing's demand page).
  return (
    <>
      <PageHeader
        title="Viewings"
        subtitle={`When buyers can view ${title ?? 'this listing'}, in its local time.`}
        actions={
          <LinkButton to="/dash-board/my-added-properties" icon={LuArrowLeft}>
            My added properties
          </LinkButton>
        }
      />
      <QueryState query={setup} data={setup.data} skeleton={<LoadingBlock height="96" label="Loading the listing's viewings" />} errorTitle="Could not load this listing's viewings" notFoundTitle="This listing does not exist">
        {(loaded) => <Setup data={loaded} />}
      </QueryState>
    </>
  );
}

function Setup({ data }: { data: ListingViewingSetupQuery }) {
  const { property } = data;
  return (
    <Stack gap="8">
      <AvailabilityForm propertyId={property.id} saved={data.viewingAvailability} />
      <OpenHouses property={property} />
    </Stack>
  );
}

function AvailabilityForm({ propertyId, saved }: { propertyId: string; saved: AvailabilityFieldsFragment }) {
  const [save] = useSaveViewingAvailabilityMutation();
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone');
    return known.includes(saved.timeZone) ? known : [saved.timeZone, ...known];
  }, [saved.timeZone]);
  const form = useFormik<Availability>({
    initialValues: {
      timeZone: saved.timeZone,
      viewingMinutes: saved.viewingMinutes,
      weekly: saved.weekly.map(({ weekday, start, end }) => ({ weekday, start, end })),
      oneOff: saved.oneOff.map(({ date, start, end }) => ({ date: String(date), start, end })),
      blockedDates: saved.blockedDates.map(String),
    },
    enableReinitialize: true,
    validationSchema: viewingAvailabilitySchema,
    onSubmit: async (values, helpers) => {
      try {
        await save({ variables: { propertyId, input: { ...values, viewingMinutes: Number(values.viewingMinutes), weekly: values.weekly.map((w) => ({ ...w, weekday: Number(w.weekday) })) } } });
        toaster.create({ type: 'success', title: 'Availability saved', description: 'Buyers see the new free times at once.' });
      } catch (error) {
        helpers.setErrors(fieldErrors(error) as never);
        toaster.create({ type: 'error', title: 'Availability not saved', description: errorMessage(error, 'Please try again.') });
      }
    },
  });
  const [blocked, setBlocked] = useState('');
  const listError = (name: 'weekly' | 'oneOff') => (typeof form.errors[name] === 'string' ? (form.errors[name] as string) : null);
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="availability-heading">
      <Card.Body gap="6">
        <Heading as="h2" id="availability-heading" size="lg">
          Availability
        </Heading>
        <FormikProvider value={form}>
          <form onSubmit={form.handleSubmit} noValidate aria-label="Availability">
            <Stack gap="6">
              <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
                <Field.Root invalid={Boolean(form.errors.timeZone)}>
                  <Field.Label>Time zone</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field name="timeZone" value={form.values.timeZone} onChange={form.handleChange} data-testid="time-zone">
                      {zones.map((zone) => (
                        <option key={zone} value={zone}>
                          {zone.replace(/_/g, ' ')}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{form.errors.timeZone}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(form.errors.viewingMinutes)} maxW={{ md: '48' }}>
                  <Field.Label>Viewing length</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field name="viewingMinutes" value={String(form.values.viewingMinutes)} onChange={(event) => void form.setFieldValue('viewingMinutes', Number(event.currentTarget.value))} data-testid="viewing-minutes">
                      {LENGTHS.map((minutes) => (
                        <option key={minutes} value={minutes}>
                          {minutes} minutes
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{form.errors.viewingMinutes}</Field.ErrorText>
                </Field.Root>
              </Flex>

              <FieldArray name="weekly">
                {(rows) => (
                  <Stack gap="3" as="fieldset">
                    <Text as="legend" fontWeight="semibold" mb="2">
                      Every week
                    </Text>
                    {form.values.weekly.length === 0 && (
                      <Text fontSize="sm" color="fg.muted">
                        No weekly windows: buyers can only propose times.
                      </Text>
                    )}
                    {form.values.weekly.map((_row, index) => (
                      <WindowRow key={index} form={form} name={`weekly.${index}`} label={`Weekly window ${index + 1}`} onRemove={() => rows.remove(index)}>
                        <NativeSelect.Root size="sm" width={{ base: 'full', sm: '40' }}>
                          <NativeSelect.Field name={`weekly.${index}.weekday`} value={String(form.values.weekly[index].weekday)} onChange={(event) => void form.setFieldValue(`weekly.${index}.weekday`, Number(event.currentTarget.value))} aria-label={`Day of weekly window ${index + 1}`}>
                            {WEEKDAYS.map((day, i) => (
                              <option key={day} value={i + 1}>
                                {day}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </WindowRow>
                    ))}
                    {listError('weekly') && (
                      <Text color="fg.error" fontSize="sm" role="alert">
                        {listError('weekly')}
                      </Text>
                    )}
                    <Button alignSelf="start" size="sm" variant="outline" onClick={() => rows.push({ weekday: 6, start: '10:00', end: '13:00' })} data-testid="add-weekly">
                      <LuPlus aria-hidden /> Add a weekly window
                    </Button>
                  </Stack>
                )}
              </FieldArray>

              <FieldArray name="oneOff">
                {(rows) => (
                  <Stack gap="3" as="fieldset">
                    <Text as="legend" fontWeight="semibold" mb="2">
                      One-off slots
                    </Text>
                    {form.values.oneOff.map((_row, index) => (
                      <WindowRow key={index} form={form} name={`oneOff.${index}`} label={`One-off slot ${index + 1}`} onRemove={() => rows.remove(index)}>
                        <Input size="sm" type="date" width={{ base: 'full', sm: '44' }} name={`oneOff.${index}.date`} value={form.values.oneOff[index].date} onChange={form.handleChange} aria-label={`Date of one-off slot ${index + 1}`} />
                      </WindowRow>
                    ))}
                    {listError('oneOff') && (
                      <Text color="fg.error" fontSize="sm" role="alert">
                        {listError('oneOff')}
                      </Text>
                    )}
                    <Button alignSelf="start" size="sm" variant="outline" onClick={() => rows.push({ date: zonedDate(new Date(Date.now() + 86_400_000), form.values.timeZone), start: '10:00', end: '12:00' })}>
                      <LuPlus aria-hidden /> Add a one-off slot
                    </Button>
                  </Stack>
                )}
              </FieldArray>

              <Stack gap="3" as="fieldset">
                <Text as="legend" fontWeight="semibold" mb="2">
                  Blocked dates
                </Text>
                <Wrap gap="2">
                  {form.values.blockedDates.map((day) => (
                    <Tag.Root key={day} size="lg" colorPalette="gray">
                      <Tag.Label>{day}</Tag.Label>
                      <Tag.EndElement>
                        <Tag.CloseTrigger aria-label={`Unblock ${day}`} onClick={() => void form.setFieldValue('blockedDates', form.values.blockedDates.filter((d) => d !== day))} />
                      </Tag.EndElement>
                    </Tag.Root>
                  ))}
                </Wrap>
                <HStack gap="2" align="end">
                  <Field.Root maxW="52">
                    <Field.Label fontSize="sm">Date to block</Field.Label>
                    <Input size="sm" type="date" value={blocked} onChange={(event) => setBlocked(event.currentTarget.value)} />
                  </Field.Root>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!blocked}
                    onClick={() => {
                      if (!form.values.blockedDates.includes(blocked)) void form.setFieldValue('blockedDates', [...form.values.blockedDates, blocked].sort());
                      setBlocked('');
                    }}
                  >
                    Block
                  </Button>
                </HStack>
              </Stack>

              <Button type="submit" colorPalette="teal" alignSelf={{ base: 'stretch', sm: 'start' }} loading={form.isSubmitting} loadingText="Saving" data-testid="save-availability">
                Save availability
              </Button>
            </Stack>
          </form>
        </FormikProvider>
      </Card.Body>
    </Card.Root>
  );
}

/** A window's day part (a weekday or a date), its start and end, each row's errors, and Remove. */
function WindowRow({ form, name, label, onRemove, children }: { form: FormikProps<Availability>; name: string; label: string; onRemove(): void; children: React.ReactNode }) {
  const error = (field: string) => {
    const message: unknown = getIn(form.errors, `${name}.${field}`);
    return typeof message === 'string' ? message : null;
  };
  const errors = [error('weekday'), error('date'), error('start'), error('end')].filter(Boolean);
  return (
    <Box role="group" aria-label={label} data-testid="window-row">
      <Flex gap="2" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }}>
        {children}
        <HStack gap="2">
          <Input size="sm" type="time" step={300} name={`${name}.start`} value={getIn(form.values, `${name}.start`)} onChange={form.handleChange} aria-label={`${label} starts`} />
          <Text aria-hidden>to</Text>
          <Input size="sm" type="time" step={300} name={`${name}.end`} value={getIn(form.values, `${name}.end`)} onChange={form.handleChange} aria-label={`${label} ends`} />
          <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
            <LuTrash2 />
          </IconButton>
        </HStack>
      </Flex>
      {errors.length > 0 && (
        <Text color="fg.error" fontSize="sm" mt="1">
          {errors[0]}
        </Text>
      )}
    </Box>
  );
}

function OpenHouses({ property }: { property: ListingViewingSetupQuery['property'] }) {
  const [schedule] = useScheduleOpenHouseMutation({ refetchQueries: ['ListingViewingSetup'] });
  const [remove] = useCancelOpenHouseMutation({ refetchQueries: ['ListingViewingSetup'] });
  const removing = useBusyItems();
  const canHold = property.status === 'verified' && property.saleState !== 'sold';
  const form = useFormik({
    initialValues: { date: '', start: '10:00', end: '12:00', note: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.date) errors.date = 'Choose a date';
      if (!values.start) errors.start = 'Choose a start';
      if (!values.end) errors.end = 'Choose an end';
      if (values.note.length > OPEN_HOUSE_NOTE_MAX_LENGTH) errors.note = `A note is at most ${OPEN_HOUSE_NOTE_MAX_LENGTH} characters`;
      return errors;
    },
    onSubmit: async (values, helpers) => {
      try {
        await schedule({
          variables: {
            propertyId: property.id,
            startsAt: zonedInstant(values.date, values.start, property.timeZone).toISOString(),
            endsAt: zonedInstant(values.date, values.end, property.timeZone).toISOString(),
            note: values.note.trim() || null,
          },
        });
        toaster.create({ type: 'success', title: 'Open house added', description: 'Buyers who saved this home have been told.' });
        helpers.resetForm();
      } catch (error) {
        toaster.create({ type: 'error', title: 'Open house not added', description: errorMessage(error, 'Please try again.') });
      }
    },
  });
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="open-houses-heading">
      <Card.Body gap="4">
        <Heading as="h2" id="open-houses-heading" size="lg">
          Open houses
        </Heading>
        {property.openHouses.length ? (
          <Stack as="ul" listStyleType="none" gap="2" aria-label="Coming open houses">
            {property.openHouses.map((openHouse) => (
              <HStack as="li" key={openHouse.id} justify="space-between" borderWidth="1px" rounded="md" p="3" gap="3" data-testid="open-house">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium">
                    {localRange(openHouse)}
                  </Text>
                  {openHouse.note && (
                    <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                      {openHouse.note}
                    </Text>
                  )}
                </Stack>
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`Remove the open house of ${formatWallDateTime(openHouse.localStart)}`}
                  loading={removing.isBusy(openHouse.id)}
                  onClick={() =>
                    removing.run(openHouse.id, async () => {
                      try {
                        await remove({ variables: { id: openHouse.id } });
                      } catch (error) {
                        toaster.create({ type: 'error', title: 'Not removed', description: errorMessage(error, '') || undefined });
                      }
                    })
                  }
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            No open houses planned.
          </Text>
        )}
        {canHold ? (
          <form onSubmit={form.handleSubmit} noValidate aria-label="Add an open house">
            <Stack gap="3">
              <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'end' }}>
                <Field.Root invalid={Boolean(form.touched.date && form.errors.date)}>
                  <Field.Label>Date</Field.Label>
                  <Input type="date" name="date" value={form.values.date} onChange={form.handleChange} onBlur={form.handleBlur} />
                  <Field.ErrorText>{form.errors.date}</Field.ErrorText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>From</Field.Label>
                  <Input type="time" step={300} name="start" value={form.values.start} onChange={form.handleChange} />
                </Field.Root>
                <Field.Root>
                  <Field.Label>To</Field.Label>
                  <Input type="time" step={300} name="end" value={form.values.end} onChange={form.handleChange} />
                </Field.Root>
              </Flex>
              <Field.Root invalid={Boolean(form.errors.note)}>
                <Field.Label>Note (optional)</Field.Label>
                <Textarea name="note" rows={2} value={form.values.note} onChange={form.handleChange} maxLength={OPEN_HOUSE_NOTE_MAX_LENGTH} placeholder="Parking, which door to use…" />
                <Field.ErrorText>{form.errors.note}</Field.ErrorText>
              </Field.Root>
              <Text fontSize="sm" color="fg.muted">
                Times are in {zonePlace(property.timeZone)} time.
              </Text>
              <Button type="submit" colorPalette="teal" alignSelf={{ base: 'stretch', sm: 'start' }} loading={form.isSubmitting} loadingText="Adding">
                Add open house
              </Button>
            </Stack>
          </form>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Open houses can be added once the listing is verified, and not after it is sold.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
