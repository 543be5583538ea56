import { Link, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuInbox } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useAllPropertiesQuery, useRejectPropertyMutation, useVerifyPropertyMutation, type AllPropertiesQuery, type PropertyStatus } from './properties.generated';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { priceRange } from './format';
import { DataTable, DataTableSkeleton, DecisionCell, type TableFrame } from '../ui/DataTable';
import { usePagedQuery } from '../ui/paging';
import { SelectField } from '../ui/SelectField';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { AgentCell, PageHeader, StatusBadge } from './page-parts';
import { evictVerifiedProperties } from './properties.cache';

const PAGE_SIZE = 24;
const FILTERS: Array<{ value: '' | PropertyStatus; label: string }> = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
];

type Decision = 'verify' | 'reject';
type PropertyRow = AllPropertiesQuery['allProperties']['nodes'][number];

interface PendingDecision {
  property: PropertyRow;
  decision: Decision;
}

const TABLE: TableFrame = {
  label: 'All properties',
  minW: '4xl',
  columns: [{ label: 'Title' }, { label: 'Location' }, { label: 'Agent' }, { label: 'Price range' }, { label: 'Status' }, { label: 'Actions', textAlign: 'end' }],
};

/**
 * Admin: every listing, newest first; Verify and Reject on pending ones (spec
 * section 2). Neither can be undone, so each asks first, then says how it went.
 */
export default function ManagePropertiesPage() {
  const [status, setStatus] = useState<'' | PropertyStatus>('');
  const [busy, setBusy] = useState<Record<string, Decision>>({});
  const allProperties = useAllPropertiesQuery({
    variables: { status: status || null, first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  // The answers carry id and status, so the row (and every list holding it) updates from the cache.
  const [verifyProperty] = useVerifyPropertyMutation();
  const [rejectProperty] = useRejectPropertyMutation();

  const { nodes: rows, paging } = usePagedQuery(allProperties, (data) => data.allProperties, 'properties', status);

  // After a decision the row's buttons are gone: focus goes to the heading.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const decide = async ({ property: { id, title }, decision }: PendingDecision): Promise<boolean> => {
    setBusy((current) => ({ ...current, [id]: decision }));
    try {
      // A newly verified listing belongs in the buyers' list: load that afresh.
      const options = { variables: { id }, update: evictVerifiedProperties };
      if (decision === 'verify') await verifyProperty(options);
      else await rejectProperty(options);
      toaster.create({
        type: 'success',
        title: decision === 'verify' ? `"${title}" verified` : `"${title}" rejected`,
        description: decision === 'verify' ? 'Buyers can now find it on All Properties.' : 'It stays off All Properties, and its agent can no longer edit it.',
      });
      return true;
    } catch (decisionError) {
      // Spec: status update errors are only logged; a toast tells the admin too.
      toaster.create({ type: 'error', title: `Could not ${decision} "${title}"`, description: errorMessage(decisionError, 'Something went wrong') });
      return false;
    } finally {
      setBusy(({ [id]: _done, ...rest }) => rest);
    }
  };
  const confirmation = useConfirmAction(decide, headingRef);
  const asked = confirmation.item;


  const filter = (
    <SelectField label="Status" width={{ base: 'full', sm: '48' }} value={status} options={FILTERS} onChange={(value) => setStatus(value as '' | PropertyStatus)} />
  );

  const table = (rows: PropertyRow[]) => (
    <DataTable {...TABLE} paging={paging}>
      {rows.map((property) => (
        <Table.Row key={property.id} data-testid="property-row">
          <Table.Cell maxW="56">
            <Link asChild fontWeight="medium" color="teal.700" lineClamp={2}>
              <RouterLink to={`/propertyDetails/${property.id}`}>{property.title}</RouterLink>
            </Link>
          </Table.Cell>
          <Table.Cell maxW="48">
            <Text lineClamp={2}>{property.location}</Text>
          </Table.Cell>
          <AgentCell agent={property.agent} />
          <Table.Cell whiteSpace="nowrap">{priceRange(property.priceMin, property.priceMax)}</Table.Cell>
          <Table.Cell>
            <StatusBadge status={property.status} />
          </Table.Cell>
          <DecisionCell
            pending={property.status === 'pending'}
            disabled={Boolean(busy[property.id])}
            approve={{ label: 'Verify', ariaLabel: `Verify ${property.title}`, loading: busy[property.id] === 'verify', onClick: () => confirmation.ask({ property, decision: 'verify' }) }}
            reject={{ label: 'Reject', ariaLabel: `Reject ${property.title}`, loading: busy[property.id] === 'reject', onClick: () => confirmation.ask({ property, decision: 'reject' }) }}
          />
        </Table.Row>
      ))}
    </DataTable>
  );

  return (
    <>
      <PageHeader
        title="Manage Properties"
        headingRef={headingRef}
        subtitle={rows ? `Showing ${rows.length} ${status || ''} ${rows.length === 1 ? 'property' : 'properties'}, newest first.`.replace(/\s+/g, ' ') : 'Verify or reject new listings.'}
        actions={filter}
      />
      <QueryState
        query={allProperties}
        data={rows}
        skeleton={<DataTableSkeleton {...TABLE} rows={6} />}
        errorTitle="Could not load properties"
        empty={<EmptyNotice icon={<LuInbox />} title={status ? `No ${status} properties` : 'No properties yet'} />}
      >
        {table}
      </QueryState>
      <ConfirmDialog
        {...confirmation.dialog}
        testId="confirm-property-decision"
        {...(asked?.decision === 'verify'
          ? { title: `Verify "${asked.property.title}"?`, confirmLabel: 'Verify', busyLabel: 'Verifying...', tone: 'positive' as const }
          : { title: `Reject "${asked?.property.title}"?`, confirmLabel: 'Reject', busyLabel: 'Rejecting...' })}
      >
        <Text>
          {asked?.decision === 'verify'
            ? `It goes live on All Properties for every buyer. A verified listing cannot be set back to pending.`
            : `It stays off All Properties and ${asked?.property.agent.name} can no longer edit it. This cannot be undone.`}
        </Text>
      </ConfirmDialog>
    </>
  );
}
