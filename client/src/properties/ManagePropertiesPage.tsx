import { Button, EmptyState, Field, HStack, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { ApolloCache } from '@apollo/client';
import { useState } from 'react';
import { LuCheck, LuInbox, LuX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useAllPropertiesQuery, useRejectPropertyMutation, useVerifyPropertyMutation, type PropertyStatus } from '../graphql/generated';
import { toaster } from '../ui/toaster';
import { priceRange } from './format';
import { QueryError } from '../ui/QueryError';
import { LoadMoreButton, SkeletonRows, useLoadMore } from '../ui/paging';
import { PageHeader, StatusBadge } from './page-parts';

const PAGE_SIZE = 24;
const FILTERS: Array<{ value: '' | PropertyStatus; label: string }> = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
];

type Decision = 'verify' | 'reject';

/** Admin: every listing, newest first; Verify and Reject on pending ones (spec section 2). */
export default function ManagePropertiesPage() {
  const [status, setStatus] = useState<'' | PropertyStatus>('');
  const [busy, setBusy] = useState<Record<string, Decision>>({});
  const { data, error, refetch, fetchMore } = useAllPropertiesQuery({
    variables: { status: status || null, first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  // The answers carry id and status, so the row (and every list holding it) updates from the cache.
  const [verifyProperty] = useVerifyPropertyMutation();
  const [rejectProperty] = useRejectPropertyMutation();

  const connection = data?.allProperties;
  const rows = connection?.nodes;

  const decide = async (id: string, title: string, decision: Decision) => {
    setBusy((current) => ({ ...current, [id]: decision }));
    try {
      // A newly verified listing belongs in the buyers' list: load that afresh.
      const options = { variables: { id }, update: (cache: ApolloCache) => void cache.evict({ id: 'ROOT_QUERY', fieldName: 'verifiedProperties' }) };
      if (decision === 'verify') await verifyProperty(options);
      else await rejectProperty(options);
    } catch (decisionError) {
      // Spec: status update errors are only logged; a toast tells the admin too.
      toaster.create({ type: 'error', title: `Could not ${decision} "${title}"`, description: errorMessage(decisionError, 'Something went wrong') });
    } finally {
      setBusy(({ [id]: _done, ...rest }) => rest);
    }
  };

  const { loadMore, loadingMore, hasMore } = useLoadMore(connection?.pageInfo, fetchMore);

  const filter = (
    <Field.Root width={{ base: 'full', sm: '48' }}>
      <Field.Label>Status</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={status} onChange={(event) => setStatus(event.currentTarget.value as '' | PropertyStatus)}>
          {FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  let content;
  if (!rows && error) {
    content = <QueryError title="Could not load properties" error={error} onRetry={() => refetch()} />;
  } else if (rows && rows.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuInbox />
          </EmptyState.Indicator>
          <EmptyState.Title>{status ? `No ${status} properties` : 'No properties yet'}</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <Stack gap="4">
        <Table.ScrollArea borderWidth="1px" rounded="lg">
          <Table.Root size="sm" minW="4xl" aria-label="All properties" aria-busy={!rows}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Title</Table.ColumnHeader>
                <Table.ColumnHeader>Location</Table.ColumnHeader>
                <Table.ColumnHeader>Agent</Table.ColumnHeader>
                <Table.ColumnHeader>Price range</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows
                ? rows.map((property) => (
                    <Table.Row key={property.id} data-testid="property-row">
                      <Table.Cell maxW="56">
                        <Link asChild fontWeight="medium" color="teal.700" lineClamp={2}>
                          <RouterLink to={`/propertyDetails/${property.id}`}>{property.title}</RouterLink>
                        </Link>
                      </Table.Cell>
                      <Table.Cell maxW="48">
                        <Text lineClamp={2}>{property.location}</Text>
                      </Table.Cell>
                      <Table.Cell>
                        <Text>{property.agent.name}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          {property.agent.email}
                        </Text>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{priceRange(property.priceMin, property.priceMax)}</Table.Cell>
                      <Table.Cell>
                        <StatusBadge status={property.status} />
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        {property.status === 'pending' ? (
                          <HStack gap="2" justify="end">
                            <Button
                              size="xs"
                              colorPalette="green"
                              aria-label={`Verify ${property.title}`}
                              loading={busy[property.id] === 'verify'}
                              disabled={Boolean(busy[property.id])}
                              onClick={() => void decide(property.id, property.title, 'verify')}
                            >
                              <LuCheck aria-hidden /> Verify
                            </Button>
                            <Button
                              size="xs"
                              colorPalette="red"
                              variant="outline"
                              aria-label={`Reject ${property.title}`}
                              loading={busy[property.id] === 'reject'}
                              disabled={Boolean(busy[property.id])}
                              onClick={() => void decide(property.id, property.title, 'reject')}
                            >
                              <LuX aria-hidden /> Reject
                            </Button>
                          </HStack>
                        ) : (
                          <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                            No actions
                          </Text>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))
                : <SkeletonRows rows={6} columns={6} />}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {hasMore && <LoadMoreButton onClick={() => void loadMore()} loading={loadingMore} />}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Manage Properties"
        subtitle={rows ? `Showing ${rows.length} ${status || ''} ${rows.length === 1 ? 'property' : 'properties'}, newest first.`.replace(/\s+/g, ' ') : 'Verify or reject new listings.'}
        actions={filter}
      />
      {content}
    </>
  );
}
