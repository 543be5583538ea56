// REST routes for payments: the spec's POST /create-payment-intent and the
// provider's signed webhook.
import { isMoney, moneyText, toCents } from '@opennest/common/money';
import { amount, jsonBody, text } from '../rest/inputs';
import { routesOf, type ApiRoute } from '../rest/route';
import { paymentsAccess } from './payments.access';
import { z } from '../rest/zod';
import { badInput } from '../shared/errors';

const route = routesOf(paymentsAccess);

const PaymentIntentJson = z
  .strictObject({
    clientSecret: z.string().openapi({ description: 'For confirming the card payment in the browser.' }),
    paymentIntentId: z.string().openapi({ description: 'The provider’s payment id: the transactionId of PUT /offers/mark-paid/{id}.' }),
    amount: z
      .string()
      .regex(/^\d{1,12}\.\d{2}$/)
      .openapi({ description: 'The offer’s amount, a decimal string with 2 decimals.' }),
    currency: z.literal('usd'),
  })
  .openapi('PaymentIntent');

export const paymentRoutes: ApiRoute[] = [
  // Payload: offerId (and, from legacy callers, amount, which must match the offer's).
  route('POST /create-payment-intent', 'createPaymentIntent', {
    summary: 'Start (or resume) the card payment of one’s own accepted offer (users)',
    description: 'The amount is the offer’s; the spec’s amount, if sent, must match it (400). 409 when the offer is not accepted, already paid, or above the card limit.',
    body: {
      kind: 'json',
      schema: jsonBody('PaymentIntentInput', {
        offerId: text({ required: true, format: 'uuid', description: 'The caller’s accepted offer; the amount is taken from it.' }),
        amount: amount({ description: 'Optional (the spec’s payload); if sent, it must equal the offer’s amount (400 otherwise).' }),
      }),
    },
    success: { status: 200, description: 'The payment to confirm in the browser.', schema: PaymentIntentJson },
    refusals: [403, 404, 409],
    async handler({ body, context: { caller, services } }) {
      if (typeof body.offerId !== 'string') throw badInput('"offerId" is required: the amount is taken from the offer.');
      if (body.amount !== undefined) {
        // Checked before anything is created at the provider.
        const offer = await services.offers.get(caller, body.offerId);
        if (!isMoney(moneyText(body.amount)) || toCents(moneyText(body.amount) as string) !== toCents(offer.amount.toFixed(2))) {
          throw badInput('The amount does not match the offer.');
        }
      }
      const payment = await services.payments.start(caller, body.offerId);
      return { clientSecret: payment.clientSecret, paymentIntentId: payment.paymentIntentId, amount: payment.amount, currency: payment.currency };
    },
  }),

  // The signature is over the raw body, so the body is handed over unparsed; a
  // bad signature is a 401 and changes nothing.
  route('POST /stripe/webhook', 'stripeWebhook', {
    spec: false,
    summary: 'The payment provider’s signed events',
    description:
      'Verified with the Stripe-Signature header over the raw body (401 otherwise, and nothing changes). A signed body that is not an event is a 400. payment_intent.succeeded marks the paid offer bought (after asking the provider); events that cannot apply are acknowledged and logged.',
    body: {
      kind: 'raw',
      schema: z
        .object({ id: z.string().optional(), type: z.string(), data: z.object({ object: z.object({}).optional() }).optional() })
        .openapi('StripeEvent', { description: 'A Stripe event, signed by the provider. payment_intent.succeeded marks the paid offer bought; other events are acknowledged and ignored.' }),
    },
    success: { status: 200, description: 'Received.', schema: z.strictObject({ received: z.literal(true) }) },
    otherAnswers: {
      500: { description: 'The provider could not be asked about the payment; it retries the event later.', schema: z.looseObject({}) },
    },
    async handler({ body, req, context }) {
      const signature = req.headers['stripe-signature'];
      return context.services.payments.handleWebhook(body, typeof signature === 'string' ? signature : undefined, req.log);
    },
  }),
];
