import { AspectRatio, Button, Card, CloseButton, Dialog, EmptyState, HStack, Portal, SimpleGrid, Skeleton, SkeletonText, Text, VStack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuHouse, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useDeletePropertyMutation, useMyPropertiesQuery, type PropertyCardFieldsFragment } from '../graphql/generated';
import { toaster } from '../ui/toaster';
import { QueryError } from '../ui/QueryError';
import { PageHeader } from './page-parts';
import { AgentOnly } from '../auth/RoleOnly';
import { cardGridColumns, PropertyCard } from './PropertyCard';

/** Agent: their own listings with status, Update (not when rejected) and Delete (spec section 2). */
export default function MyPropertiesPage() {
  return (
    <AgentOnly>
      <MyProperties />
    </AgentOnly>
  );
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function MyProperties() {
  const { data, loading, error, refetch } = useMyPropertiesQuery({ fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [deleteProperty] = useDeletePropertyMutation();
  // The property asked about stays set while the dialog animates closed.
  const [toDelete, setToDelete] = useState<PropertyCardFieldsFragment | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // After a deletion the Delete button that opened the dialog is gone: focus goes to the heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deletedRef = useRef(false);

  const properties = data?.myProperties;

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { id, title } = toDelete;
    setDeleting(true);
    deletedRef.current = false;
    try {
      const result = await deleteProperty({
        variables: { id },
        // Gone everywhere: lists that held it drop the dangling reference.
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'Property', id }) });
          cache.gc();
        },
      });
      deletedRef.current = true;
      const rejected = result.data?.deleteProperty.rejectedOfferCount ?? 0;
      toaster.create({
        type: 'success',
        title: 'Property deleted',
        description: rejected > 0 ? `"${title}" was removed; ${plural(rejected, 'pending offer')} on it ${rejected === 1 ? 'was' : 'were'} rejected.` : `"${title}" was removed.`,
      });
      setConfirmOpen(false);
      void refetch();
    } catch (deleteError) {
      toaster.create({ type: 'error', title: 'Failed to delete property', description: errorMessage(deleteError, 'Something went wrong') });
      setConfirmOpen(false);
    } finally {
      setDeleting(false);
    }
  };

  const addButton = (
    <Button asChild colorPalette="teal">
      <RouterLink to="/dash-board/add-property">
        <LuPlus aria-hidden /> Add Property
      </RouterLink>
    </Button>
  );

  let content;
  if (!properties && loading) {
    content = (
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
  } else if (!properties && error) {
    content = <QueryError title="Could not load your properties" error={error} onRetry={() => refetch()} />;
  } else if (!properties || properties.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuHouse />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>You have not added any properties yet</EmptyState.Title>
            <EmptyState.Description>List your first property; an admin verifies it before buyers see it.</EmptyState.Description>
          </VStack>
          {addButton}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <SimpleGrid columns={cardGridColumns.all} gap="6">
        {properties.map((property) => (
          <PropertyCard
            key={property.id}
            property={property}
            actions={
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
                <Button flex="1" colorPalette="red" variant="outline" aria-label={`Delete ${property.title}`} onClick={() => {
                    setToDelete(property);
                    setConfirmOpen(true);
                  }}>
                  <LuTrash2 aria-hidden /> Delete
                </Button>
              </HStack>
            }
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <PageHeader
        title="My Added Properties"
        headingRef={headingRef}
        subtitle={properties && properties.length > 0 ? plural(properties.length, 'property', 'properties') : undefined}
        actions={properties && properties.length > 0 ? addButton : undefined}
      />
      {content}
      <Dialog.Root
        role="alertdialog"
        open={confirmOpen}
        onOpenChange={(details) => {
          if (!details.open && !deleting) setConfirmOpen(false);
        }}
        initialFocusEl={() => cancelRef.current}
        finalFocusEl={() => (deletedRef.current ? headingRef.current : null)}
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              <Dialog.Header>
                <Dialog.Title>Delete this property?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>
                  <Text as="strong">{toDelete?.title}</Text> will be removed for good. Pending offers on it are rejected and it leaves every wishlist.
                </Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button ref={cancelRef} variant="outline" disabled={deleting}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="red" onClick={() => void confirmDelete()} loading={deleting} loadingText="Deleting...">
                  Delete
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild disabled={deleting}>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
