import { AspectRatio, Badge, Box, Card, Container, Grid, Heading, HStack, Link, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { PersonAvatar } from '../ui/PersonAvatar';
import { lazy, Suspense, useRef } from 'react';
import { LuArrowLeft, LuCalendar, LuMail } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router';
import { formatLocalDate } from '@opennest/common/local-time';
import { InViewerLocale } from '../ui/InViewerLocale';
import { usePropertyDetailsQuery, type PropertyDetailsQuery } from './properties.generated';
import NotFoundPage from '../pages/NotFoundPage';
import { isNotFound } from '../app/errors';
import { QueryState } from '../ui/QueryState';
import { priceRange, STATUS_COLOUR } from './format';
import { AmenityList, PropertyFacts, PropertyLocation, SaleBadge, SaleStateNotice } from './page-parts';
import { PropertyReviewsSlot } from './PropertyReviewsSlot';
import { ListingTimeline } from './ListingTimeline';
import { PropertyGallery } from './PropertyGallery';
import { ReportListingButton } from '../reports/ReportListingButton';
import { PropertyWishlistSlot } from './PropertyWishlistSlot';
import { ContactAgentButton } from '../messages/ContactAgentButton';
import { titled } from '../layout/page-title';
import { useAuth } from '../auth/AuthProvider';
import { ListingDecisionPanel } from './listing-decision';
import { AgentReplyTime } from '../insight/ReplyTime';
import { SaleRecordPanel } from '../insight/SaleRecordPanel';
import { AreaSalePrices } from '../insight/AreaSalePrices';
import { EmailAddress } from '../ui/EmailAddress';

// Viewings and open houses: their own chunk, loaded with the page.
const PropertyViewingsSlot = lazy(() => import('../viewings/PropertyViewingsSlot'));
// The affordability calculator: below the fold, its own chunk (Formik and the shared rules come with it).
const MortgageCalculator = lazy(() => import('./MortgageCalculator'));
// Below the fold: its cards and query load after the listing.
const SimilarHomes = lazy(() => import('./SimilarHomes'));


export default function PropertyDetailsPage() {
  const { id = '' } = useParams();
  const details = usePropertyDetailsQuery({ variables: { id } });
  const property = details.data?.property;
  // Unknown ids, listings this viewer may not see and ids that are no ids at all: the whole page is a 404.
  if (!property && !details.loading && isNotFound(details.error)) {
    return (
      <>
        <title>{titled('Page Not Found')}</title>
        <NotFoundPage />
      </>
    );
  }

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <title>{titled(property?.title ?? 'Property Details')}</title>
      <Link asChild color="teal.700" fontWeight="medium" mb="6" display="inline-flex" gap="1" alignItems="center">
        <RouterLink to="/allProperties">
          <LuArrowLeft aria-hidden /> All properties
        </RouterLink>
      </Link>
      <QueryState query={details} data={property} skeleton={<DetailsSkeleton />} errorTitle="Could not load this property">
        {(loaded) => <PropertyDetails property={loaded} />}
      </QueryState>
    </Container>
  );
}

function PropertyDetails({ property }: { property: PropertyDetailsQuery['property'] }) {
  const { agent } = property;
  const { viewer } = useAuth();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <Stack gap={{ base: '8', md: '10' }} data-testid="property-details">
      {/* minmax(0, …): a column never grows to its content's width (the thumbnail strip scrolls instead of widening the page on a phone). */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap={{ base: '6', lg: '10' }} alignItems="start">
        <PropertyGallery photos={property.photos} title={property.title} />

        <Stack gap="5">
          <Stack gap="3">
            <HStack gap="2">
              <Badge alignSelf="start" size="lg" colorPalette={STATUS_COLOUR[property.status]} textTransform="capitalize" data-testid="property-status">
                {property.status}
              </Badge>
              <SaleBadge saleState={property.saleState} size="lg" />
            </HStack>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight" lineHeight="1.2" ref={headingRef} tabIndex={-1} outline="none">
              {property.title}
            </Heading>
            <PropertyLocation location={property.location} gap="1.5" />
            <PropertyFacts property={property} withYear />
          </Stack>

          <Box borderWidth="1px" rounded="lg" p="4" bg="teal.50" borderColor="teal.100">
            <Text fontSize="sm" color="teal.800" fontWeight="medium">
              Price range
            </Text>
            <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" color="teal.800" data-testid="property-price">
              {priceRange(property.priceMin, property.priceMax)}
            </Text>
          </Box>
          <AreaSalePrices propertyId={property.id} />

          {viewer?.role === 'admin' && property.status === 'pending' && <ListingDecisionPanel property={property} focusAfter={headingRef} />}

          {property.saleState === 'available' ? <PropertyWishlistSlot property={property} /> : <SaleStateNotice saleState={property.saleState} />}

          <Card.Root variant="outline" size="sm" data-testid="property-agent">
            <Card.Body>
              <Text fontSize="sm" color="fg.muted" mb="3">
                Listed by
              </Text>
              <HStack gap="3">
                <PersonAvatar person={agent} size="lg" />
                <Stack gap="0" minW="0">
                  <Text fontWeight="semibold">{agent.name}</Text>
                  <Link href={`mailto:${agent.email}`} color="teal.700" fontSize="sm" display="inline-flex" gap="1" alignItems="center" overflowWrap="anywhere">
                    <LuMail aria-hidden /> <EmailAddress email={agent.email} />
                  </Link>
                </Stack>
              </HStack>
              <Box mt="3">
                <AgentReplyTime agentId={agent.id} />
              </Box>
              <ContactAgentButton property={property} />
            </Card.Body>
          </Card.Root>

          <HStack color="fg.muted" fontSize="sm" gap="1.5">
            <LuCalendar aria-hidden />
            <Text>
              Listed on <InViewerLocale>{formatLocalDate(new Date(property.createdAt))}</InViewerLocale>
            </Text>
          </HStack>
          <ReportListingButton property={property} />
        </Stack>
      </Grid>

      <Box as="section" aria-labelledby="description-heading">
        <Heading as="h2" id="description-heading" size="xl" mb="3">
          About this property
        </Heading>
        <Text color={property.description ? 'fg' : 'fg.muted'} whiteSpace="pre-line" lineHeight="tall" maxW="3xl" data-testid="property-description">
          {property.description?.trim() || 'No description provided.'}
        </Text>
        {property.amenities.length > 0 && (
          <Box mt="5">
            <Heading as="h3" size="md" mb="2">
              Amenities
            </Heading>
            <AmenityList amenities={property.amenities} />
          </Box>
        )}
      </Box>

      {property.saleState === 'sold' && <SaleRecordPanel propertyId={property.id} agentId={agent.id} />}

      {property.saleState !== 'sold' && (
        <Suspense fallback={null}>
          <MortgageCalculator property={property} />
        </Suspense>
      )}

      <Suspense fallback={null}>
        <PropertyViewingsSlot property={property} />
      </Suspense>

      <Suspense fallback={null}>
        <SimilarHomes propertyId={property.id} />
      </Suspense>

      <ListingTimeline property={property} />

      <PropertyReviewsSlot property={property} />
    </Stack>
  );
}

function DetailsSkeleton() {
  return (
    <Stack gap="10" role="status" aria-label="Loading property" aria-busy="true">
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={{ base: '6', lg: '10' }}>
        <AspectRatio ratio={4 / 3} rounded="xl" overflow="hidden">
          <Skeleton />
        </AspectRatio>
        <Stack gap="5">
          <Skeleton height="6" width="24" />
          <Skeleton height="10" width="80%" />
          <Skeleton height="5" width="50%" />
          <Skeleton height="20" />
          <Skeleton height="24" />
        </Stack>
      </Grid>
      <SkeletonText noOfLines={4} maxW="3xl" />
    </Stack>
  );
}
