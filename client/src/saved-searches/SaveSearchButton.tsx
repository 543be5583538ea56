// "Save this search" on All Properties (buyers): keeps the page's location text
// and sort under a name, with how often to be told of new matching listings.
import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuBellPlus } from 'react-icons/lu';
import { useAuth } from '../auth/AuthProvider';
import { useSaveSearchMutation, type PropertyFilter, type PropertySort } from './saved-searches.generated';
import { useModuleReady, useMountWhenIdle } from '../ui/deferred';
import { toaster } from '../ui/toaster';
import { evictSavedSearches } from './saved-searches.cache';
import { describeSearch, FREQUENCY_LABEL } from './saved-search-text';

// The dialog (and its form library) loads when the page is idle or the button is pressed.
const loadSavedSearchDialog = () => import('./SavedSearchDialog');
const SavedSearchDialog = lazy(loadSavedSearchDialog);

export function SaveSearchButton({ search, sort, sortLabel, filter }: { search: string; sort: PropertySort; sortLabel: string; filter: PropertyFilter }) {
  const { viewer } = useAuth();
  const [open, setOpen] = useState(false);
  const [save] = useSaveSearchMutation({ update: (cache) => evictSavedSearches(cache) });
  const mountDialog = useMountWhenIdle(open);
  const ready = useModuleReady(loadSavedSearchDialog, mountDialog);
  if (viewer?.role !== 'user') return null;
  return (
    <>
      <Button variant="outline" colorPalette="teal" onClick={() => setOpen(true)} loading={open && !ready} flexShrink={0} data-testid="save-search">
        <LuBellPlus aria-hidden /> Save this search
      </Button>
      {mountDialog && (
        <Suspense fallback={null}>
          <SavedSearchDialog
            open={open}
            title="Save this search"
            summary={`${describeSearch(search, sortLabel)} We will tell you about new listings that match.`}
            filter={filter}
            initialValues={{ name: search ? `Homes in ${search}` : 'All new listings', frequency: 'instant' }}
            submitLabel="Save search"
            onClose={() => setOpen(false)}
            onSubmit={async ({ name, frequency }) => {
              await save({ variables: { input: { name, frequency, search, sort, filter } } });
              toaster.create({ type: 'success', title: 'Search saved', description: `“${name}”: alerts ${FREQUENCY_LABEL[frequency].toLowerCase()}. Find it under Saved Searches.` });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
