import { Alert, AspectRatio, Badge, Button, Card, HStack, SimpleGrid, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuCalendarDays, LuHouse, LuPencil, LuPlus, LuUsers } from 'react-icons/lu';
import { RemoveButton } from '../ui/RemoveButton';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useDeletePropertyMutation, useMyPropertiesQuery, type PropertyCardFieldsFragment } from './properties.generated';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { toaster } from '../ui/toaster';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { shownCount, usePagedQuery } from '../ui/paging';
import { PagedCardGrid } from './PagedCardGrid';
import { useConfirmAction } from '../ui/useConfirmAction';
import { PageHeader } from './page-parts';
import { forgetProperty } from './properties.cache';
import { cardGridColumns } from './image-sizes';
import { PropertyCard } from './PropertyCard';
import { plural } from '../ui/plural';

/** Agent: their own listings with status, Update (not when rejected) and Delete (spec section 2). */
export default function MyPropertiesPage() {
  const myProperties = useMyPropertiesQuery({ fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [deleteProperty] = useDeletePropertyMutation();
  // After a deletion the Delete button that opened the dialog is gone: focus goes to the heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { nodes: properties, paging } = usePagedQuery(myProperties, (data) => data.myProperties, 'properties');

  const deletion = useConfirmAction(async ({ id, title }: PropertyCardFieldsFragment) => {
    try {
      const result = await deleteProperty({
        variables: { id },
        // Gone everywhere: lists that held it drop the dangling reference.
        update(cache) {
          forgetProperty(cache, id);
          cache.gc();
        },
      });
      const rejected = result.data?.deleteProperty.rejectedOfferCount ?? 0;
      toaster.create({
        type: 'success',
        title: 'Property deleted',
        description: rejected > 0 ? `"${title}" was removed; ${plural(rejected, 'pending offer')} on it ${rejected === 1 ? 'was' : 'were'} rejected.` : `"${title}" was removed.`,
      });
      void myProperties.refetch();
      return true;
    } catch (deleteError) {
      toaster.create({ type: 'error', title: 'Failed to delete property', description: errorMessage(deleteError, 'Something went wrong') });
      return false;
    }
  }, headingRef);

  const addButton = (
    <Button asChild colorPalette="teal">
      <RouterLink to="/dash-board/add-property">
        <LuPlus aria-hidden /> Add Property
      </RouterLink>
    </Button>
  );

  const skeleton = (
    <SimpleGrid columns={cardGridColumns.all} gap="6" aria-busy="true" aria-label="Loading your properties">
      {Array.from({ length: 6 }, (_, index) => (
        <Card.Root key={index} overflow="hidden">
          <AspectRatio ratio={4 / 3}>
            <Skeleton />
          </AspectRatio>
          <Card.Body gap="3" p="4">
            <Skeleton height="6" width="70%" />
            <SkeletonText noOfLines={2} />
            <HStack gap="2">
              <Skeleton height="9" flex="1" />
              <Skeleton height="9" flex="1" />
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );

  const empty = (
    <EmptyNotice icon={<LuHouse />} title="You have not added any properties yet" description="List your first property; an admin verifies it before buyers see it.">
      {addButton}
    </EmptyNotice>
  );

  const toComplete = (properties ?? []).filter((property) => !property.addressComplete);
  const grid = (listings: NonNullable<typeof properties>) => (
    <PagedCardGrid
      items={listings}
      paging={paging}
      before={
        toComplete.length > 0 && (
          // Listings whose old free-text location could not be split into an address (issue 19).
          <Alert.Root status="warning" data-testid="address-to-complete">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{plural(toComplete.length, 'address', 'addresses')} to complete</Alert.Title>
              <Alert.Description>Buyers find listings by area, city and postcode. Update these to fill in their address: {toComplete.map((property) => property.title).join(', ')}.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )
      }
    >
      {(property) => (
        <PropertyCard
          key={property.id}
          property={property}
          headingLevel="h2"
          actions={
            <Stack width="full" gap="3">
              {!property.addressComplete && (
                <Badge colorPalette="orange" variant="surface" alignSelf="start">
                  Address to complete
                </Badge>
              )}
              {property.status !== 'rejected' && (
                <HStack width="full" gap="3">
                  <Button asChild flex="1" colorPalette="teal" variant="subtle" aria-label={`Viewings of ${property.title}`}>
                    <RouterLink to={`/dash-board/listing-viewings/${property.id}`}>
                      <LuCalendarDays aria-hidden /> Viewings
                    </RouterLink>
                  </Button>
                  <Button asChild flex="1" colorPalette="teal" variant="subtle" aria-label={`Demand for ${property.title}`}>
                    <RouterLink to={`/dash-board/listing-demand/${property.id}`}>
                      <LuUsers aria-hidden /> Demand
                    </RouterLink>
                  </Button>
                </HStack>
              )}
              <HStack width="full" gap="3">
                {property.status !== 'rejected' ? (
                  <Button asChild flex="1" colorPalette="teal" variant="outline" aria-label={`Update ${property.title}`}>
                    <RouterLink to={`/dash-board/update-property/${property.id}`}>
                      <LuPencil aria-hidden /> Update
                    </RouterLink>
                  </Button>
                ) : (
                  <Text flex="1" fontSize="sm" color="fg.muted">
                    Rejected listings cannot be updated.
                  </Text>
                )}
                <RemoveButton flex="1" label={`Delete ${property.title}`} onClick={() => deletion.ask(property)}>
                  Delete
                </RemoveButton>
              </HStack>
            </Stack>
          }
        />
      )}
    </PagedCardGrid>
  );

  return (
    <>
      <PageHeader
        title="My Added Properties"
        headingRef={headingRef}
        subtitle={shownCount(properties, paging, 'property', 'properties')}
        actions={properties && properties.length > 0 ? addButton : undefined}
      />
      <QueryState query={myProperties} data={properties} skeleton={skeleton} errorTitle="Could not load your properties" empty={empty}>
        {grid}
      </QueryState>
      <ConfirmDialog {...deletion.dialog} title="Delete this property?" confirmLabel="Delete" busyLabel="Deleting...">
        <Text>
          <Text as="strong">{deletion.item?.title}</Text> will be removed for good. Pending offers on it are rejected and it leaves every wishlist.
        </Text>
      </ConfirmDialog>
    </>
  );
}
