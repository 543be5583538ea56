import { Box, Button, Container, EmptyState, Field, Flex, Heading, Input, InputGroup, NativeSelect, SimpleGrid, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { LuSearch, LuSearchX } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../app/errors';
import { useVerifiedPropertiesQuery, type PropertySort } from '../graphql/generated';
import { QueryError } from '../ui/QueryError';
import { cardGridColumns, PropertyCard } from './PropertyCard';
import { PropertyGridSkeleton } from './PropertyCardSkeleton';

/** Server-side pages of 24 (the API's default; at most 48). */
export const PAGE_SIZE = 24;
export const SEARCH_DEBOUNCE_MS = 300;
/** The server refuses longer search terms. */
const SEARCH_MAX_LENGTH = 100;

/** The sort as it appears in the URL (?sort=price-asc) and as the API names it. */
const SORTS: Array<{ param: string; sort: PropertySort; label: string }> = [
  { param: '', sort: 'NEWEST', label: 'Newest first' },
  { param: 'price-asc', sort: 'PRICE_ASC', label: 'Price: low to high' },
  { param: 'price-desc', sort: 'PRICE_DESC', label: 'Price: high to low' },
];

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

  const { data, previousData, loading, error, fetchMore, refetch } = useVerifiedPropertiesQuery({
    variables: { search: search || undefined, sort: sortOption.sort, first: PAGE_SIZE },
  });

  // While a new search loads, the previous results stay (dimmed) instead of flashing skeletons.
  const connection = (data ?? (loading ? previousData : undefined))?.verifiedProperties;
  const properties = connection?.nodes ?? [];
  const pageInfo = data?.verifiedProperties.pageInfo;
  const refreshing = loading && !data && Boolean(connection);

  // Next pages: one request at a time; a failed one waits for the button, so scrolling cannot loop on errors.
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const loadingMoreRef = useRef(false);

  const loadMore = useCallback(async () => {
    if (loadingMoreRef.current || !pageInfo?.hasNextPage || !pageInfo.endCursor) return;
    loadingMoreRef.current = true;
    setLoadingMore(true);
    setMoreError(null);
    try {
      await fetchMore({ variables: { after: pageInfo.endCursor } });
    } catch (failure) {
      setMoreError(errorMessage(failure, 'Could not load more properties.'));
    } finally {
      loadingMoreRef.current = false;
      setLoadingMore(false);
    }
  }, [fetchMore, pageInfo]);

  // A new search or sort starts over: forget an earlier page error.
  useEffect(() => setMoreError(null), [search, sortOption.sort]);

  // Infinite scroll: the sentinel under the grid loads the next page as it nears the viewport.
  // The observer is re-created after every page, so a sentinel still in view asks again.
  const sentinel = useRef<HTMLDivElement>(null);
  const canAutoLoad = Boolean(data && pageInfo?.hasNextPage && !moreError && !loadingMore);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canAutoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    }, { rootMargin: '0px 0px 600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canAutoLoad, loadMore, properties.length]);

  let results;
  if (!connection && loading) {
    results = <PropertyGridSkeleton count={6} columns={cardGridColumns.all} showAgent />;
  } else if (!connection && error) {
    results = <QueryError title="Could not load properties" error={error} onRetry={() => refetch()} />;
  } else if (properties.length === 0) {
    results = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" data-testid="properties-empty">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuSearchX />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>No properties found</EmptyState.Title>
            <EmptyState.Description>
              {search ? (
                <>
                  Nothing matches the location “{search}”. Try another place or a shorter term.
                </>
              ) : (
                'There are no verified properties yet. Please check back soon.'
              )}
            </EmptyState.Description>
          </VStack>
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
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    results = (
      <>
        <SimpleGrid
          columns={cardGridColumns.all}
          gap="6"
          opacity={refreshing ? 0.6 : 1}
          transition="opacity 0.2s"
          aria-busy={refreshing || loadingMore}
          data-testid="properties-grid"
        >
          {properties.map((property) => (
            <PropertyCard key={property.id} property={property} showAgent />
          ))}
        </SimpleGrid>
        <Box ref={sentinel} height="1px" aria-hidden data-testid="properties-sentinel" />
        <Stack align="center" gap="3" mt="8">
          {moreError && (
            <Text color="fg.error" role="alert">
              {moreError}
            </Text>
          )}
          {pageInfo?.hasNextPage ? (
            <Button onClick={() => void loadMore()} loading={loadingMore} loadingText="Loading more" variant="outline" colorPalette="teal" size="lg" data-testid="load-more">
              {moreError ? 'Try again' : 'Load more'}
            </Button>
          ) : (
            data && properties.length > PAGE_SIZE && <Text color="fg.muted">You have reached the end of the list.</Text>
          )}
        </Stack>
      </>
    );
  }

  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <title>All Properties · OpenNest</title>
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
        <Field.Root width={{ base: 'full', md: '64' }}>
          <Field.Label>Sort by price</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="sort"
              value={sortOption.param}
              onChange={(event) => updateParams({ sort: event.currentTarget.value })}
              bg="bg"
              data-testid="sort-select"
            >
              {SORTS.map((option) => (
                <option key={option.sort} value={option.param}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>

      {/* Announces the outcome of a search without moving focus. */}
      <Flex role="status" aria-live="polite" minH="6" mb="4" align="center" gap="2" color="fg.muted" fontSize="sm" data-testid="results-status">
        {loading && !loadingMore ? (
          <>
            <Spinner size="xs" /> {search ? 'Searching…' : 'Loading properties…'}
          </>
        ) : connection ? (
          <Text>
            {properties.length === 0 ? '0 results' : `Showing ${properties.length} ${properties.length === 1 ? 'property' : 'properties'}`}
            {search && ` for “${search}”`}
            {pageInfo?.hasNextPage && ' (more below)'}
          </Text>
        ) : null}
      </Flex>

      {results}
    </Container>
  );
}
