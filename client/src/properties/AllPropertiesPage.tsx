import { Box, Button, Container, Field, Flex, Heading, Input, InputGroup, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LuSearch, LuSearchX, LuSlidersHorizontal, LuTextSearch } from 'react-icons/lu';
import { KEYWORDS_MAX_LENGTH } from '@opennest/common/amenities';
import { useVerifiedPropertiesQuery, useVerifiedPropertyCountQuery, type PropertyCardFieldsFragment, type PropertyFilter } from './properties.generated';
import { activeFilterCount, filterFromParams, SORTS, sortFromParam, writeFilterParams } from './listing-search-url';
import { allPropertiesVariables, PAGE_SIZE } from './all-properties.first-screen';
import { LoadMore, usePaging } from '../ui/paging';
import { useUrlSearchParams } from '../app/use-url-search-params';
import { plural } from '../ui/plural';
import { useLastAnswer } from '../ui/last-answer';
import { SelectField } from '../ui/SelectField';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { cardGridColumns } from './image-sizes';
import { PropertyCard } from './PropertyCard';
import { PropertyGridSkeleton } from './PropertyCardSkeleton';
import { SaveSearchButton } from '../saved-searches/SaveSearchButton';
import { PlaceCombobox, placeLabel, type PlaceSuggestion } from './PlaceCombobox';
import { RELAX_BELOW } from '@opennest/common/filter-relaxations';
import { formatNumber } from '@opennest/common/numbers';
import { RelaxFilterSuggestions } from './RelaxFilterSuggestions';

export const SEARCH_DEBOUNCE_MS = 300;
/** The first row on the widest grid (3 columns): the cards a first screenful can show. */
const ABOVE_THE_FOLD = cardGridColumns.all.lg;
/** The server refuses longer search terms. */
const SEARCH_MAX_LENGTH = 100;

const SORT_OPTIONS = SORTS.map((option) => ({ value: option.param, label: option.label }));

// The filter form (and its validation library) loads when Filters is first opened.
const PropertyFiltersPanel = lazy(() => import('./PropertyFiltersPanel'));

/** The filter's part of the URL, as a string that changes exactly when the filter does. */
const FILTER_KEY = (params: URLSearchParams) => writeFilterParams(new URLSearchParams(), filterFromParams(params)).toString();

/**
 * All verified properties (spec section 2): a location search and a price sort,
 * both kept in the URL (?search=…&sort=price-asc|price-desc) so a search can be
 * shared and reloaded, and a card grid loaded 24 at a time ('Load more' and
 * infinite scroll).
 */
export default function AllPropertiesPage() {
  const [params, setParams] = useUrlSearchParams();
  const search = (params.get('search') ?? '').trim();
  const sortOption = sortFromParam(params.get('sort'));
  const filterKey = FILTER_KEY(params);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the filter's identity
  const filter = useMemo(() => filterFromParams(params), [filterKey]);
  const filtersSet = activeFilterCount(filter);
  const [filtersOpen, setFiltersOpen] = useState(filtersSet > 0);

  const placeName = params.get('place-name') ?? '';
  const currentPlace = useRef(filter.place);
  currentPlace.current = filter.place;

  const pickPlace = (place: PlaceSuggestion) => {
    const label = placeLabel(place);
    // The box shows the place's name while the URL's search is empty.
    searchBox.settle(label, '');
    updateParams({ search: '', place: place.filter, 'place-name': label });
  };

  const updateParams = useCallback(
    (changes: { search?: string; sort?: string; keywords?: string; place?: string; 'place-name'?: string }) => {
      setParams(
        (next) => {
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  // The search box: typed text reaches the URL (and the query) 300 ms after the last key.
  // Typing replaces a picked place: the text is searched (a place it names exactly, else a substring).
  const searchBox = useDebouncedParam(
    search,
    useCallback((term: string) => updateParams({ search: term, place: '', 'place-name': '' }), [updateParams]),
    () => Boolean(currentPlace.current),
  );
  const { setDraft: setSearchDraft } = searchBox;
  useEffect(() => {
    if (filter.place) setSearchDraft(placeName);
  }, [filter.place, placeName, setSearchDraft]);

  // The keywords box: typed text reaches the URL (and the query) 300 ms after the last key.
  const keywords = filter.keywords ?? '';
  const words = useDebouncedParam(keywords, useCallback((text: string) => updateParams({ keywords: text }), [updateParams]));

  const onSearchSubmit = (event: FormEvent) => {
    event.preventDefault();
    searchBox.commit(searchBox.draft);
    words.commit(words.draft);
  };

  // A new filter is a new history entry, so the back button returns to the previous one. The keywords
  // (their own box) and the place (the search box's) stay as the newest URL has them.
  const applyFilter = useCallback(
    (next: PropertyFilter) => setParams((latest) => writeFilterParams(latest, { ...next, keywords: filterFromParams(latest).keywords }), { preventScrollReset: true }),
    [setParams],
  );
  // The panel starts again from the URL when its own part changes (back, a relaxed filter), not when the keywords or place do.
  const panelKey = writeFilterParams(new URLSearchParams(), { ...filter, keywords: undefined, place: undefined }).toString();

  // The same variables as the server's first screen of this URL (all-properties.first-screen.ts), so its answers are used.
  const variables = allPropertiesVariables(params);
  const verified = useVerifiedPropertiesQuery({ variables: { ...variables.list, filter } });
  const matches = useVerifiedPropertyCountQuery({ variables: { ...variables.count, filter } });
  const matchCount = matches.data?.verifiedPropertyCount;
  const { data, loading } = verified;

  // While a new search loads, the results on screen stay (dimmed) instead of flashing skeletons.
  const lastAnswer = useLastAnswer(data);
  const connection = (data ?? (loading ? lastAnswer : undefined))?.verifiedProperties;
  const properties = connection?.nodes;
  // What the grid shows: QueryState draws a new answer in a deferred render, so the status line
  // counts from the same deferred value (React renders both in that one render), never "Showing 1
  // property" above the two cards of the search before.
  const shownProperties = useDeferredValue(properties);
  const refreshing = loading && !data && Boolean(connection);
  // Next pages only for the answer to the current search, never for the dimmed previous one.
  const paging = usePaging(data?.verifiedProperties.pageInfo, verified.fetchMore, 'properties', `${search}|${sortOption.sort}|${filterKey}`);

  const empty = (
    <EmptyNotice
      icon={<LuSearchX />}
      title="No properties found"
      description={
        keywords && !filtersSet ? <>No listing mentions “{keywords}”{search && <> in “{search}”</>}. Try other words.</> : filtersSet ? 'Nothing matches these filters. Widen the price range or clear some filters.' : search ? <>Nothing matches the location “{search}”. Try another place or a shorter term.</> : 'There are no verified properties yet. Please check back soon.'
      }
      testId="properties-empty"
    >
      {search && (
        <Button
          variant="outline"
          onClick={() => {
            searchBox.setDraft('');
            searchBox.commit('');
          }}
        >
          Clear search
        </Button>
      )}
    </EmptyNotice>
  );

  const grid = (shown: PropertyCardFieldsFragment[]) => (
    <>
      <SimpleGrid
        columns={cardGridColumns.all}
        gap="6"
        opacity={refreshing ? 0.6 : 1}
        transition="opacity 0.2s"
        aria-busy={refreshing || paging.loadingMore}
        data-testid="properties-grid"
      >
        {shown.map((property, index) => (
          <PropertyCard key={property.id} property={property} showAgent aboveTheFold={index < ABOVE_THE_FOLD} headingLevel="h2" />
        ))}
      </SimpleGrid>
      <LoadMore
        paging={paging}
        infinite
        prominent
        testIdPrefix="properties"
        end={data && shown.length > PAGE_SIZE && <Text color="fg.muted">You have reached the end of the list.</Text>}
      />
    </>
  );

  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <Stack gap="2" mb="8">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
          All Properties
        </Heading>
        <Text color="fg.muted">Every listing here has been verified by our admins.</Text>
      </Stack>

      <Flex
        direction={{ base: 'column', md: 'row' }}
        gap="4"
        align={{ base: 'stretch', md: 'end' }}
        mb="6"
        p="4"
        borderWidth="1px"
        rounded="lg"
        bg="bg.subtle"
        // Above the cards: the place suggestions open over the grid.
        position="relative"
        zIndex="1"
      >
        <Box asChild flex="1">
          <form role="search" onSubmit={onSearchSubmit} aria-label="Search properties">
            <Flex direction={{ base: 'column', sm: 'row' }} gap="4">
              <Field.Root>
                <Field.Label>Search by location</Field.Label>
                <InputGroup startElement={<LuSearch aria-hidden />}>
                  <PlaceCombobox
                  type="search"
                  name="search"
                  value={searchBox.draft}
                  onValueChange={searchBox.onChange}
                  onPick={pickPlace}
                  listLabel="Places"
                  placeholder="e.g. Dhaka, Banani, Sylhet"
                  maxLength={SEARCH_MAX_LENGTH}
                  bg="bg"
                  ps="10"
                  data-testid="search-input"
                />
                </InputGroup>
              </Field.Root>
              <SearchBox label="Keywords" name="keywords" box={words} icon={<LuTextSearch aria-hidden />} placeholder="e.g. garden, parking, “sea view”" maxLength={KEYWORDS_MAX_LENGTH} testId="keywords-input" />
            </Flex>
            {/* Enter in either box searches at once. */}
            <button type="submit" hidden />
          </form>
        </Box>
        <Button variant="outline" flexShrink={0} onClick={() => setFiltersOpen((open) => !open)} aria-expanded={filtersOpen} aria-controls="property-filters" data-testid="filters-toggle">
          <LuSlidersHorizontal aria-hidden /> Filters{filtersSet > 0 && ` (${filtersSet})`}
        </Button>
        <SelectField
          label="Sort by"
          width={{ base: 'full', md: '64' }}
          name="sort"
          value={sortOption.param}
          options={SORT_OPTIONS}
          onChange={(sort) => updateParams({ sort })}
          bg="bg"
          data-testid="sort-select"
        />
        <SaveSearchButton search={search} sort={sortOption.sort} sortLabel={sortOption.label} filter={filter} />
      </Flex>
      {filtersOpen && (
        <Box id="property-filters" mb="6" p="4" borderWidth="1px" rounded="lg" minH="40">
          <Suspense fallback={<Spinner size="sm" aria-label="Loading filters" />}>
            <PropertyFiltersPanel key={panelKey} filter={filter} onApply={applyFilter} />
          </Suspense>
        </Box>
      )}

      {/* Few results: which one filter to relax, and what that would find. */}
      {data && !paging.hasMore && data.verifiedProperties.nodes.length < RELAX_BELOW && (search || activeFilterCount(filter) > 0 || filter.keywords) && (
        <RelaxFilterSuggestions search={search} sort={sortOption.sort} filter={filter} found={data.verifiedProperties.nodes.length} />
      )}

      {/* Announces the outcome of a search without moving focus. */}
      <Flex role="status" aria-live="polite" minH="6" mb="4" align="center" gap="2" color="fg.muted" fontSize="sm" data-testid="results-status">
        {loading && !paging.loadingMore ? (
          <>
            <Spinner size="xs" /> {search ? 'Searching…' : 'Loading properties…'}
          </>
        ) : shownProperties ? (
          <Text>
            {shownProperties.length === 0 ? '0 results' : `Showing ${plural(shownProperties.length, 'property', 'properties')}`}
            {search && ` for “${search}”`}
            {paging.hasMore && ' (more below)'}
            {matchCount && shownProperties.length > 0 && (
              <Text as="span" data-testid="match-count">
                {' · '}
                {matchCount.capped ? `${formatNumber(matchCount.count)}+ matches` : plural(matchCount.count, 'match', 'matches')}
              </Text>
            )}
          </Text>
        ) : null}
      </Flex>

      <QueryState
        query={verified}
        data={properties}
        skeleton={<PropertyGridSkeleton count={6} columns={cardGridColumns.all} showAgent />}
        errorTitle="Could not load properties"
        empty={empty}
      >
        {grid}
      </QueryState>
    </Container>
  );
}

/**
 * A text box bound to a URL parameter (`value`): what is typed is written
 * (`write`, trimmed) 300 ms after the last key or at once on `commit`, if it
 * differs from the URL's value or `writeUnchanged` says so; when the URL
 * changes by itself (back/forward, a pasted link) the box shows its value.
 */
function useDebouncedParam(value: string, write: (text: string) => void, writeUnchanged: () => boolean = () => false) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const committed = useRef(value);
  const current = useRef(value);
  current.current = value;
  const unchangedToo = useRef(writeUnchanged);
  unchangedToo.current = writeUnchanged;

  const commit = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      const trimmed = text.trim();
      committed.current = trimmed;
      if (trimmed !== current.current || unchangedToo.current()) write(trimmed);
    },
    [write],
  );

  /** Shows `shown` with nothing pending; the caller writes the URL, whose value becomes `urlValue`. */
  const settle = (shown: string, urlValue: string) => {
    clearTimeout(timer.current);
    committed.current = urlValue;
    setDraft(shown);
  };

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setDraft(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (text: string) => {
    if (text === draft) return;
    setDraft(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
  };

  return { draft, setDraft, commit, settle, onChange };
}

interface SearchBoxProps {
  label: string;
  name: string;
  box: ReturnType<typeof useDebouncedParam>;
  icon: ReactNode;
  placeholder: string;
  maxLength: number;
  testId: string;
}

/** One of the search form's text boxes, bound to its debounced URL parameter. */
function SearchBox({ label, name, box, icon, placeholder, maxLength, testId }: SearchBoxProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <InputGroup startElement={icon}>
        <Input type="search" name={name} value={box.draft} onChange={(event) => box.onChange(event.target.value)} placeholder={placeholder} maxLength={maxLength} autoComplete="off" bg="bg" data-testid={testId} />
      </InputGroup>
    </Field.Root>
  );
}
