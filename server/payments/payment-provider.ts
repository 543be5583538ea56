// The card payment provider seam: Stripe's PaymentIntents through the official
// `stripe` SDK, pointed either at Stripe or at the local Stripe-compatible
// server (local-stripe/). Nothing else in the app talks to the provider.
import Stripe from 'stripe';
import { unauthenticated } from '../shared/errors';

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
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch {
        throw unauthenticated('Invalid webhook signature.');
      }
      const object = (event.data as { object?: { object?: string } }).object;
      return { type: event.type, paymentIntent: object?.object === 'payment_intent' ? toIntent(object as Stripe.PaymentIntent) : null };
    },
  };
}
