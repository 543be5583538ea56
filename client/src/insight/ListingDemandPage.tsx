// Live demand for one of the agent's listings (issue 23): how many active saved
// searches match it now, how many buyers wishlisted it, and the demand curve:
// how many searches would match at each price from 30 % lower to 30 % higher,
// worked out by the server from the searches' stored criteria. Counts only; the
// server gives none below 3.
import { Box, Card, Heading, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../properties/page-parts';
import { priceRange } from '../properties/format';
import { LoadingBlock } from '../ui/CardList';
import { LinkButton } from '../ui/LinkButton';
import { QueryState } from '../ui/QueryState';
import { useListingDemandQuery, type ListingDemandQuery } from './insight.generated';
import { HOW_NUMBERS_ARE_MADE } from './ReplyTime';
import { ShownCount, shownCountText } from './ShownCount';

type Demand = ListingDemandQuery['listingDemand'];

export default function ListingDemandPage() {
  const { id = '' } = useParams();
  const demand = useListingDemandQuery({ variables: { propertyId: id }, fetchPolicy: 'cache-and-network' });
  return (
    <>
      <PageHeader
        title="Listing demand"
        subtitle="Who is looking for a home like this one: counts only, never who."
        actions={
          <LinkButton to="/dash-board/my-added-properties" icon={LuArrowLeft}>
            My added properties
          </LinkButton>
        }
      />
      <QueryState query={demand} data={demand.data?.listingDemand} skeleton={<LoadingBlock label="Loading the listing’s demand" height="96" />} errorTitle="Could not load this listing’s demand" notFoundTitle="This listing does not exist">
        {(loaded) => <DemandView demand={loaded} />}
      </QueryState>
    </>
  );
}

function CountCard({ label, shown, testId }: { label: string; shown: Demand['wishlisted']; testId: string }) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl">
          <ShownCount shown={shown} testId={testId} />
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function DemandView({ demand }: { demand: Demand }) {
  const highest = Math.max(1, ...demand.curve.map((point) => point.matchingSearches.count ?? 0));
  return (
    <Stack gap="6" maxW="4xl" data-testid="listing-demand">
      <Stack gap="1">
        <Heading as="h2" size="lg">
          {demand.property.title}
        </Heading>
        <Text color="fg.muted">Asking {priceRange(demand.property.priceMin, demand.property.priceMax)}</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <CountCard label="Active saved searches matching it now" shown={demand.matchingSearches} testId="demand-matching-now" />
        <CountCard label="Buyers who wishlisted it" shown={demand.wishlisted} testId="demand-wishlisted" />
      </SimpleGrid>
      <Stack as="section" gap="3" aria-labelledby="demand-curve-heading">
        <Heading as="h3" size="md" id="demand-curve-heading">
          Demand curve
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          How many active saved searches would match if both ends of the asking range moved by each step, everything else as it is now. See what a price change would do before making it.
        </Text>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Saved searches matching at each price" data-testid="demand-curve">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Change</Table.ColumnHeader>
                <Table.ColumnHeader>Asking range</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Matching searches</Table.ColumnHeader>
                <Table.ColumnHeader minW="32" display={{ base: 'none', md: 'table-cell' }}>
                  <Box srOnly>Bar</Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {demand.curve.map((point) => (
                <Table.Row key={point.changePercent} bg={point.changePercent === 0 ? 'teal.50' : undefined} data-testid="demand-point" data-change={point.changePercent}>
                  <Table.Cell fontWeight={point.changePercent === 0 ? 'semibold' : undefined}>{point.changePercent === 0 ? 'Now' : `${point.changePercent > 0 ? '+' : '−'}${Math.abs(point.changePercent)} %`}</Table.Cell>
                  {/* On a phone the range breaks after its dash, so that the three columns fit the screen. */}
                  <Table.Cell whiteSpace={{ base: 'normal', sm: 'nowrap' }}>{priceRange(point.priceMin, point.priceMax)}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid="demand-point-count">
                    {shownCountText(point.matchingSearches)}
                  </Table.Cell>
                  <Table.Cell display={{ base: 'none', md: 'table-cell' }} aria-hidden>
                    {/* A count kept back (fewer than 3) has no bar: a stub would read as a small number. */}
                    {point.matchingSearches.count !== null && (
                      <HStack>
                        <Box h="3" rounded="sm" bg="teal.500" width={`${Math.max(2, (point.matchingSearches.count / highest) * 100)}%`} />
                      </HStack>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Link asChild color="teal.700" fontSize="sm">
          <RouterLink to={HOW_NUMBERS_ARE_MADE}>How these numbers are made</RouterLink>
        </Link>
      </Stack>
    </Stack>
  );
}
