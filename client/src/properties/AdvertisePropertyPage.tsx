import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuMegaphone, LuShieldCheck } from 'react-icons/lu';
import { errorMessage } from '../app/errors';
import { useAdvertisePropertyMutation, useAllPropertiesQuery, type AllPropertiesQuery } from './properties.generated';
import { useAlert } from '../ui/alerts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { priceRange } from './format';
import { DataTable, DataTableSkeleton, type TableFrame } from '../ui/DataTable';
import { usePagedQuery } from '../ui/paging';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { LinkButton } from '../ui/LinkButton';
import { AgentCell, PageHeader, StatusBadge, ListingCells } from './page-parts';
import { evictAdvertisedProperties } from './properties.cache';

const PAGE_SIZE = 24;

type PropertyRow = AllPropertiesQuery['allProperties']['nodes'][number];

const TABLE: TableFrame = {
  label: 'Verified properties',
  minW: '4xl',
  columns: [
    { label: 'Image' },
    { label: 'Title' },
    { label: 'Location' },
    { label: 'Price' },
    { label: 'Agent' },
    { label: 'Status' },
    { label: 'Advertise', textAlign: 'end' },
  ],
};

/** Admin: verified listings, each of which can be put on the home page once (spec section 2). */
export default function AdvertisePropertyPage() {
  const alert = useAlert();
  const [advertising, setAdvertising] = useState<string | null>(null);
  const verifiedProperties = useAllPropertiesQuery({
    variables: { status: 'verified', first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [advertiseProperty] = useAdvertisePropertyMutation({ update: evictAdvertisedProperties });

  const { nodes: rows, paging } = usePagedQuery(verifiedProperties, (data) => data.allProperties, 'properties');

  // After advertising, the row's button is disabled: focus goes to the heading.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const advertise = async ({ id, title }: PropertyRow): Promise<boolean> => {
    setAdvertising(id);
    try {
      await advertiseProperty({ variables: { id } });
    } catch (advertiseError) {
      toaster.create({ type: 'error', title: `Could not advertise "${title}"`, description: errorMessage(advertiseError, 'Something went wrong') });
      return false;
    } finally {
      setAdvertising(null);
    }
    void verifiedProperties.refetch();
    // Spec: a 'Success' dialog; like every success alert it closes by itself after 2 s.
    void alert.show({ status: 'success', title: 'Success', text: 'Property advertised successfully!', autoCloseMs: 2000 });
    return true;
  };
  const confirmation = useConfirmAction(advertise, headingRef);

  const table = (rows: PropertyRow[]) => (
    <DataTable {...TABLE} paging={paging}>
      {rows.map((property) => (
        <Table.Row key={property.id} data-testid="advertise-row">
          <ListingCells property={property} />
          <Table.Cell whiteSpace="nowrap">{priceRange(property.priceMin, property.priceMax)}</Table.Cell>
          <AgentCell agent={property.agent} />
          <Table.Cell>
            <Stack gap="1" align="start">
              <StatusBadge status={property.status} />
              {property.isAdvertised && <Badge colorPalette="purple">Advertised</Badge>}
            </Stack>
          </Table.Cell>
          <Table.Cell textAlign="end">
            <Button
              size="xs"
              colorPalette={property.isAdvertised ? 'gray' : 'teal'}
              variant={property.isAdvertised ? 'outline' : 'solid'}
              // Disabled but still legible: the label tells the state.
              _disabled={property.isAdvertised ? { opacity: 0.8, cursor: 'not-allowed' } : undefined}
              aria-label={property.isAdvertised ? `Advertised: ${property.title}` : `Advertise ${property.title}`}
              disabled={property.isAdvertised || (advertising !== null && advertising !== property.id)}
              loading={advertising === property.id}
              onClick={() => confirmation.ask(property)}
            >
              <LuMegaphone aria-hidden /> {property.isAdvertised ? 'Advertised' : 'Advertise'}
            </Button>
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );

  return (
    <>
      <PageHeader title="Advertise Property" headingRef={headingRef} subtitle="Advertised properties appear on the home page. Advertising cannot be undone." />
      <QueryState
        query={verifiedProperties}
        data={rows}
        skeleton={<DataTableSkeleton {...TABLE} rows={5} />}
        errorTitle="Could not load verified properties"
        empty={
          <EmptyNotice icon={<LuMegaphone />} title="No verified properties yet" description="Verify listings on Manage Properties; they can be advertised here.">
            <LinkButton to="/dash-board/manage-properties" icon={LuShieldCheck} variant="outline" size="md">
              Manage Properties
            </LinkButton>
          </EmptyNotice>
        }
      >
        {table}
      </QueryState>
      <ConfirmDialog
        {...confirmation.dialog}
        testId="confirm-advertise"
        title={`Advertise "${confirmation.item?.title}"?`}
        confirmLabel="Advertise"
        busyLabel="Advertising..."
        tone="positive"
      >
        <Text>It appears on the home page for every visitor. Advertising cannot be undone.</Text>
      </ConfirmDialog>
    </>
  );
}
