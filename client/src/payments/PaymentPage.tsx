import { Alert, AspectRatio, Box, Button, Card, Center, Code, DataList, Grid, Heading, HStack, Image, Separator, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import '../ui/recipes/data-list';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { LuArrowLeft, LuEyeOff, LuRefreshCw, LuShieldCheck } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../app/errors';
import { useRuntimeConfig } from '../app/runtime-config';
import { useOfferQuery, type OfferFieldsFragment } from '../offers/offers.generated';
import { useCompleteOfferPaymentMutation, useStartOfferPaymentMutation, type StartOfferPaymentMutation } from './payments.generated';
import { formatCalendarDay } from '@opennest/common/local-time';
import { OfferStatusBadge } from '../offers/offer-parts';
import { dollars } from '@opennest/common/money';
import { AgentChip, PageHeader, PropertyLocation } from '../properties/page-parts';
import { NoLongerListedBadge } from '../properties/NoLongerListed';
import { useAlert } from '../ui/alerts';
import { QueryState } from '../ui/QueryState';
import type { CardFormProps, ConfirmOutcome } from './card-form';
import { isFinalRefusal } from './payment-refusal';

function CardFormUnavailable() {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>The card form could not load. Please reload the page.</Alert.Title>
    </Alert.Root>
  );
}

/** A card form's own chunk, loaded when the page first shows it. */
const lazyCardForm = <P,>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(() => load().catch(() => ({ default: CardFormUnavailable })));

// Each form loads only when used: Stripe Elements (and @stripe/*) for real Stripe, the plain form for the local server.
const StripeCardForm = lazyCardForm(() => import('./StripeCardForm'));
// __LOCAL_CARD_FORM__ is false in a build made with Stripe keys (client/vite.config.ts): the bundler then drops this import and the form's code.
const LocalCardForm = __LOCAL_CARD_FORM__ ? lazyCardForm(() => import('./LocalCardForm')) : null;

const PROPERTY_BOUGHT = '/dash-board/property-bought';

const CARD_UPDATE_FAILED = 'Payment completed but failed to update offer status.';
const DATABASE_UPDATE_FAILED = 'Payment succeeded but database update failed.';

type Payment = StartOfferPaymentMutation['startOfferPayment'];

/** Where starting the payment stands: the server decides the amount and whether it can be paid at all. */
type StartState = { status: 'loading' } | { status: 'ready'; payment: Payment } | { status: 'refused'; error: unknown };

/** Buyer: pay for an accepted offer by card (spec section 2, Payment); the id is the offer's. */
export default function PaymentScreen() {
  const { id = '' } = useParams();
  const offerQuery = useOfferQuery({ variables: { id }, fetchPolicy: 'network-only', notifyOnNetworkStatusChange: true });
  const [startOfferPayment] = useStartOfferPaymentMutation();
  const [start, setStart] = useState<StartState>({ status: 'loading' });
  const startedFor = useRef<string | null>(null);

  const begin = useCallback(async () => {
    setStart({ status: 'loading' });
    try {
      const result = await startOfferPayment({ variables: { offerId: id } });
      const payment = result.data?.startOfferPayment;
      setStart(payment ? { status: 'ready', payment } : { status: 'refused', error: null });
    } catch (startError) {
      setStart({ status: 'refused', error: startError });
    }
  }, [id, startOfferPayment]);

  // Once per offer (a repeated start would be harmless: the server returns the same payment).
  useEffect(() => {
    if (startedFor.current === id) return;
    startedFor.current = id;
    void begin();
  }, [id, begin]);

  return (
    <>
      <PageHeader
        title="Payment"
        subtitle="Pay for your accepted offer by card."
        actions={
          <Button asChild variant="ghost" size="sm">
            <RouterLink to={PROPERTY_BOUGHT}>
              <LuArrowLeft aria-hidden /> Property Bought
            </RouterLink>
          </Button>
        }
      />
      <QueryState
        query={offerQuery}
        data={offerQuery.data?.offer}
        skeleton={<PaymentSkeleton />}
        errorTitle="Could not load the offer"
        notFoundTitle="This offer was not found"
      >
        {(offer) => <PaymentLayout offer={offer} start={start} onRetryStart={() => void begin()} />}
      </QueryState>
    </>
  );
}

function PaymentLayout({ offer, start, onRetryStart }: { offer: OfferFieldsFragment; start: StartState; onRetryStart: () => void }) {
  // The amount charged is the server's (startOfferPayment), never one computed here.
  const amount = start.status === 'ready' ? start.payment.amount : offer.offerAmount;
  const currency = start.status === 'ready' ? start.payment.currency.toUpperCase() : 'USD';
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" alignItems="start" maxW="5xl">
      <OfferSummary offer={offer} amount={amount} currency={currency} />
      <Card.Root>
        <Card.Body p={{ base: '4', md: '6' }} gap="4">
          <Heading as="h2" size="lg">
            Card payment
          </Heading>
          {start.status === 'loading' && <CardFormSkeleton />}
          {start.status === 'refused' && <PaymentRefused offer={offer} error={start.error} onRetry={onRetryStart} />}
          {start.status === 'ready' && <PayWithCard key={start.payment.paymentIntentId} offer={offer} payment={start.payment} />}
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}

function OfferSummary({ offer, amount, currency }: { offer: OfferFieldsFragment; amount: string; currency: string }) {
  const { property, agent } = offer;
  return (
    <Card.Root data-testid="payment-summary">
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Grid templateColumns={{ base: '96px 1fr', sm: '140px 1fr' }} gap="4" alignItems="center">
          <AspectRatio ratio={4 / 3} rounded="md" overflow="hidden" bg="gray.100">
            {property.noLongerListed ? (
              <Center color="fg.muted" fontSize="2xl" aria-hidden>
                <LuEyeOff />
              </Center>
            ) : (
              <Image src={property.thumbnail} alt={property.title} objectFit="cover" />
            )}
          </AspectRatio>
          <Stack gap="1" minW="0">
            <Heading as="h2" size="lg">
              {property.title}
            </Heading>
            {property.noLongerListed ? <NoLongerListedBadge /> : <PropertyLocation location={property.location} />}
            <Box>
              <OfferStatusBadge status={offer.status} />
            </Box>
          </Stack>
        </Grid>
        <AgentChip agent={agent} labelled />
        <DataList.Root orientation="horizontal" size="md" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>Buying date</DataList.ItemLabel>
            <DataList.ItemValue>{formatCalendarDay(offer.buyingDate)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Separator />
        <Box>
          <Text fontSize="sm" color="fg.muted">
            Amount to pay
          </Text>
          <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="teal.700" data-testid="payment-amount" wordBreak="break-word">
            {dollars(amount)}{' '}
            <Text as="span" fontSize="md" fontWeight="medium" color="fg.muted">
              {currency}
            </Text>
          </Text>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function PaymentRefused({ offer, error, onRetry }: { offer: OfferFieldsFragment; error: unknown; onRetry: () => void }) {
  const message = errorMessage(error, 'Something went wrong');
  const final = isFinalRefusal(offer.status, error);
  const paid = offer.status === 'bought';
  return (
    <Stack gap="4" data-testid="payment-refused">
      <Alert.Root status={paid ? 'success' : 'warning'} role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{message}</Alert.Title>
          {paid && offer.transactionId && (
            <Alert.Description>
              Transaction ID: <Code wordBreak="break-all">{offer.transactionId}</Code>
            </Alert.Description>
          )}
        </Alert.Content>
      </Alert.Root>
      <HStack gap="3" flexWrap="wrap">
        {!final && (
          <Button variant="outline" onClick={onRetry}>
            <LuRefreshCw aria-hidden /> Try again
          </Button>
        )}
        <Button asChild colorPalette="teal" variant={final ? 'solid' : 'ghost'}>
          <RouterLink to={PROPERTY_BOUGHT}>Back to Property Bought</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

function PayWithCard({ offer, payment }: { offer: OfferFieldsFragment; payment: Payment }) {
  const { payments } = useRuntimeConfig();
  const alert = useAlert();
  const navigate = useNavigate();
  const [completeOfferPayment] = useCompleteOfferPaymentMutation();
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  // The provider took the money but the offer is not marked bought yet: only recording it is left to do.
  const [charged, setCharged] = useState(false);

  /** Records the confirmed payment; true when the offer is now bought. */
  const complete = async (): Promise<boolean> => {
    let transactionId: string | null = null;
    try {
      const result = await completeOfferPayment({ variables: { offerId: offer.id, paymentIntentId: payment.paymentIntentId } });
      const updated = result.data?.completeOfferPayment;
      if (updated?.status !== 'bought') {
        await alert.show({ status: 'error', title: CARD_UPDATE_FAILED, text: 'Your card was charged. Try updating the status again, or check Property Bought in a moment.' });
        return false;
      }
      transactionId = updated.transactionId;
    } catch {
      await alert.show({ status: 'error', title: DATABASE_UPDATE_FAILED, text: 'Your card was charged. Try updating the status again, or check Property Bought in a moment.' });
      return false;
    }
    await alert.show({
      status: 'success',
      title: 'Payment Successful',
      text: `Transaction ID: ${transactionId ?? payment.paymentIntentId}`,
      autoCloseMs: 2000,
    });
    // Property Bought opens at the offer just paid (on a phone it may be far down the list).
    navigate(`${PROPERTY_BOUGHT}?item=${encodeURIComponent(offer.id)}`);
    return true;
  };

  const onPay = async (confirm: () => Promise<ConfirmOutcome>) => {
    if (processing) return;
    setProcessing(true);
    setCardError(null);
    try {
      const outcome = await confirm();
      if (outcome.status === 'card_error') {
        // Nothing was charged; the same payment can be tried with another card.
        setCardError(outcome.message);
        return;
      }
      if (outcome.status === 'failed') {
        await alert.show({ status: 'error', title: 'Payment Failed', text: outcome.message });
        return;
      }
      if (!(await complete())) setCharged(true);
    } catch (unexpected) {
      await alert.show({ status: 'error', title: 'Payment Failed', text: unexpected instanceof Error && unexpected.message ? unexpected.message : 'Something went wrong' });
    } finally {
      setProcessing(false);
    }
  };

  const retryComplete = async () => {
    setProcessing(true);
    try {
      if (await complete()) setCharged(false);
    } finally {
      setProcessing(false);
    }
  };

  if (charged) {
    return (
      <Stack gap="4" data-testid="payment-charged">
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your payment went through.</Alert.Title>
            <Alert.Description>The offer's status has not been updated yet. Do not pay again; update the status instead.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button colorPalette="teal" onClick={() => void retryComplete()} loading={processing} loadingText="Processing...">
          <LuRefreshCw aria-hidden /> Update status
        </Button>
      </Stack>
    );
  }

  const formProps: CardFormProps = {
    clientSecret: payment.clientSecret,
    paymentIntentId: payment.paymentIntentId,
    payLabel: `Pay ${dollars(payment.amount)}`,
    processing,
    cardError,
    onPay,
  };

  return (
    <Stack gap="4">
      <HStack color="fg.muted" fontSize="sm" gap="1.5" align="start">
        <Box as="span" mt="0.5" flexShrink={0}>
          <LuShieldCheck aria-hidden />
        </Box>
        <Text>Your card details go straight to the payment provider, never to OpenNest.</Text>
      </HStack>
      <Suspense fallback={<CardFormSkeleton />}>
        {payments.provider === 'stripe' ? (
          <StripeCardForm publishableKey={payments.publishableKey} {...formProps} />
        ) : LocalCardForm ? (
          <LocalCardForm apiUrl={payments.apiUrl} publishableKey={payments.publishableKey} {...formProps} />
        ) : (
          <LocalFormNotBuilt />
        )}
      </Suspense>
    </Stack>
  );
}

/** The server uses the local payment server, but this client was built for Stripe (STRIPE_SECRET_KEY set at build time). */
function LocalFormNotBuilt() {
  useEffect(() => {
    console.error('Payments: /api/config names the local payment server, but this client build was made with Stripe keys and has no local card form. Build the client (npm run build) with the same STRIPE_* settings the server runs with.');
  }, []);
  return (
    <Alert.Root status="error" role="alert" data-testid="card-form-missing">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Card payments are not available right now.</Alert.Title>
        <Alert.Description>This site was built for a different payment setup than its server uses. Nothing was charged; please try again later.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function CardFormSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Preparing the payment">
      <Skeleton height="4" width="30%" />
      <Skeleton height="10" />
      <Grid templateColumns="1fr 1fr" gap="4">
        <Skeleton height="10" />
        <Skeleton height="10" />
      </Grid>
      <Skeleton height="12" />
    </Stack>
  );
}

function PaymentSkeleton() {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" maxW="5xl" aria-busy="true" aria-label="Loading the offer">
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <Grid templateColumns={{ base: '96px 1fr', sm: '140px 1fr' }} gap="4" alignItems="center">
            <AspectRatio ratio={4 / 3}>
              <Skeleton rounded="md" />
            </AspectRatio>
            <SkeletonText noOfLines={3} />
          </Grid>
          <Skeleton height="10" width="60%" />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <CardFormSkeleton />
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}
