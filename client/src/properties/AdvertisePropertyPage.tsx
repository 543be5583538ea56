import { AspectRatio, Badge, Button, EmptyState, Image, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMegaphone } from 'react-icons/lu';
import { errorMessage } from '../app/errors';
import { useAdvertisePropertyMutation, useAllPropertiesQuery } from '../graphql/generated';
import { useAlert } from '../ui/alerts';
import { toaster } from '../ui/toaster';
import { priceRange } from './format';
import { QueryError } from '../ui/QueryError';
import { LoadMoreButton, SkeletonRows, useLoadMore } from '../ui/paging';
import { PageHeader, StatusBadge } from './page-parts';

const PAGE_SIZE = 24;

/** Admin: verified listings, each of which can be put on the home page once (spec section 2). */
export default function AdvertisePropertyPage() {
  const alert = useAlert();
  const [advertising, setAdvertising] = useState<string | null>(null);
  const { data, error, refetch, fetchMore } = useAllPropertiesQuery({
    variables: { status: 'verified', first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [advertiseProperty] = useAdvertisePropertyMutation({
    // The home page's advertised list gains this one.
    update: (cache) => void cache.evict({ id: 'ROOT_QUERY', fieldName: 'advertisedProperties' }),
  });

  const connection = data?.allProperties;
  const rows = connection?.nodes;

  const advertise = async (id: string, title: string) => {
    setAdvertising(id);
    try {
      await advertiseProperty({ variables: { id } });
    } catch (advertiseError) {
      toaster.create({ type: 'error', title: `Could not advertise "${title}"`, description: errorMessage(advertiseError, 'Something went wrong') });
      return;
    } finally {
      setAdvertising(null);
    }
    void refetch();
    await alert.show({ status: 'success', title: 'Success', text: 'Property advertised successfully!' });
  };

  const { loadMore, loadingMore, hasMore } = useLoadMore(connection?.pageInfo, fetchMore);

  let content;
  if (!rows && error) {
    content = <QueryError title="Could not load verified properties" error={error} onRetry={() => refetch()} />;
  } else if (rows && rows.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuMegaphone />
          </EmptyState.Indicator>
          <EmptyState.Title>No verified properties yet</EmptyState.Title>
          <EmptyState.Description>Verify listings on Manage Properties; they can be advertised here.</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <Stack gap="4">
        <Table.ScrollArea borderWidth="1px" rounded="lg">
          <Table.Root size="sm" minW="4xl" aria-label="Verified properties" aria-busy={!rows}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Image</Table.ColumnHeader>
                <Table.ColumnHeader>Title</Table.ColumnHeader>
                <Table.ColumnHeader>Location</Table.ColumnHeader>
                <Table.ColumnHeader>Price</Table.ColumnHeader>
                <Table.ColumnHeader>Agent</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Advertise</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows
                ? rows.map((property) => (
                    <Table.Row key={property.id} data-testid="advertise-row">
                      <Table.Cell width="24">
                        <AspectRatio ratio={4 / 3} width="20" rounded="md" overflow="hidden" bg="gray.100">
                          <Image src={property.thumbnail} alt={property.title} loading="lazy" decoding="async" objectFit="cover" />
                        </AspectRatio>
                      </Table.Cell>
                      <Table.Cell maxW="56">
                        <Text fontWeight="medium" lineClamp={2}>
                          {property.title}
                        </Text>
                      </Table.Cell>
                      <Table.Cell maxW="48">
                        <Text lineClamp={2}>{property.location}</Text>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{priceRange(property.priceMin, property.priceMax)}</Table.Cell>
                      <Table.Cell>
                        <Text>{property.agent.name}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          {property.agent.email}
                        </Text>
                      </Table.Cell>
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
                          onClick={() => void advertise(property.id, property.title)}
                        >
                          <LuMegaphone aria-hidden /> {property.isAdvertised ? 'Advertised' : 'Advertise'}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))
                : <SkeletonRows rows={5} columns={7} />}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {hasMore && <LoadMoreButton onClick={() => void loadMore()} loading={loadingMore} />}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title="Advertise Property" subtitle="Advertised properties appear on the home page. Advertising cannot be undone." />
      {content}
    </>
  );
}
