import { Table } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuInbox } from 'react-icons/lu';
import { useAllPropertiesQuery, type AllPropertiesQuery, type PropertyStatus } from './properties.generated';
import { priceRange } from './format';
import { DataTable, DataTableSkeleton, DecisionCell, type TableFrame } from '../ui/DataTable';
import { usePagedQuery } from '../ui/paging';
import { SelectField } from '../ui/SelectField';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { AgentCell, PageHeader, StatusBadge, ListingCells } from './page-parts';
import { useListingDecision } from './listing-decision';
import { managePropertiesVariables } from './manage-properties.first-screen';

const FILTERS: Array<{ value: '' | PropertyStatus; label: string }> = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
];

type PropertyRow = AllPropertiesQuery['allProperties']['nodes'][number];

const TABLE: TableFrame = {
  label: 'All properties',
  minW: '4xl',
  columns: [{ label: 'Image' }, { label: 'Title' }, { label: 'Location' }, { label: 'Agent' }, { label: 'Price range' }, { label: 'Status' }, { label: 'Actions', textAlign: 'end' }],
};

/**
 * Admin: every listing, newest first, with its photo; Verify and Reject on
 * pending ones (spec section 2), each asking first (listing-decision.tsx).
 */
export default function ManagePropertiesPage() {
  const [status, setStatus] = useState<'' | PropertyStatus>('');
  const allProperties = useAllPropertiesQuery({
    variables: { ...managePropertiesVariables(status), status: status || null },
    fetchPolicy: 'cache-and-network',
  });

  const { nodes: rows, paging } = usePagedQuery(allProperties, (data) => data.allProperties, 'properties', status);

  // After a decision the row's buttons are gone: focus goes to the heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { busy, ask, dialog } = useListingDecision(headingRef);

  const filter = (
    <SelectField label="Status" width={{ base: 'full', sm: '48' }} value={status} options={FILTERS} onChange={(value) => setStatus(value as '' | PropertyStatus)} />
  );

  const table = (rows: PropertyRow[]) => (
    <DataTable {...TABLE} paging={paging}>
      {rows.map((property) => (
        <Table.Row key={property.id} data-testid="property-row">
          <ListingCells property={property} linked />
          <AgentCell agent={property.agent} />
          <Table.Cell whiteSpace="nowrap">{priceRange(property.priceMin, property.priceMax)}</Table.Cell>
          <Table.Cell>
            <StatusBadge status={property.status} />
          </Table.Cell>
          <DecisionCell
            pending={property.status === 'pending'}
            disabled={Boolean(busy[property.id])}
            approve={{ label: 'Verify', ariaLabel: `Verify ${property.title}`, loading: busy[property.id] === 'verify', onClick: () => ask(property, 'verify') }}
            reject={{ label: 'Reject', ariaLabel: `Reject ${property.title}`, loading: busy[property.id] === 'reject', onClick: () => ask(property, 'reject') }}
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
      {dialog}
    </>
  );
}
