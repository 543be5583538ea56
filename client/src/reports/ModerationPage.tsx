// Admin: listings with open reports, most-reported first, then newest; each
// report says who made it and when; each action (dismiss, reject the listing,
// mark the agent as fraud) needs a note, and the two that cannot be undone ask
// first, as Manage Users does. Opened at a listing (`?item=`, a notification's
// link) the page scrolls to it and marks it.
import { Badge, Button, Field, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import { REPORT_REASON_LABELS } from '@opennest/common/validation/report';
import { errorMessage } from '../app/errors';
import { useModerationQueueQuery, useResolveReportsMutation, type ModerationAction, type ModerationQueueQuery } from './reports.generated';
import { PageHeader } from '../properties/page-parts';
import { ListCard } from '../ui/CardList';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirmAction } from '../ui/useConfirmAction';
import { itemAttributes, useHighlightedItem } from '../ui/highlighted-item';
import { ReportCards } from './ReportCards';
import { toaster } from '../ui/toaster';
import { plural } from '../ui/plural';
import { formatLocalDateTime } from '@opennest/common/local-time';

interface ActionInfo {
  action: ModerationAction;
  label: string;
  done: string;
  palette: string;
  /** Asked before acting (it cannot be undone): the dialog's title and text. */
  confirm?: { title: (item: Item) => string; text: (item: Item) => string; busy: string };
}

const ACTIONS: ActionInfo[] = [
  { action: 'DISMISS', label: 'Dismiss', done: 'Reports dismissed', palette: 'gray' },
  {
    action: 'REJECT_LISTING',
    label: 'Reject listing',
    done: 'Listing rejected',
    palette: 'red',
    confirm: {
      title: (item) => `Reject "${item.property.title}"?`,
      text: (item) => `It leaves All Properties for good and ${item.agent.name} can no longer edit it. The reporters see your note. This cannot be undone.`,
      busy: 'Rejecting...',
    },
  },
  {
    action: 'MARK_AGENT_FRAUD',
    label: 'Mark agent as fraud',
    done: 'Agent marked as fraud',
    palette: 'red',
    confirm: {
      title: (item) => `Mark ${item.agent.name} as fraud?`,
      text: (item) => `Every listing of ${item.agent.name} leaves the public lists, their pending offers are rejected and they lose agent features. This cannot be undone.`,
      busy: 'Marking...',
    },
  },
];

type Item = ModerationQueueQuery['moderationQueue'][number];

const NOTE_REQUIRED = 'A note is required';
const reportedOn = (iso: string) => formatLocalDateTime(new Date(iso));

function ModerationCard({ item, highlighted, headingRef, onDone }: { item: Item; highlighted: string | null; headingRef: RefObject<HTMLHeadingElement | null>; onDone(): void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resolve, { loading }] = useResolveReportsMutation();
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const run = async (action: ActionInfo): Promise<boolean> => {
    try {
      await resolve({ variables: { propertyId: item.property.id, action: action.action, note } });
      toaster.create({ type: 'success', title: action.done, description: `“${item.property.title}”: the reporters can see your note.` });
      onDone();
      return true;
    } catch (failure) {
      toaster.create({ type: 'error', title: 'Could not act on the reports', description: errorMessage(failure, 'Something went wrong') });
      return false;
    }
  };
  // After acting, the card is gone: focus goes to the page's heading.
  const confirmation = useConfirmAction(run, headingRef);
  const asked = confirmation.item;

  const act = (action: ActionInfo) => {
    if (!note.trim()) {
      setError(NOTE_REQUIRED);
      noteRef.current?.focus();
      return;
    }
    if (action.confirm) confirmation.ask(action);
    else void run(action);
  };

  return (
    <ListCard testId="moderation-item" data={itemAttributes(item.property.id, highlighted)}>
      <HStack gap="2" wrap="wrap">
        <Link asChild fontWeight="semibold" color="teal.700">
          <RouterLink to={`/propertyDetails/${item.property.id}`}>{item.property.title}</RouterLink>
        </Link>
        <Badge colorPalette="red">{plural(item.openReportCount, 'open report')}</Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {item.property.location} · agent {item.agent.name}
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" fontSize="sm" data-testid="moderation-reports">
        {item.reports.map((report) => (
          <li key={report.id} data-testid="moderation-report">
            <Text>
              <Text as="span" fontWeight="medium">
                {REPORT_REASON_LABELS[report.reason]}
              </Text>
              {report.details && `: ${report.details}`}
            </Text>
            <Text color="fg.muted" fontSize="xs">
              Reported by {report.reporter.name} on {reportedOn(report.createdAt)}
            </Text>
          </li>
        ))}
      </Stack>
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>
          Note for the reporters <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          ref={noteRef}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setError(null);
          }}
          rows={2}
          maxLength={1000}
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Required: the reporters see it with the outcome.</Field.HelperText>}
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        {ACTIONS.map((action) => (
          <Button key={action.action} size="sm" variant="outline" colorPalette={action.palette} loading={loading} onClick={() => act(action)} aria-label={`${action.label}: ${item.property.title}`}>
            {action.label}
          </Button>
        ))}
      </HStack>
      <ConfirmDialog
        {...confirmation.dialog}
        testId="confirm-moderation"
        title={asked?.confirm?.title(item) ?? ''}
        confirmLabel={asked?.label ?? ''}
        busyLabel={asked?.confirm?.busy ?? ''}
      >
        <Text>{asked?.confirm?.text(item)}</Text>
        <Text mt="3" fontSize="sm" color="fg.muted">
          Your note: “{note.trim()}”
        </Text>
      </ConfirmDialog>
    </ListCard>
  );
}

const LIST = {
  what: 'the reports',
  label: 'Reported listings',
  testId: 'moderation-queue',
  empty: { title: 'No open reports.', description: 'Reports of bad listings appear here.', testId: 'moderation-empty' },
};

export default function ModerationPage() {
  const queue = useModerationQueueQuery({ fetchPolicy: 'cache-and-network' });
  const items = queue.data?.moderationQueue;
  const highlighted = useHighlightedItem(Boolean(items));
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <PageHeader title="Moderation" subtitle="Reported listings, most-reported first." headingRef={headingRef} />
      <ReportCards {...LIST} query={queue} items={items}>
        {(item) => <ModerationCard key={item.property.id} item={item} highlighted={highlighted} headingRef={headingRef} onDone={() => void queue.refetch()} />}
      </ReportCards>
    </>
  );
}
