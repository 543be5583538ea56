// Admin: listings with open reports, most-reported first, then newest; each
// action (dismiss, reject the listing, mark the agent as fraud) needs a note.
import { Badge, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { REPORT_REASON_LABELS } from '@opennest/common/validation/report';
import { errorMessage } from '../app/errors';
import { useModerationQueueQuery, useResolveReportsMutation, type ModerationAction, type ModerationQueueQuery } from './reports.generated';
import { PageHeader } from '../properties/page-parts';
import { ListCard } from '../ui/CardList';
import { ReportCards } from './ReportCards';
import { toaster } from '../ui/toaster';
import { plural } from '../ui/plural';

const ACTIONS: Array<{ action: ModerationAction; label: string; done: string; palette: string }> = [
  { action: 'DISMISS', label: 'Dismiss', done: 'Reports dismissed', palette: 'gray' },
  { action: 'REJECT_LISTING', label: 'Reject listing', done: 'Listing rejected', palette: 'red' },
  { action: 'MARK_AGENT_FRAUD', label: 'Mark agent as fraud', done: 'Agent marked as fraud', palette: 'red' },
];

type Item = ModerationQueueQuery['moderationQueue'][number];

function ModerationCard({ item, onDone }: { item: Item; onDone(): void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resolve, { loading }] = useResolveReportsMutation();
  const act = async (action: (typeof ACTIONS)[number]) => {
    if (!note.trim()) {
      setError('A note is required');
      return;
    }
    try {
      await resolve({ variables: { propertyId: item.property.id, action: action.action, note } });
      toaster.create({ type: 'success', title: action.done, description: `“${item.property.title}”: the reporters can see your note.` });
      onDone();
    } catch (failure) {
      toaster.create({ type: 'error', title: 'Could not act on the reports', description: errorMessage(failure, 'Something went wrong') });
    }
  };
  return (
    <ListCard testId="moderation-item">
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="semibold">{item.property.title}</Text>
        <Badge colorPalette="red">{plural(item.openReportCount, 'open report')}</Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {item.property.location} · agent {item.agent.name}
      </Text>
      <Stack as="ul" listStyleType="none" gap="1" fontSize="sm">
        {item.reports.map((report) => (
          <li key={report.id}>
            {REPORT_REASON_LABELS[report.reason]}
            {report.details && `: ${report.details}`}
          </li>
        ))}
      </Stack>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>Note for the reporters</Field.Label>
        <Textarea
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setError(null);
          }}
          rows={2}
          maxLength={1000}
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        {ACTIONS.map((action) => (
          <Button key={action.action} size="sm" variant="outline" colorPalette={action.palette} loading={loading} onClick={() => void act(action)} aria-label={`${action.label}: ${item.property.title}`}>
            {action.label}
          </Button>
        ))}
      </HStack>
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
  return (
    <>
      <PageHeader title="Moderation" subtitle="Reported listings, most-reported first." />
      <ReportCards {...LIST} query={queue} items={queue.data?.moderationQueue}>
        {(item) => <ModerationCard key={item.property.id} item={item} onDone={() => void queue.refetch()} />}
      </ReportCards>
    </>
  );
}
