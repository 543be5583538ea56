// All Properties with fewer than RELAX_BELOW results (issue 19, part 4): each
// filter the search sets, left out in turn, with how many listings that would
// find (counted by the server in one statement), as links that apply it.
import { Box, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { RELAXABLE_FILTERS, withoutFilter } from '@opennest/common/filter-relaxations';
import { formatNumber } from '@opennest/common/numbers';
import { useVerifiedPropertyRelaxationsQuery, type PropertyFilter, type PropertySort } from './properties.generated';
import { allPropertiesLink } from './listing-search-url';
import { plural } from '../ui/plural';

interface Props {
  search: string;
  sort: PropertySort;
  filter: PropertyFilter;
  /** How many the search finds now: only better suggestions are shown. */
  found: number;
}

export function RelaxFilterSuggestions({ search, sort, filter, found }: Props) {
  const { data } = useVerifiedPropertyRelaxationsQuery({ variables: { search: search || undefined, filter } });
  const better = (data?.verifiedPropertyRelaxations ?? []).filter((relaxation) => relaxation.count.count > found).sort((a, b) => b.count.count - a.count.count);
  if (!better.length) return null;
  return (
    <Box borderWidth="1px" rounded="lg" p="4" mb="6" bg="bg.subtle" data-testid="relax-suggestions">
      <Text fontWeight="medium" mb="2">
        Few results. Try without one filter:
      </Text>
      <HStack as="ul" listStyleType="none" wrap="wrap" gap="3">
        {better.map(({ filter: name, count }) => {
          const relaxed = withoutFilter({ search, ...filter } as Record<string, unknown>, name);
          const { search: term, ...rest } = relaxed as { search?: string } & PropertyFilter;
          const matches = count.capped ? `${formatNumber(count.count)}+ properties` : plural(count.count, 'property', 'properties');
          return (
            <Box as="li" key={name}>
              <Link asChild color="teal.700" textDecoration="underline">
                <RouterLink to={allPropertiesLink({ search: term ?? '', sort, filter: rest })} data-testid={`relax-${name}`}>
                  Without {RELAXABLE_FILTERS[name].label}: {matches}
                </RouterLink>
              </Link>
            </Box>
          );
        })}
      </HStack>
    </Box>
  );
}
