// My Reports: what the caller reported and what came of it.
import { Badge, HStack, Text } from '@chakra-ui/react';
import { REPORT_REASON_LABELS } from '@opennest/common/validation/report';
import { useMyReportsQuery, type ReportStatus } from './reports.generated';
import { PageHeader } from '../properties/page-parts';
import { NoLongerListedBadge } from '../properties/NoLongerListed';
import { ListCard } from '../ui/CardList';
import { ReportCards } from './ReportCards';

export const REPORT_OUTCOME: Record<ReportStatus, { label: string; colour: string }> = {
  open: { label: 'Open: an admin will look at it', colour: 'orange' },
  dismissed: { label: 'Dismissed', colour: 'gray' },
  listing_rejected: { label: 'Listing rejected', colour: 'red' },
  agent_marked_fraud: { label: 'Agent marked as fraud', colour: 'red' },
};

const LIST = {
  what: 'your reports',
  label: 'My reports',
  testId: 'my-reports',
  empty: { title: 'You have not reported any listing.', description: 'Use “Report this listing” on a listing’s page if something looks wrong.', testId: 'reports-empty' },
};

export default function MyReportsPage() {
  const reports = useMyReportsQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <>
      <PageHeader title="My Reports" subtitle="Listings you reported and what the admins did." />
      <ReportCards {...LIST} query={reports} items={reports.data?.myReports}>
        {(report) => (
          <ListCard key={report.id} testId="my-report" actions={<Badge colorPalette={REPORT_OUTCOME[report.status].colour}>{REPORT_OUTCOME[report.status].label}</Badge>}>
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{report.property.title}</Text>
              {report.property.noLongerListed && <NoLongerListedBadge />}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {REPORT_REASON_LABELS[report.reason]}
              {report.details && `: ${report.details}`}
            </Text>
            {report.resolutionNote && <Text fontSize="sm">Admin’s note: {report.resolutionNote}</Text>}
          </ListCard>
        )}
      </ReportCards>
    </>
  );
}
