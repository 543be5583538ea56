// The card payment provider seam: Stripe's PaymentIntents through the official
// `stripe` SDK, pointed either at Stripe or at the local Stripe-compatible
// server (server/local-services/local-stripe.ts). Nothing else in the app talks to the provider.
import Stripe from 'stripe';
import { badInput, unauthenticated } from '../shared/errors';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stripe's per-payment maximum for USD card payments, in cents (USD 999,999.99); the local server enforces it too. */
export const MAX_AMOUNT_CENTS = 99_999_999;

export interface ProviderPaymentIntent {
  id: string;
  status: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  clientSecret: string | null;
}

export interface ProviderEvent {
  type: string;
  paymentIntent: ProviderPaymentIntent | null;
}

export interface PaymentProvider {
  createPaymentIntent(input: { amountCents: number; currency: 'usd'; metadata: Record<string, string>; description: string; idempotencyKey: string }): Promise<ProviderPaymentIntent>;
  /** null when the provider does not know the id. */
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent | null>;
  /** Verifies the Stripe-Signature header; throws UNAUTHENTICATED when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export interface StripeConnection {
  secretKey: string;
  webhookSecret: string;
  /** For the local server: where the SDK sends requests instead of api.stripe.com. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe's payment-intent ids (and the local payment server's): "pi_" and letters, digits or underscores. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,255}$/;

export function createStripeProvider({ secretKey, webhookSecret, endpoint }: StripeConnection): PaymentProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(endpoint ?? {}) });

  const toIntent = (intent: Stripe.PaymentIntent): ProviderPaymentIntent => ({
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
    clientSecret: intent.client_secret,
  });

  return {
    async createPaymentIntent({ amountCents, currency, metadata, description, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency, metadata, description, allowed_payment_method_types: ['card'] },
        { idempotencyKey },
      );
      return toIntent(intent);
    },
    async retrievePaymentIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return null;
        throw error;
      }
    },
    parseWebhook(rawBody, signature) {
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch (error) {
        // The signature is checked first: only a correctly signed body is ever parsed.
        if (error instanceof SyntaxError) throw badInput('Malformed webhook payload.');
        throw unauthenticated('Invalid webhook signature.');
      }
      // Signed, but not shaped like an event: refuse it rather than fail (500).
      if (!isObject(event) || typeof event.type !== 'string') throw badInput('Malformed webhook event.');
      const object = isObject(event.data) ? event.data.object : undefined;
      // An id that cannot be a payment's is nothing to look up: the SDK would ask for another path
      // (an empty id lists payments) and fail, answering 500 and making the provider retry for ever.
      const isPaymentIntent = isObject(object) && object.object === 'payment_intent' && typeof object.id === 'string' && PAYMENT_INTENT_ID.test(object.id) && isObject(object.metadata ?? {});
      return { type: event.type, paymentIntent: isPaymentIntent ? toIntent(object as unknown as Stripe.PaymentIntent) : null };
    },
  };
}
