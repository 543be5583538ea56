// REST routes of spec section 7 for offers.
import { requireViewer } from '../context/caller';
import { loadRequired } from '../context/load-required';
import type { RequestContext } from '../context/request-context';
import type { Offer as OfferRecord } from '../generated/prisma/client';
import { dateTime, email, id, ModifiedCount, idParams } from '../rest/answers';
import { amount, ignored, jsonBody, sameEmail, text } from '../rest/inputs';
import { routesOf, type ApiRoute } from '../rest/route';
import { offersAccess } from './offers.access';
import { listByEmail } from '../rest/route-kinds';
import { z } from '../rest/zod';
import { forbidden } from '../shared/errors';

const route = routesOf(offersAccess);

const OfferJson = z
  .strictObject({
    _id: id,
    propertyId: id,
    propertyTitle: z.string(),
    propertyLocation: z.string(),
    propertyImage: z.string(),
    agentName: z.string(),
    agentEmail: email,
    buyerName: z.string(),
    buyerEmail: email,
    offerAmount: z.number().min(0).openapi({ description: 'Dollars, at most 2 decimals.' }),
    buyingDate: z.iso.date(),
    status: z.enum(['pending', 'accepted', 'rejected', 'bought']),
    transactionId: z.string().optional().openapi({ description: 'The payment provider’s payment id; present once the offer is bought.' }),
    createdAt: dateTime,
  })
  .openapi('Offer', {
    description:
      'An offer (spec section 3). Property, agent and buyer fields come from their records; a property no longer listed (rejected, deleted, its agent marked as fraud) keeps only its title: propertyLocation and propertyImage are empty.',
  });

/** The spec's offer document; property, agent and buyer details come from their records. */
export async function toOfferJson(offer: OfferRecord, { loaders }: Pick<RequestContext, 'loaders'>): Promise<z.input<typeof OfferJson>> {
  const [property, agent, buyer] = await Promise.all([
    loadRequired(loaders.propertyById, offer.propertyId, 'property'),
    loadRequired(loaders.userById, offer.agentId, 'agent'),
    loadRequired(loaders.userById, offer.buyerId, 'buyer'),
  ]);
  return {
    _id: offer.id,
    propertyId: property.id,
    propertyTitle: property.title,
    propertyLocation: property.location,
    propertyImage: property.image,
    agentName: agent.name,
    agentEmail: agent.email,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    // A JSON number, as legacy callers expect (at most 14 significant digits: exact in a double).
    offerAmount: Number(offer.amount.toFixed(2)),
    buyingDate: offer.buyingDate.toISOString().slice(0, 10),
    status: offer.status,
    transactionId: offer.transactionId ?? undefined,
    createdAt: offer.createdAt.toISOString(),
  };
}

const toJsonList = (offers: OfferRecord[], context: RequestContext) => Promise.all(offers.map((offer) => toOfferJson(offer, context)));

/** Accept and reject: the same route shape, one service call each. */
const decisionRoute = (action: 'accept' | 'reject', summary: string, description: string) =>
  route(`PUT /offers/${action}/{id}`, `${action}Offer`, {
    summary,
    description,
    params: idParams,
    success: { status: 200, description: action === 'accept' ? 'Accepted.' : 'Rejected.', schema: ModifiedCount },
    refusals: [403, 404, 409],
    async handler({ params, context: { caller, services } }) {
      await services.offers[action](caller, params.id);
      return { modifiedCount: 1 };
    },
  });

export const offerRoutes: ApiRoute[] = [
  // Payload: propertyId, property/agent/buyer copies, offerAmount, buyingDate. Only
  // propertyId, offerAmount and buyingDate are used; the buyer is the caller.
  route('POST /offers', 'makeOffer', {
    summary: 'Offer on a verified listing (users)',
    description:
      'Only propertyId, offerAmount and buyingDate are used; the buyer is the caller. 409 when the caller has an open offer on the listing or it has an accepted one.',
    body: {
      kind: 'json',
      schema: jsonBody('OfferInput', {
        propertyId: text({ required: true, format: 'uuid' }),
        offerAmount: amount({ required: true, description: 'Within the property’s current priceMin..priceMax, inclusive.' }),
        buyingDate: text({ required: true, description: 'YYYY-MM-DD (a longer ISO date-time is cut to its date), not in the past.', examples: ['2030-01-31'] }),
        buyerEmail: text({ description: 'Optional; if sent, it must be the caller’s own e-mail (403 otherwise).' }),
        propertyTitle: ignored('joined from the property.'),
        propertyLocation: ignored('joined from the property.'),
        propertyImage: ignored('joined from the property.'),
        agentName: ignored('joined from the property’s agent.'),
        agentEmail: ignored('joined from the property’s agent.'),
        buyerName: ignored('the buyer is the caller.'),
        status: ignored('new offers are pending.'),
        transactionId: ignored('set only by a confirmed payment.'),
      }),
    },
    success: { status: 201, description: 'The offer, its id as offerId (and insertedId).', schema: z.strictObject({ ...OfferJson.shape, offerId: id, insertedId: id }) },
    refusals: [403, 404, 409],
    async handler({ body, context }) {
      if (!sameEmail(body.buyerEmail, requireViewer(context.caller).email)) throw forbidden('You can only make offers as yourself.');
      const offer = await context.services.offers.make(context.caller, {
        propertyId: String(body.propertyId ?? ''),
        offerAmount: body.offerAmount,
        buyingDate: typeof body.buyingDate === 'string' ? body.buyingDate.slice(0, 10) : body.buyingDate,
      });
      return { offerId: offer.id, insertedId: offer.id, ...(await toOfferJson(offer, context)) };
    },
  }),

  route('GET /offers/agent/{email}', 'listOffersByAgent', listByEmail('path', {
    summary: 'Offers on an agent’s listings, newest first',
    answer: { description: 'The offers.', schema: z.array(OfferJson) },
    list: async (context, email) => toJsonList(await context.services.offers.listByAgentEmail(context.caller, email), context),
  })),

  route('GET /offers/user?email={email}', 'listOffersByBuyer', listByEmail('query', {
    summary: 'A buyer’s offers, newest first',
    answer: { description: 'The offers.', schema: z.array(OfferJson) },
    list: async (context, email) => toJsonList(await context.services.offers.listByBuyerEmail(context.caller, email), context),
  })),

  decisionRoute(
    'accept',
    'Accept a pending offer on one’s own listing (agents)',
    'Every other pending offer on the listing is rejected. 409 unless pending, when another offer is accepted, or the listing was removed.',
  ),
  decisionRoute('reject', 'Reject a pending offer on one’s own listing (agents)', '409 unless pending.'),

  // transactionId is the provider's payment id; the server checks it with the provider.
  // The provider's webhook often marks the offer bought before the browser's call
  // arrives; the call still succeeded (the offer is bought with this payment), and
  // legacy clients show 'Payment completed but failed to update offer status.' on
  // a modifiedCount of 0, so success answers 1 whoever recorded the payment first.
  route('PUT /offers/mark-paid/{id}', 'markOfferPaid', {
    summary: 'Record the payment of one’s own accepted offer (users)',
    description:
      'The server asks the provider whether the payment succeeded, for this offer and its exact amount. modifiedCount is 1 whoever recorded it first (this call or the webhook). 400 when the provider does not know the payment; 409 when it has not succeeded, belongs to another offer or amount, or the offer is not payable.',
    params: idParams,
    body: {
      kind: 'json',
      schema: jsonBody('MarkPaidInput', {
        transactionId: text({
          required: true,
          pattern: '^[\\w-]{3,255}$',
          description: 'The paymentIntentId of POST /create-payment-intent; the server asks the provider whether it succeeded, for this offer and amount.',
        }),
        status: ignored('the offer becomes bought only through a confirmed payment.'),
      }),
    },
    success: { status: 200, description: 'Bought.', schema: ModifiedCount },
    refusals: [403, 404, 409],
    async handler({ params, body, context: { caller, services } }) {
      const transactionId = String(body.transactionId ?? '');
      const after = await services.payments.complete(caller, params.id, transactionId);
      return { modifiedCount: after.status === 'bought' && after.transactionId === transactionId ? 1 : 0 };
    },
  }),

  route('GET /offers/{id}', 'getOffer', {
    summary: 'One offer (its buyer, its agent, admins)',
    params: idParams,
    success: { status: 200, description: 'The offer.', schema: OfferJson },
    refusals: [403, 404],
    handler: async ({ params, context }) => toOfferJson(await context.services.offers.get(context.caller, params.id), context),
  }),

  route('GET /sold-properties/{email}', 'listSoldByAgent', listByEmail('path', {
    summary: 'An agent’s bought offers, newest first, and their exact total',
    answer: {
      description: 'The bought offers.',
      schema: z.array(OfferJson),
      headers: z.object({ 'X-Total-Sold': z.string().regex(/^\d+\.\d{2}$/).openapi({ description: 'The exact sum of the listed offers, a decimal string with 2 decimals.' }) }),
    },
    async list(context, email, res) {
      const { offers, total } = await context.services.offers.salesByAgentEmail(context.caller, email);
      res.setHeader('X-Total-Sold', total);
      return toJsonList(offers, context);
    },
  })),
];
