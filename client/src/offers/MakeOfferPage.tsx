import { AspectRatio, Box, Button, Card, DataList, Flex, Grid, Image, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import '../ui/recipes/data-list';
import { useFormik } from 'formik';
import { useMemo, useRef } from 'react';
import { LuArrowLeft, LuHandCoins } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../app/errors';
import { useAuth } from '../auth/AuthProvider';
import { useMakeOfferMutation } from './offers.generated';
import { useWishlistItemQuery, type WishlistItemFieldsFragment } from '../wishlist/wishlist.generated';
import { priceRange } from '../properties/format';
import { PageHeader, PropertyLocation, SaleStateNotice } from '../properties/page-parts';
import { NoLongerListedNotice } from '../properties/NoLongerListed';
import { keepFieldFocus, useFocusFirstError, useServerAwareValidation } from '../ui/form-validation';
import { createOfferSchema, todayIsoDate } from '@opennest/common/validation/offer';
import { useAlert } from '../ui/alerts';
import { FormField } from '../ui/FormField';
import { QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { evictMyOffers } from './offers.cache';
import { dollars } from '@opennest/common/money';
import { LinkButton } from '../ui/LinkButton';

const WISHLIST = '/dash-board/wishlist';
const PROPERTY_BOUGHT = '/dash-board/property-bought';

interface OfferFormValues {
  offerAmount: string;
  buyingDate: string;
}

const FIELD_NAMES: Array<keyof OfferFormValues> = ['offerAmount', 'buyingDate'];

/** Buyer: an offer on a wishlisted property (spec section 2, Make offer); the id is the wishlist item's. */
export default function MakeOffer() {
  const { id = '' } = useParams();
  // The price range may have changed since the wishlist was loaded: ask the server.
  const wishlistItem = useWishlistItemQuery({ variables: { id }, fetchPolicy: 'network-only', notifyOnNetworkStatusChange: true });

  const skeleton = (
    <Card.Root aria-busy="true" aria-label="Loading the property">
      <Card.Body gap="5" p={{ base: '4', md: '6' }}>
        <Skeleton height="24" />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {Array.from({ length: 2 }, (_, index) => (
            <Stack key={index} gap="2">
              <Skeleton height="4" width="40%" />
              <Skeleton height="10" />
            </Stack>
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );

  return (
    // The header and the card share one width, so the header's link lines up with the card's edge.
    <Box maxW="4xl">
      <PageHeader
        title="Make an Offer"
        subtitle="Offer an amount within the price range; the agent accepts or rejects it."
        actions={
          <LinkButton to={WISHLIST} icon={LuArrowLeft}>
            Wishlist
          </LinkButton>
        }
      />
      <QueryState query={wishlistItem} data={wishlistItem.data?.wishlistItem} skeleton={skeleton} errorTitle="Could not load the property" notFoundTitle="This wishlist item was not found">
        {(item) =>
          // A listing no longer listed, under offer or sold takes no offers: say so instead of showing a form that would be refused.
          item.property.noLongerListed ? (
            <NoLongerListedNotice title={item.property.title} detail="This listing was taken off OpenNest, so it no longer takes offers. Remove it from your wishlist whenever you like." />
          ) : item.property.saleState === 'available' ? (
            <OfferForm key={item.id} item={item} />
          ) : (
            <Card.Root>
              <Card.Body gap="3">
                <Text fontWeight="semibold">{item.property.title}</Text>
                <SaleStateNotice saleState={item.property.saleState} />
              </Card.Body>
            </Card.Root>
          )
        }
      </QueryState>
    </Box>
  );
}

function OfferForm({ item }: { item: WishlistItemFieldsFragment }) {
  const { property } = item;
  const { viewer } = useAuth();
  const alert = useAlert();
  const navigate = useNavigate();
  const today = useMemo(() => todayIsoDate(), []);
  const schema = useMemo(() => createOfferSchema({ priceMin: property.priceMin, priceMax: property.priceMax }, today), [property.priceMin, property.priceMax, today]);
  const { validate, showServerErrors } = useServerAwareValidation<OfferFormValues>(schema, FIELD_NAMES);
  const [makeOffer] = useMakeOfferMutation({
    // The new offer belongs at the top of the Property Bought page: load it afresh there.
    update(cache) {
      evictMyOffers(cache);
      cache.gc();
    },
  });

  const form = useFormik<OfferFormValues>({
    initialValues: { offerAmount: '', buyingDate: '' },
    validate,
    onSubmit: async (values, helpers) => {
      const offerAmount = values.offerAmount.trim();
      let amount: string;
      try {
        const result = await makeOffer({ variables: { input: { propertyId: property.id, offerAmount, buyingDate: values.buyingDate } } });
        amount = result.data?.makeOffer.offerAmount ?? offerAmount;
      } catch (error) {
        if (!showServerErrors(helpers, values, error)) {
          toaster.create({ type: 'error', title: 'Could not make the offer', description: errorMessage(error, 'Something went wrong') });
        }
        return;
      }
      await alert.show({ status: 'success', title: 'Offer Submitted', text: `Your offer of ${dollars(amount)} for "${property.title}" was sent to the agent.`, autoCloseMs: 2000 });
      navigate(PROPERTY_BOUGHT);
    },
  });

  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, formRef);

  const range = priceRange(property.priceMin, property.priceMax);

  return (
    <Card.Root>
      <Card.Body p={{ base: '4', md: '6' }} gap="6">
        {/* The spec's read-only property, agent and buyer information, once: what the offer is about and between whom. */}
        <Grid templateColumns={{ base: '96px 1fr', sm: '160px 1fr' }} gap="4" alignItems="start" data-testid="offer-property">
          <AspectRatio ratio={4 / 3} rounded="md" overflow="hidden" bg="gray.100">
            <Image src={property.thumbnail} alt={property.title} objectFit="cover" />
          </AspectRatio>
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" fontSize="lg" data-testid="offer-property-title">
              {property.title}
            </Text>
            <PropertyLocation location={property.location} />
            <Text fontWeight="semibold" color="teal.700" data-testid="offer-price-range">
              Price range: {range}
            </Text>
          </Stack>
        </Grid>
        <DataList.Root orientation="horizontal" size="md" gap="2" data-testid="offer-parties">
          <DataList.Item>
            <DataList.ItemLabel>Agent</DataList.ItemLabel>
            <DataList.ItemValue overflowWrap="anywhere">
              {property.agent.name} · {property.agent.email}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Buyer (you)</DataList.ItemLabel>
            <DataList.ItemValue overflowWrap="anywhere">
              {viewer?.name} · {viewer?.email}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>

        <form ref={formRef} onSubmit={form.handleSubmit} noValidate aria-label="Make an offer">
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" alignItems="start">
              <FormField
                form={form}
                name="offerAmount"
                label="Offer amount ($)"
                inputMode="decimal"
                autoComplete="off"
                placeholder={`e.g. ${property.priceMin}`}
                helperText={`Between ${dollars(property.priceMin)} and ${dollars(property.priceMax)}.`}
                keepHelperText
              />
              <FormField form={form} name="buyingDate" label="Buying date" type="date" min={today} helperText="Today or later." />
            </SimpleGrid>
            <Flex justify="end">
              <Button type="submit" colorPalette="teal" onMouseDown={keepFieldFocus} loading={form.isSubmitting} loadingText="Submitting..." width={{ base: 'full', sm: 'auto' }}>
                <LuHandCoins aria-hidden /> Make an Offer
              </Button>
            </Flex>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
