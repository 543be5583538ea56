import { Badge, Button, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuPencil, LuPlay, LuSearch } from 'react-icons/lu';
import { RemoveButton } from '../ui/RemoveButton';
import { errorMessage } from '../app/errors';
import { useDeleteSavedSearchMutation, useSavedSearchesQuery, useUpdateSavedSearchMutation, type SavedSearchFieldsFragment } from './saved-searches.generated';
import { PageHeader } from '../properties/page-parts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { evictSavedSearches } from './saved-searches.cache';
import { SavedSearchDialog } from './SavedSearchDialog';
import { describeSearch, FREQUENCY_LABEL } from './saved-search-text';
import { describeFilter } from './describe-filter';
import { BrowsePropertiesButton, LinkButton } from '../ui/LinkButton';
import { CardList, ListCard, LoadingBlock } from '../ui/CardList';
import { allPropertiesLink, sortOptionOf } from '../properties/listing-search-url';

/** The All Properties page showing the search now. */
export const runNowLink = (criteria: SavedSearchFieldsFragment['criteria']) => allPropertiesLink(criteria);

/** Buyer: saved searches with their alert frequency; edit, delete and run now. */
export default function SavedSearches() {
  const searches = useSavedSearchesQuery({ fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<SavedSearchFieldsFragment | null>(null);
  const [update] = useUpdateSavedSearchMutation();
  const [remove] = useDeleteSavedSearchMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const deleteSearch = async (search: SavedSearchFieldsFragment) => {
    await remove({ variables: { id: search.id }, update: (cache) => evictSavedSearches(cache) });
    toaster.create({ type: 'success', title: 'Saved search deleted', description: `“${search.name}” will send no more alerts.` });
  };
  // True when it is gone (focus then moves to the heading), false when it failed (and the toast says why).
  const deletion = useConfirmAction(
    (search: SavedSearchFieldsFragment) =>
      deleteSearch(search).then(
        () => true,
        (error: unknown) => {
          toaster.create({ type: 'error', title: 'Could not delete the search', description: errorMessage(error, 'Something went wrong. Please try again.') });
          return false;
        },
      ),
    headingRef,
  );

  const searchLink = (
    <LinkButton to="/allProperties" icon={LuSearch} variant="outline">
      Search properties
    </LinkButton>
  );
  return (
    <>
      <title>Saved Searches · OpenNest</title>
      <PageHeader title="Saved Searches" headingRef={headingRef} subtitle="New verified listings that match a saved search are sent to you as often as it says." actions={searchLink} />
      <QueryState query={searches} data={searches.data?.savedSearches} skeleton={<LoadingBlock label="Loading saved searches" />} errorTitle="Could not load your saved searches"
        empty={
          <EmptyNotice icon={<LuSearch />} title="No saved searches yet" description="Search on All Properties, then choose “Save this search” to be told about new listings." testId="saved-searches-empty">
            <BrowsePropertiesButton />
          </EmptyNotice>
        }
      >
        {(rows) => (
          <CardList label="Saved searches" items={rows}>
            {(search) => (
              <ListCard
                key={search.id}
                testId="saved-search"
                actions={
                  <>
                    <LinkButton to={runNowLink(search.criteria)} icon={LuPlay} variant="solid" colorPalette="teal" aria-label={`Run now: ${search.name}`}>
                      Run now
                    </LinkButton>
                    <Button size="sm" variant="outline" onClick={() => setEditing(search)} aria-label={`Edit ${search.name}`}>
                      <LuPencil aria-hidden /> Edit
                    </Button>
                    <RemoveButton size="sm" label={`Delete ${search.name}`} onClick={() => deletion.ask(search)}>
                      Delete
                    </RemoveButton>
                  </>
                }
              >
                <Text fontWeight="semibold" overflowWrap="anywhere">
                  {search.name}
                </Text>
                <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                  {describeSearch(search.criteria.search, sortOptionOf(search.criteria.sort).label, describeFilter(search.criteria.filter))}
                </Text>
                <Badge alignSelf="start" colorPalette={search.frequency === 'off' ? 'gray' : 'teal'}>
                  Alerts: {FREQUENCY_LABEL[search.frequency]}
                </Badge>
              </ListCard>
            )}
          </CardList>
        )}
      </QueryState>
      <SavedSearchDialog
        open={editing !== null}
        title="Edit saved search"
        summary={editing ? describeSearch(editing.criteria.search, sortOptionOf(editing.criteria.sort).label, describeFilter(editing.criteria.filter)) : ''}
        initialValues={{ name: editing?.name ?? '', frequency: editing?.frequency ?? 'instant' }}
        submitLabel="Save changes"
        onClose={() => setEditing(null)}
        onSubmit={async ({ name, frequency }) => {
          if (!editing) return;
          await update({ variables: { id: editing.id, input: { name, frequency } } });
          toaster.create({ type: 'success', title: 'Saved search updated', description: `“${name}”: alerts ${FREQUENCY_LABEL[frequency].toLowerCase()}.` });
        }}
      />
      <ConfirmDialog {...deletion.dialog} title="Delete this saved search?" confirmLabel="Delete" busyLabel="Deleting..." testId="confirm-saved-search-delete">
        <Text>
          <Text as="strong">{deletion.item?.name}</Text> will be deleted and send no more alerts.
        </Text>
      </ConfirmDialog>
    </>
  );
}
