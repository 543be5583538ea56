// REST compatibility routes of spec section 7 for offers.
import { Router } from 'express';
import { requireViewer } from '../context/caller';
import type { Offer as OfferRecord } from '../generated/prisma/client';
import type { RequestContext } from '../context/request-context';
import { loadRequired } from '../context/load-required';
import { requiredQuery, sameEmail, typedBody } from '../rest/query';
import { contextOf } from '../context/http';
import { forbidden } from '../shared/errors';

/** The spec's offer document; property, agent and buyer details come from their records. */
export async function toOfferJson(offer: OfferRecord, { loaders }: Pick<RequestContext, 'loaders'>) {
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

export function offersRouter(): Router {
  const router = Router();

  // Payload: propertyId, property/agent/buyer copies, offerAmount, buyingDate. Only
  // propertyId, offerAmount and buyingDate are used; the buyer is the caller.
  router.post('/offers', async (req, res) => {
    const context = contextOf(req);
    const viewer = requireViewer(context.caller, ['user']);
    const body = typedBody(req, { propertyId: 'string', offerAmount: 'amount', buyingDate: 'string', buyerEmail: 'string' });
    if (!sameEmail(body.buyerEmail, viewer.email)) throw forbidden('You can only make offers as yourself.');
    const offer = await context.services.offers.make(context.caller, {
      propertyId: String(body.propertyId ?? ''),
      offerAmount: body.offerAmount,
      buyingDate: typeof body.buyingDate === 'string' ? body.buyingDate.slice(0, 10) : body.buyingDate,
    });
    res.status(201).json({ offerId: offer.id, insertedId: offer.id, ...(await toOfferJson(offer, context)) });
  });

  router.get('/offers/agent/:email', async (req, res) => {
    const context = contextOf(req);
    res.json(await toJsonList(await context.services.offers.listByAgentEmail(context.caller, req.params.email), context));
  });

  router.get('/offers/user', async (req, res) => {
    const context = contextOf(req);
    res.json(await toJsonList(await context.services.offers.listByBuyerEmail(context.caller, requiredQuery(req, 'email')), context));
  });

  router.put('/offers/accept/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    await services.offers.accept(caller, req.params.id);
    res.json({ modifiedCount: 1 });
  });

  router.put('/offers/reject/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    await services.offers.reject(caller, req.params.id);
    res.json({ modifiedCount: 1 });
  });

  // transactionId is the provider's payment id; the server checks it with the provider.
  // The provider's webhook often marks the offer bought before the browser's call
  // arrives; the call still succeeded (the offer is bought with this payment), and
  // legacy clients show 'Payment completed but failed to update offer status.' on
  // a modifiedCount of 0, so success answers 1 whoever recorded the payment first.
  router.put('/offers/mark-paid/:id', async (req, res) => {
    const { caller, services } = contextOf(req);
    const transactionId = String(typedBody(req, { transactionId: 'string' }).transactionId ?? '');
    const after = await services.payments.complete(caller, req.params.id, transactionId);
    res.json({ modifiedCount: after.status === 'bought' && after.transactionId === transactionId ? 1 : 0 });
  });

  router.get('/offers/:id', async (req, res) => {
    const context = contextOf(req);
    res.json(await toOfferJson(await context.services.offers.get(context.caller, req.params.id), context));
  });

  router.get('/sold-properties/:email', async (req, res) => {
    const context = contextOf(req);
    const { offers, total } = await context.services.offers.salesByAgentEmail(context.caller, req.params.email);
    res.setHeader('X-Total-Sold', total);
    res.json(await toJsonList(offers, context));
  });

  return router;
}
