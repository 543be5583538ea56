import { Box, Button, Container, Field, Flex, Heading, Input, InputGroup, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { LuSearch, LuSearchX } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { useVerifiedPropertiesQuery, type PropertyCardFieldsFragment, type PropertySort } from './properties.generated';
import { LoadMore, usePaging } from '../ui/paging';
import { plural } from '../ui/plural';
import { SelectField } from '../ui/SelectField';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { cardGridColumns, PropertyCard } from './PropertyCard';
import { PropertyGridSkeleton } from './PropertyCardSkeleton';
import { SaveSearchButton } from '../saved-searches/SaveSearchButton';

/** Server-side pages of 24 (the API's default; at most 48). */
export const PAGE_SIZE = 24;
export const SEARCH_DEBOUNCE_MS = 300;
/** The first row on the widest grid (3 columns): the cards a first screenful can show. */
const ABOVE_THE_FOLD = cardGridColumns.all.lg;
/** The server refuses longer search terms. */
const SEARCH_MAX_LENGTH = 100;

/** The sort as it appears in the URL (?sort=price-asc) and as the API names it. */
const SORTS: Array<{ param: string; sort: PropertySort; label: string }> = [
  { param: '', sort: 'NEWEST', label: 'Newest first' },
  { param: 'price-asc', sort: 'PRICE_ASC', label: 'Price: low to high' },
  { param: 'price-desc', sort: 'PRICE_DESC', label: 'Price: high to low' },
];

const SORT_OPTIONS = SORTS.map((option) => ({ value: option.param, label: option.label }));

const sortFromParam = (param: string | null) => SORTS.find((option) => option.param && option.param === param) ?? SORTS[0];

/**
 * All verified properties (spec section 2): a location search and a price sort,
 * both kept in the URL (?search=…&sort=price-asc|price-desc) so a search can be
 * shared and reloaded, and a card grid loaded 24 at a time ('Load more' and
 * infinite scroll).
 */
export default function AllPropertiesPage() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const sortOption = sortFromParam(params.get('sort'));

  // The search box: typed text reaches the URL (and the query) 300 ms after the last key.
  const [draft, setDraft] = useState(search);
  const debounceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const committedSearch = useRef(search);
  const currentSearch = useRef(search);
  currentSearch.current = search;

  const updateParams = useCallback(
    (changes: { search?: string; sort?: string }) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
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

  const commitSearch = useCallback(
    (value: string) => {
      clearTimeout(debounceTimer.current);
      const term = value.trim();
      committedSearch.current = term;
      if (term !== currentSearch.current) updateParams({ search: term });
    },
    [updateParams],
  );

  // The URL changed by itself (back/forward, a pasted link): show its term in the box.
  useEffect(() => {
    if (search === committedSearch.current) return;
    committedSearch.current = search;
    setDraft(search);
  }, [search]);

  useEffect(() => () => clearTimeout(debounceTimer.current), []);

  const onSearchChange = (value: string) => {
    setDraft(value);
    clearTimeout(debounceTimer.current);
    debounceTimer.current = setTimeout(() => commitSearch(value), SEARCH_DEBOUNCE_MS);
  };

  const onSearchSubmit = (event: FormEvent) => {
    event.preventDefault();
    commitSearch(draft);
  };

  const verified = useVerifiedPropertiesQuery({
    variables: { search: search || undefined, sort: sortOption.sort, first: PAGE_SIZE },
  });
  const { data, previousData, loading } = verified;

  // While a new search loads, the previous results stay (dimmed) instead of flashing skeletons.
  const connection = (data ?? (loading ? previousData : undefined))?.verifiedProperties;
  const properties = connection?.nodes;
  const refreshing = loading && !data && Boolean(connection);
  // Next pages only for the answer to the current search, never for the dimmed previous one.
  const paging = usePaging(data?.verifiedProperties.pageInfo, verified.fetchMore, 'properties', `${search}|${sortOption.sort}`);

  const empty = (
    <EmptyNotice
      icon={<LuSearchX />}
      title="No properties found"
      description={search ? <>Nothing matches the location “{search}”. Try another place or a shorter term.</> : 'There are no verified properties yet. Please check back soon.'}
      testId="properties-empty"
    >
      {search && (
        <Button
          variant="outline"
          onClick={() => {
            setDraft('');
            commitSearch('');
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
      >
        <Box asChild flex="1">
          <form role="search" onSubmit={onSearchSubmit} aria-label="Search properties">
            <Field.Root>
              <Field.Label>Search by location</Field.Label>
              <InputGroup startElement={<LuSearch aria-hidden />}>
                <Input
                  type="search"
                  name="search"
                  value={draft}
                  onChange={(event) => onSearchChange(event.target.value)}
                  placeholder="e.g. Dhaka, Banani, Sylhet"
                  maxLength={SEARCH_MAX_LENGTH}
                  autoComplete="off"
                  bg="bg"
                  data-testid="search-input"
                />
              </InputGroup>
            </Field.Root>
          </form>
        </Box>
        <SelectField
          label="Sort by price"
          width={{ base: 'full', md: '64' }}
          name="sort"
          value={sortOption.param}
          options={SORT_OPTIONS}
          onChange={(sort) => updateParams({ sort })}
          bg="bg"
          data-testid="sort-select"
        />
        <SaveSearchButton search={search} sort={sortOption.sort} sortLabel={sortOption.label} />
      </Flex>

      {/* Announces the outcome of a search without moving focus. */}
      <Flex role="status" aria-live="polite" minH="6" mb="4" align="center" gap="2" color="fg.muted" fontSize="sm" data-testid="results-status">
        {loading && !paging.loadingMore ? (
          <>
            <Spinner size="xs" /> {search ? 'Searching…' : 'Loading properties…'}
          </>
        ) : properties ? (
          <Text>
            {properties.length === 0 ? '0 results' : `Showing ${plural(properties.length, 'property', 'properties')}`}
            {search && ` for “${search}”`}
            {paging.hasMore && ' (more below)'}
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
