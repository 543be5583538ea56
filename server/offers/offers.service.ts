// Offers: buyers offer within a property's price range; the property's agent
// accepts one (rejecting the rest) or rejects; payment later marks it bought.
import { emitWebhookEvent, offerObject } from '../webhooks/emit';
import { dollars, normalizeMoney } from '@opennest/common/money';
import { recordListingEvent } from '../properties/listing-history';
import type { JobQueue } from '../jobs/job-queue';
import { queueSavedHomeAlert } from '../wishlist/saved-home-alerts';
import { createOfferSchema } from '@opennest/common/validation/offer';
import { requireSelfOrAdmin, requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import { OFFER_RECORD, readRecords, selectRecord } from '../db/records';
import { Prisma, type Offer as OfferRecord, type User as UserRecord } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;
import { conflict, forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { newestFirstQuery, OWN_LIST_PAGES, type Page, type PageArgs } from '../shared/pagination';
import { validateInput } from '../shared/validate';
import { findPublicListing } from '../properties/listing-visibility';
import { isListedForBuyers, lockListing } from '../properties/listing-locks';
import { OPEN_OFFER_EXISTS } from '../db/constraint-meanings';
import type { Notifier } from '../notifications/notifier';
import { offersAccess } from './offers.access';

export const PROPERTY_REMOVED = 'This property has been removed.';
export const NO_LONGER_LISTED = 'This property is no longer listed.';
export const ONLY_PENDING = 'Only pending offers can be accepted or rejected.';

/**
 * The earliest calendar date anywhere on Earth right now (UTC-12): a buyer whose
 * local "today" is that date is not choosing a past date, whatever our clock says.
 */
export const earliestTodayOnEarth = (now = new Date()) => new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);

const newestFirst = [{ createdAt: 'desc' }, { id: 'desc' }] satisfies Prisma.OfferOrderByWithRelationInput[];

export function createOffersService({ db, notifier, jobs }: { db: Db; notifier: Notifier; jobs: JobQueue }) {
  async function findOffer(id: string): Promise<OfferRecord> {
    const offer = await db.offer.findUnique({ where: { id: parseId(id, 'offer id') } });
    if (!offer) throw notFound('Offer not found.');
    return offer;
  }

  function assertAgentOf(viewer: UserRecord, offer: OfferRecord) {
    if (offer.agentId !== viewer.id) throw forbidden('This offer is on another agent’s property.');
  }

  /** A page of the offers whose buyer or agent is `userId`, newest first (indexes offers(buyer_id|agent_id, created_at, id); read through the driver, records.ts). */
  async function offersPage(side: 'buyer_id' | 'agent_id', userId: string, args: PageArgs): Promise<Page<OfferRecord>> {
    const q = newestFirstQuery(args, OWN_LIST_PAGES);
    return q.page(await readRecords(db, OFFER_RECORD, Prisma.sql`SELECT ${selectRecord(OFFER_RECORD, 'o')} FROM offers o WHERE o.${Prisma.raw(side)} = ${userId}::uuid ${q.sql('o')}`));
  }

  return {
    async make(caller: Caller, input: { propertyId: string; offerAmount: unknown; buyingDate: unknown }): Promise<OfferRecord> {
      const viewer = requireViewer(caller, offersAccess.makeOffer.roles);
      const property = await findPublicListing(db, input.propertyId);
      const propertyId = property.id;
      // The range is the property's current one, never numbers the client sent.
      const schema = createOfferSchema({ priceMin: property.priceMin.toFixed(2), priceMax: property.priceMax.toFixed(2) }, earliestTodayOnEarth());
      const { offerAmount, buyingDate } = await validateInput(schema, { offerAmount: input.offerAmount, buyingDate: input.buyingDate });

      // The listing's locks (listing-locks.ts: the agent's row, then the
      // listing's): an offer cannot slip in beside an acceptance, a fraud marking
      // or a deletion happening at the same moment. A simultaneous second offer of
      // the same buyer loses on the partial unique index (CONFLICT, constraint-meanings.ts).
      return db.$transaction(async (tx) => {
        const locked = await lockListing(tx, propertyId);
        if (!locked || !isListedForBuyers(locked)) throw notFound('Property not found.');
        const existing = await tx.offer.findFirst({ where: { propertyId, buyerId: viewer.id, status: { in: ['pending', 'accepted'] } } });
        if (existing) throw conflict(OPEN_OFFER_EXISTS);
        if (await tx.offer.count({ where: { propertyId, status: { in: ['accepted', 'bought'] } } })) {
          throw conflict('This property already has an accepted offer.');
        }
        const offer = await tx.offer.create({
          data: {
            propertyId,
            buyerId: viewer.id,
            agentId: property.agentId,
            amount: normalizeMoney(offerAmount),
            buyingDate: new Date(`${buyingDate}T00:00:00.000Z`),
            status: 'pending',
          },
        });
        await emitWebhookEvent(tx, jobs, { type: 'offer.created', resource: `offer:${offer.id}`, audience: [offer.agentId, offer.buyerId], object: offerObject(offer) });
        await notifier.notify(tx, {
          recipientId: property.agentId,
          type: 'offer_received',
          subjectId: offer.id,
          text: `${viewer.name} offered ${dollars(offer.amount.toFixed(2))} on ${locked.title}.`,
          dedupeKey: `offer-received:${offer.id}`,
        });
        return offer;
      });
    },

    /** The calling buyer's offers, a page at a time. */
    async listMine(caller: Caller, args: PageArgs): Promise<Page<OfferRecord>> {
      return offersPage('buyer_id', requireViewer(caller, offersAccess.myOffers.roles).id, args);
    },

    /** The spec's GET /offers/user?email=: one's own offers, or anyone's for an admin. */
    async listByBuyerEmail(caller: Caller, email: string): Promise<OfferRecord[]> {
      const normalized = requireSelfOrAdmin(caller, email, 'You can only see your own offers.');
      return db.offer.findMany({ where: { buyer: { email: normalized } }, orderBy: newestFirst });
    },

    /** Offers on the calling agent's listings, a page at a time. */
    async listForAgent(caller: Caller, args: PageArgs): Promise<Page<OfferRecord>> {
      return offersPage('agent_id', requireViewer(caller, offersAccess.offersOnMyProperties.roles).id, args);
    },

    /** The spec's GET /offers/agent/{email}: one's own, or anyone's for an admin. */
    async listByAgentEmail(caller: Caller, email: string): Promise<OfferRecord[]> {
      const normalized = requireSelfOrAdmin(caller, email, 'You can only see offers on your own properties.');
      return db.offer.findMany({ where: { agent: { email: normalized } }, orderBy: newestFirst });
    },

    async get(caller: Caller, id: string): Promise<OfferRecord> {
      const viewer = requireViewer(caller);
      const offer = await findOffer(id);
      if (offer.buyerId !== viewer.id && offer.agentId !== viewer.id && viewer.role !== 'admin') throw forbidden('This offer is not yours.');
      return offer;
    },

    /**
     * Accepts a pending offer and rejects every other pending offer on the same
     * property, in one transaction that holds the listing's locks
     * (listing-locks.ts). The offer changes by compare-and-set (`WHERE status =
     * 'pending'`), so a reject, a deletion or a fraud marking that got there
     * first wins and this one answers CONFLICT; a second accepted offer on the
     * property is refused by the partial unique index (ALREADY_ACCEPTED).
     */
    async accept(caller: Caller, id: string): Promise<AcceptedOffer> {
      const viewer = requireViewer(caller, offersAccess.acceptOffer.roles);
      const offer = await findOffer(id);
      assertAgentOf(viewer, offer);
      return db.$transaction(async (tx) => {
        const listing = await lockListing(tx, offer.propertyId);
        if (!listing || listing.deletedAt) throw conflict(PROPERTY_REMOVED);
        if (!isListedForBuyers(listing)) throw conflict(NO_LONGER_LISTED);
        const [accepted] = await tx.offer.updateManyAndReturn({ where: { id: offer.id, status: 'pending' }, data: { status: 'accepted' } });
        if (!accepted) throw conflict(ONLY_PENDING);
        // The listing is under offer from the moment its offer is (the row is locked above).
        await tx.property.update({ where: { id: offer.propertyId }, data: { saleState: 'under_offer' } });
        // Buyers who saved the home hear it is under offer (a job, after this commits).
        await queueSavedHomeAlert(tx, jobs, await recordListingEvent(tx, offer.propertyId, 'offer_accepted'));
        const outbid = await tx.offer.updateManyAndReturn({
          where: { propertyId: offer.propertyId, status: 'pending', id: { not: offer.id } },
          data: { status: 'rejected' },
        });
        const { title } = listing;
        await emitWebhookEvent(tx, jobs, { type: 'offer.accepted', resource: `offer:${accepted.id}`, audience: [accepted.agentId, accepted.buyerId], object: offerObject(accepted) });
        for (const lost of outbid) await emitWebhookEvent(tx, jobs, { type: 'offer.rejected', resource: `offer:${lost.id}`, audience: [lost.agentId, lost.buyerId], object: offerObject(lost) });
        await notifier.markActedOn(tx, { userId: viewer.id }, 'offer', accepted.id);
        await notifier.notify(tx, [
          {
            recipientId: accepted.buyerId,
            type: 'offer_accepted',
            subjectId: accepted.id,
            text: `Your offer of ${dollars(accepted.amount.toFixed(2))} on ${title} was accepted. You can pay for it now.`,
            dedupeKey: `offer-accepted:${accepted.id}`,
          },
          ...outbid.map((rejected) => ({
            recipientId: rejected.buyerId,
            type: 'offer_outbid' as const,
            subjectId: rejected.id,
            text: `Another offer on ${title} was accepted, so yours was rejected.`,
            dedupeKey: `offer-rejected:${rejected.id}`,
          })),
        ]);
        return { ...accepted, rejectedAtAcceptance: outbid };
      });
    },

    async reject(caller: Caller, id: string): Promise<OfferRecord> {
      const viewer = requireViewer(caller, offersAccess.rejectOffer.roles);
      const offer = await findOffer(id);
      assertAgentOf(viewer, offer);
      return db.$transaction(async (tx) => {
        const [rejected] = await tx.offer.updateManyAndReturn({ where: { id: offer.id, status: 'pending' }, data: { status: 'rejected' } });
        if (!rejected) throw conflict(ONLY_PENDING);
        await emitWebhookEvent(tx, jobs, { type: 'offer.rejected', resource: `offer:${rejected.id}`, audience: [rejected.agentId, rejected.buyerId], object: offerObject(rejected) });
        await notifier.markActedOn(tx, { userId: viewer.id }, 'offer', rejected.id);
        await notifyRejected(notifier, tx, [rejected], (title) => `Your offer on ${title} was rejected by the agent.`);
        return rejected;
      });
    },

    /** Bought offers on the calling agent's properties, and their exact sum. */
    async sales(caller: Caller): Promise<{ offers: OfferRecord[]; total: string }> {
      const viewer = requireViewer(caller, offersAccess.mySales.roles);
      return salesOf(db, { agentId: viewer.id });
    },

    /** The spec's GET /sold-properties/{email}: one's own, or anyone's for an admin. */
    async salesByAgentEmail(caller: Caller, email: string): Promise<{ offers: OfferRecord[]; total: string }> {
      const normalized = requireSelfOrAdmin(caller, email, 'You can only see your own sales.');
      return salesOf(db, { agent: { email: normalized } });
    },
  };
}

/** An offer as the GraphQL Offer type is resolved from; an acceptance's answer also carries the offers it rejected. */
export type OfferView = OfferRecord & { rejectedAtAcceptance?: OfferRecord[] };
export type AcceptedOffer = OfferRecord & { rejectedAtAcceptance: OfferRecord[] };

/**
 * Tells the buyers of offers just rejected (by the agent, by the listing's
 * removal or by a fraud marking), once per offer whatever rejected it.
 */
export async function notifyRejected(notifier: Notifier, tx: Tx, offers: Array<Pick<OfferRecord, 'id' | 'buyerId' | 'propertyId'>>, text: (title: string) => string) {
  const titles = new Map((await tx.property.findMany({ where: { id: { in: [...new Set(offers.map((o) => o.propertyId))] } }, select: { id: true, title: true } })).map((p) => [p.id, p.title]));
  await notifier.notify(
    tx,
    offers.map((offer) => ({ recipientId: offer.buyerId, type: 'offer_rejected' as const, subjectId: offer.id, text: text(titles.get(offer.propertyId) ?? 'a property'), dedupeKey: `offer-rejected:${offer.id}` })),
  );
}

async function salesOf(db: Db, who: Prisma.OfferWhereInput): Promise<{ offers: OfferRecord[]; total: string }> {
  const where: Prisma.OfferWhereInput = { ...who, status: 'bought' };
  const [offers, sum] = await Promise.all([
    db.offer.findMany({ where, orderBy: newestFirst }),
    // NUMERIC addition in PostgreSQL, returned as an exact Decimal.
    db.offer.aggregate({ where, _sum: { amount: true } }),
  ]);
  return { offers, total: (sum._sum.amount ?? new Prisma.Decimal(0)).toFixed(2) };
}

export type OffersService = ReturnType<typeof createOffersService>;
