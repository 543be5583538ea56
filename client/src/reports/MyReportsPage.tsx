// My Reports: what the caller reported and what came of it.
import { Badge, Text } from '@chakra-ui/react';
import { LuFlag } from 'react-icons/lu';
import { REPORT_REASON_LABELS } from '@opennest/common/validation/report';
import { useMyReportsQuery, type ReportStatus } from '../graphql/generated';
import { PageHeader } from '../properties/page-parts';
import { CardList, ListCard, LoadingBlock } from '../ui/CardList';
import { EmptyNotice, QueryState } from '../ui/QueryState';

export const REPORT_OUTCOME: Record<ReportStatus, { label: string; colour: string }> = {
  open: { label: 'Open: an admin will look at it', colour: 'orange' },
  dismissed: { label: 'Dismissed', colour: 'gray' },
  listing_rejected: { label: 'Listing rejected', colour: 'red' },
  agent_marked_fraud: { label: 'Agent marked as fraud', colour: 'red' },
};

export default function MyReportsPage() {
  const reports = useMyReportsQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <>
      <PageHeader title="My Reports" subtitle="Listings you reported and what the admins did." />
      <QueryState
        query={reports}
        data={reports.data?.myReports}
        skeleton={<LoadingBlock label="Loading your reports" />}
        errorTitle="Could not load your reports"
        empty={<EmptyNotice icon={<LuFlag />} title="You have not reported any listing." description="Use “Report this listing” on a listing’s page if something looks wrong." testId="reports-empty" />}
      >
        {(items) => (
          <CardList label="My reports" items={items} testId="my-reports">
            {(report) => (
              <ListCard key={report.id} testId="my-report" actions={<Badge colorPalette={REPORT_OUTCOME[report.status].colour}>{REPORT_OUTCOME[report.status].label}</Badge>}>
                <Text fontWeight="semibold">{report.property.title}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {REPORT_REASON_LABELS[report.reason]}
                  {report.details && `: ${report.details}`}
                </Text>
                {report.resolutionNote && <Text fontSize="sm">Admin’s note: {report.resolutionNote}</Text>}
              </ListCard>
            )}
          </CardList>
        )}
      </QueryState>
    </>
  );
}
