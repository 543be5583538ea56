// REST routes for payments: the spec's POST /create-payment-intent and the
// provider's signed webhook.
import express, { Router } from 'express';
import { bodyObject } from '../rest/query';
import { contextOf } from '../rest/request-context';
import { badInput } from '../shared/errors';
import type { PaymentsService } from './payments.service';

/** Payload: offerId (and, from legacy callers, amount, which must match the offer's). */
export function paymentsRouter(): Router {
  const router = Router();
  router.post('/create-payment-intent', async (req, res) => {
    const { caller, services } = contextOf(req);
    const body = bodyObject(req);
    if (typeof body.offerId !== 'string') throw badInput('"offerId" is required: the amount is taken from the offer.');
    const payment = await services.payments.start(caller, body.offerId);
    if (body.amount !== undefined && String(body.amount) !== payment.amount && Number(body.amount) !== Number(payment.amount)) {
      throw badInput('The amount does not match the offer.');
    }
    res.json({ clientSecret: payment.clientSecret, paymentIntentId: payment.paymentIntentId, amount: payment.amount, currency: payment.currency });
  });
  return router;
}

/**
 * POST /api/stripe/webhook: needs the raw body for the signature check, so it is
 * mounted before the JSON parser. A bad signature is a 401 and changes nothing.
 */
export function stripeWebhookRoute(payments: PaymentsService): express.Router {
  const router = Router();
  router.post('/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const signature = req.headers['stripe-signature'];
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await payments.handleWebhook(body, typeof signature === 'string' ? signature : undefined, req.log));
  });
  return router;
}
