// Card payments for accepted offers. The amount always comes from the stored
// offer, and an offer becomes bought only after the server has asked the
// provider itself whether the payment succeeded, for that offer, for that amount.
import { emitWebhookEvent, listingObject, offerObject } from '../webhooks/emit';
import { dollars, toCents } from '@opennest/common/money';
import { recordListingEvent } from '../properties/listing-history';
import { lockListing } from '../properties/listing-locks';
import { queueSavedHomeAlert } from '../wishlist/saved-home-alerts';
import { cancelFutureViewings } from '../viewings/listing-ends';
import { requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import type { Offer as OfferRecord } from '../generated/prisma/client';
import type { Logger } from '../infra/logger';
import { AppError, badInput, conflict, forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import type { Notifier } from '../notifications/notifier';
import type { JobQueue } from '../jobs/job-queue';
import { paymentReceiptJob } from './payment-receipt';
import { MAX_AMOUNT_CENTS, type PaymentProvider, type ProviderPaymentIntent } from './payment-provider';
import { paymentsAccess } from './payments.access';

export const CURRENCY = 'usd';
export const ABOVE_CARD_LIMIT =
  'Card payments are limited to $999,999.99 per payment, and this offer is above that. Please contact the agent to arrange another way to pay.';

export interface OfferPayment {
  offerId: string;
  paymentIntentId: string;
  clientSecret: string;
  amount: string;
  currency: string;
}

const offerCents = (offer: OfferRecord) => Number(toCents(offer.amount.toFixed(2)));

export function createPaymentsService({ db, payments, notifier, jobs }: { db: Db; payments: PaymentProvider; notifier: Notifier; jobs: JobQueue }) {
  async function findOffer(id: string): Promise<OfferRecord> {
    const offer = await db.offer.findUnique({ where: { id: parseId(id, 'offer id') } });
    if (!offer) throw notFound('Offer not found.');
    return offer;
  }

  function assertPayable(offer: OfferRecord) {
    if (offer.status === 'bought') throw conflict('This offer is already paid.');
    if (offer.status === 'pending') throw conflict('This offer has not been accepted yet.');
    if (offer.status === 'rejected') throw conflict('This offer was rejected.');
  }

  /** The transition accepted → bought, for a payment the provider confirmed. Idempotent. */
  async function markBought(offer: OfferRecord, intent: ProviderPaymentIntent): Promise<OfferRecord> {
    if (offer.status === 'bought') {
      if (offer.transactionId === intent.id) return offer;
      throw conflict('This offer is already paid.');
    }
    assertPayable(offer);
    if (intent.status !== 'succeeded') throw conflict('The payment has not succeeded.');
    if (intent.metadata.offerId !== offer.id) throw conflict('This payment belongs to another offer.');
    if (intent.currency !== CURRENCY || intent.amount !== offerCents(offer)) throw conflict('The payment amount does not match the offer.');
    // The browser's confirmation and the webhook may both get here: the offer
    // changes by compare-and-set (accepted → bought), so the agent hears of the
    // sale once. A payment id already recorded on another offer is refused by
    // the unique indexes (CONFLICT, db/constraint-meanings.ts).
    const count = await db.$transaction(async (tx) => {
      // The listing's locks first, in their order (listing-locks.ts): its move to
      // sold recounts its places, which reads the agent's role under the agent's lock.
      await lockListing(tx, offer.propertyId);
      const [bought] = await tx.offer.updateManyAndReturn({
        where: { id: offer.id, status: 'accepted' },
        data: { status: 'bought', transactionId: intent.id, paymentIntentId: intent.id },
        include: { property: { select: { title: true } }, buyer: { select: { name: true } } },
      });
      if (bought) {
        // Sold is final: the sale state moves once, whichever payment path gets here.
        await tx.property.updateMany({ where: { id: bought.propertyId, saleState: { not: 'sold' } }, data: { saleState: 'sold' } });
        // Buyers who saved the home hear it sold (a job, after this commits).
        await queueSavedHomeAlert(tx, jobs, await recordListingEvent(tx, bought.propertyId, 'sold'));
        await emitWebhookEvent(tx, jobs, { type: 'payment.succeeded', resource: `offer:${bought.id}`, audience: [bought.agentId, bought.buyerId], object: offerObject(bought) });
        const sold = await tx.property.findUniqueOrThrow({ where: { id: bought.propertyId } });
        await emitWebhookEvent(tx, jobs, { type: 'listing.sold', resource: `listing:${sold.id}`, audience: [sold.agentId], object: listingObject(sold) });
        // A sold home takes no more viewings: the buyers of its future ones are told.
        await cancelFutureViewings(tx, notifier, jobs, { propertyId: bought.propertyId }, 'sold');
        await notifier.notify(tx, {
          recipientId: bought.agentId,
          type: 'sold',
          subjectId: bought.id,
          text: `${bought.buyer.name} paid ${dollars(bought.amount.toFixed(2))} for ${bought.property.title}.`,
          dedupeKey: `sold:${bought.id}`,
        });
        // Paying was the buyer's act on the accepted offer; the receipt goes once, with this transition.
        await notifier.markActedOn(tx, { userId: bought.buyerId }, 'offer', bought.id);
        await jobs.enqueue(tx, paymentReceiptJob, [{ offerId: bought.id, paidAt: new Date().toISOString() }]);
      }
      return bought ? 1 : 0;
    });
    const updated = await findOffer(offer.id);
    if (!count && !(updated.status === 'bought' && updated.transactionId === intent.id)) throw conflict('This offer can no longer be paid.');
    return updated;
  }

  return {
    /**
     * Creates the payment for the buyer's accepted offer, or returns the one
     * already started (same idempotency key per offer and amount).
     */
    async start(caller: Caller, offerId: string): Promise<OfferPayment> {
      const viewer = requireViewer(caller, paymentsAccess.startOfferPayment.roles);
      const offer = await findOffer(offerId);
      if (offer.buyerId !== viewer.id) throw forbidden('This offer is not yours.');
      assertPayable(offer);
      const cents = offerCents(offer);
      if (cents > MAX_AMOUNT_CENTS) throw conflict(ABOVE_CARD_LIMIT);

      const intent = await payments.createPaymentIntent({
        amountCents: cents,
        currency: CURRENCY,
        metadata: { offerId: offer.id },
        description: `OpenNest offer ${offer.id}`,
        idempotencyKey: `offer-payment-${offer.id}-${cents}`,
      });
      if (!intent.clientSecret) throw new Error(`Payment ${intent.id} came back without a client secret.`);
      if (intent.status === 'succeeded') {
        // Paid already (the browser lost the confirmation): finish the job instead.
        await markBought(offer, intent);
        throw conflict('This offer is already paid.');
      }
      await db.offer.updateMany({ where: { id: offer.id, status: 'accepted' }, data: { paymentIntentId: intent.id } });
      return { offerId: offer.id, paymentIntentId: intent.id, clientSecret: intent.clientSecret, amount: offer.amount.toFixed(2), currency: CURRENCY };
    },

    /** After the browser's confirmation: checks with the provider, then marks the offer bought. */
    async complete(caller: Caller, offerId: string, paymentIntentId: string): Promise<OfferRecord> {
      const viewer = requireViewer(caller, paymentsAccess.completeOfferPayment.roles);
      const offer = await findOffer(offerId);
      if (offer.buyerId !== viewer.id) throw forbidden('This offer is not yours.');
      if (typeof paymentIntentId !== 'string' || !/^[\w-]{3,255}$/.test(paymentIntentId)) throw badInput('Invalid payment id.');
      if (offer.status === 'bought' && offer.transactionId === paymentIntentId) return offer;
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
      if (!intent) throw badInput('The payment provider does not know this payment.');
      return markBought(offer, intent);
    },

    /** The provider's signed webhook: completes the same transition if the browser never came back. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined, log: Logger): Promise<{ received: true }> {
      const event = payments.parseWebhook(rawBody, signature);
      if (event.type !== 'payment_intent.succeeded' || !event.paymentIntent) return { received: true };
      const offerId = event.paymentIntent.metadata.offerId;
      if (!offerId) return { received: true };
      try {
        // Trust the provider's answer, not the event body.
        const intent = await payments.retrievePaymentIntent(event.paymentIntent.id);
        if (intent) await markBought(await findOffer(offerId), intent);
      } catch (error) {
        // Nothing to retry for a rule violation; anything else makes the provider retry.
        if (!(error instanceof AppError)) throw error;
        log.warn({ err: error, offerId }, 'payment webhook not applied');
      }
      return { received: true };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
