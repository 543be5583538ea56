import { Button, Field, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useState } from 'react';
import { LuCalendarClock, LuStar } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { FEEDBACK_MAX_LENGTH, viewingFeedbackSchema } from '@opennest/common/validation/viewing';
import { errorMessage } from '../app/errors';
import { PageHeader } from '../properties/page-parts';
import { CardList, ListCard, LoadingBlock } from '../ui/CardList';
import { FormDialog } from '../ui/FormDialog';
import { itemAttributes, useHighlightedItem } from '../ui/highlighted-item';
import { BrowsePropertiesButton } from '../ui/LinkButton';
import { usePagedQuery } from '../ui/paging';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { CalendarInviteButton, EndedNote, ReasonDialog, viewingWhen, ViewingStatusBadge } from './viewing-parts';
import { useAcceptProposedTimeMutation, useCancelMyViewingMutation, useGiveViewingFeedbackMutation, useMyViewingsListQuery, type MyViewingsListQuery, type ViewingsWhen } from './viewings.generated';

type MyViewing = MyViewingsListQuery['myViewings']['nodes'][number];

/**
 * Buyer: their viewings, upcoming (soonest first) or past (latest first). A
 * proposed new time can be accepted; one not yet started can be cancelled with
 * a reason; a held one can be rated once; each adds to a calendar.
 */
export default function MyViewingsPage() {
  const [when, setWhen] = useState<ViewingsWhen>('UPCOMING');
  const viewings = useMyViewingsListQuery({ variables: { when }, fetchPolicy: 'cache-and-network' });
  const { nodes, paging } = usePagedQuery(viewings, (data) => data.myViewings, 'viewings', when);
  const highlighted = useHighlightedItem(Boolean(nodes));
  const [cancelling, setCancelling] = useState<MyViewing | null>(null);
  const [rating, setRating] = useState<MyViewing | null>(null);
  const [accept, { loading: accepting }] = useAcceptProposedTimeMutation();
  const [cancel] = useCancelMyViewingMutation();

  const acceptTime = async (viewing: MyViewing) => {
    try {
      await accept({ variables: { id: viewing.id } });
      toaster.create({ type: 'success', title: 'Viewing confirmed', description: `${viewing.property.title}: ${viewingWhen(viewing)}.` });
    } catch (error) {
      toaster.create({ type: 'error', title: 'Could not accept the new time', description: errorMessage(error, '') || undefined });
      await viewings.refetch().catch(() => undefined);
    }
  };

  return (
    <Stack gap="0">
      <PageHeader title="My Viewings" subtitle="Viewings you booked or asked for, in each home's local time." />
      <HStack gap="2" mb="4" role="group" aria-label="Which viewings">
        {(['UPCOMING', 'PAST'] as const).map((value) => (
          <Button key={value} size="sm" variant={when === value ? 'solid' : 'outline'} colorPalette="teal" aria-pressed={when === value} onClick={() => setWhen(value)}>
            {value === 'UPCOMING' ? 'Upcoming' : 'Past'}
          </Button>
        ))}
      </HStack>
      <QueryState
        query={viewings}
        data={nodes}
        skeleton={<LoadingBlock label="Loading your viewings" />}
        errorTitle="Could not load your viewings"
        empty={
          <EmptyNotice
            icon={<LuCalendarClock />}
            title={when === 'UPCOMING' ? 'No upcoming viewings' : 'No past viewings'}
            description={when === 'UPCOMING' ? 'Book a viewing from a home’s page: pick a free time, or propose one.' : 'Viewings you have been to appear here, for your feedback.'}
            testId="viewings-empty"
          >
            <BrowsePropertiesButton />
          </EmptyNotice>
        }
      >
        {(loaded) => (
          <CardList label={when === 'UPCOMING' ? 'Upcoming viewings' : 'Past viewings'} items={loaded} paging={paging} testId="my-viewings">
            {(viewing) => (
              <ListCard
                key={viewing.id}
                testId="my-viewing"
                data={{ ...itemAttributes(viewing.id, highlighted), 'data-status': viewing.status }}
                actions={
                  <>
                    {viewing.status === 'proposed' && !viewing.held && (
                      <Button size="sm" colorPalette="teal" loading={accepting} onClick={() => acceptTime(viewing)} aria-label={`Accept new time for ${viewing.property.title}`}>
                        Accept new time
                      </Button>
                    )}
                    {(viewing.status === 'confirmed' || viewing.status === 'requested' || viewing.status === 'proposed') && when === 'UPCOMING' && (
                      <>
                        <CalendarInviteButton invite={viewing.calendarInvite} title={viewing.property.title} />
                        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setCancelling(viewing)} aria-label={`Cancel the viewing of ${viewing.property.title}`}>
                          Cancel
                        </Button>
                      </>
                    )}
                    {viewing.held && !viewing.feedbackGiven && (
                      <Button size="sm" colorPalette="teal" onClick={() => setRating(viewing)} aria-label={`Leave feedback on ${viewing.property.title}`}>
                        <LuStar aria-hidden /> Leave feedback
                      </Button>
                    )}
                    {viewing.feedbackGiven && (
                      <Text fontSize="sm" color="fg.muted" data-testid="feedback-given">
                        Feedback sent
                      </Text>
                    )}
                  </>
                }
              >
                <HStack gap="2" wrap="wrap">
                  {viewing.property.noLongerListed ? (
                    <Text fontWeight="semibold">{viewing.property.title}</Text>
                  ) : (
                    <Link asChild fontWeight="semibold" color="teal.700">
                      <RouterLink to={`/propertyDetails/${viewing.property.id}`}>{viewing.property.title}</RouterLink>
                    </Link>
                  )}
                  <ViewingStatusBadge viewing={viewing} />
                </HStack>
                <Text data-testid="viewing-when">{viewingWhen(viewing)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  With {viewing.agent.name}
                  {viewing.property.location ? ` · ${viewing.property.location}` : ''}
                </Text>
                {viewing.status === 'requested' && (
                  <Text fontSize="sm" color="fg.muted">
                    Waiting for the agent to confirm this time.
                  </Text>
                )}
                {viewing.status === 'proposed' && (
                  <Text fontSize="sm" color="purple.700">
                    The agent proposed this time. Accept it, or cancel.
                  </Text>
                )}
                <EndedNote viewing={viewing} />
              </ListCard>
            )}
          </CardList>
        )}
      </QueryState>
      <ReasonDialog
        open={Boolean(cancelling)}
        title={cancelling ? `Cancel the viewing of ${cancelling.property.title}?` : 'Cancel the viewing?'}
        submitLabel="Cancel viewing"
        busyLabel="Cancelling"
        onClose={() => setCancelling(null)}
        onSubmit={async (reason) => {
          await cancel({ variables: { id: cancelling!.id, reason } });
          toaster.create({ type: 'success', title: 'Viewing cancelled', description: 'The agent has been told.' });
        }}
      />
      <FeedbackDialog viewing={rating} onClose={() => setRating(null)} />
    </Stack>
  );
}

function FeedbackDialog({ viewing, onClose }: { viewing: MyViewing | null; onClose(): void }) {
  const [give] = useGiveViewingFeedbackMutation();
  const form = useFormik({
    initialValues: { rating: '', text: '' },
    validationSchema: viewingFeedbackSchema,
    onSubmit: async (values, helpers) => {
      try {
        await give({ variables: { id: viewing!.id, rating: Number(values.rating), text: values.text.trim() } });
        toaster.create({ type: 'success', title: 'Thank you', description: 'The agent can read your feedback now.' });
        helpers.resetForm();
        onClose();
      } catch (error) {
        toaster.create({ type: 'error', title: 'Feedback not sent', description: errorMessage(error, 'Please try again.') });
      }
    },
  });
  // One dialog serves every viewing: a rating or text left unsent is not offered for the next one.
  const dismiss = () => {
    form.resetForm();
    onClose();
  };
  return (
    <FormDialog open={Boolean(viewing)} title={viewing ? `How was ${viewing.property.title}?` : 'Feedback'} submitting={form.isSubmitting} submitLabel="Send feedback" busyLabel="Sending" onSubmit={form.handleSubmit} onClose={dismiss}>
      <Text fontSize="sm" color="fg.muted">
        Only the agent (and OpenNest's admins) read it.
      </Text>
      <Field.Root invalid={Boolean(form.touched.rating && form.errors.rating)}>
        <Field.Label id="rating-label">Rating</Field.Label>
        <HStack gap="2" wrap="wrap" role="group" aria-labelledby="rating-label">
          {['1', '2', '3', '4', '5'].map((value) => (
            <Button
              key={value}
              size="sm"
              minW="10"
              variant={form.values.rating === value ? 'solid' : 'outline'}
              colorPalette="teal"
              aria-pressed={form.values.rating === value}
              aria-label={`${value} of 5`}
              onClick={() => void form.setFieldValue('rating', value)}
              data-testid={`rating-${value}`}
            >
              {value} ★
            </Button>
          ))}
        </HStack>
        <Field.HelperText>1 poor, 5 excellent</Field.HelperText>
        <Field.ErrorText>{form.errors.rating}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(form.touched.text && form.errors.text)}>
        <Field.Label>What did you think?</Field.Label>
        <Textarea name="text" value={form.values.text} onChange={form.handleChange} onBlur={form.handleBlur} rows={4} maxLength={FEEDBACK_MAX_LENGTH} />
        <Field.ErrorText>{form.errors.text}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
