// REST routes for payments: the spec's POST /create-payment-intent and the
// provider's signed webhook.
import express, { Router } from 'express';
import { requireViewer } from '../context/caller';
import { typedBody } from '../rest/query';
import { contextOf } from '../context/http';
import { isMoney, moneyText, toCents } from '@opennest/common/money';
import { badInput } from '../shared/errors';
import type { PaymentsService } from './payments.service';

/** Payload: offerId (and, from legacy callers, amount, which must match the offer's). */
export function paymentsRouter(): Router {
  const router = Router();
  router.post('/create-payment-intent', async (req, res) => {
    const { caller, services } = contextOf(req);
    requireViewer(caller, ['user']);
    const body = typedBody(req, { offerId: 'string', amount: 'amount' });
    if (typeof body.offerId !== 'string') throw badInput('"offerId" is required: the amount is taken from the offer.');
    if (body.amount !== undefined) {
      // Checked before anything is created at the provider.
      const offer = await services.offers.get(caller, body.offerId);
      if (!isMoney(moneyText(body.amount)) || toCents(moneyText(body.amount) as string) !== toCents(offer.amount.toFixed(2))) {
        throw badInput('The amount does not match the offer.');
      }
    }
    const payment = await services.payments.start(caller, body.offerId);
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
