// Transitions of offers, listings and reports that race each other, sent at the same moment through
// the real app (GraphQL and REST mixed): every pair has exactly one winner, the
// losers are refused cleanly (CONFLICT, or NOT_FOUND/FORBIDDEN where that is the
// truth, never INTERNAL_SERVER_ERROR), the rows end in the winner's state and
// the buyer hears one consistent story (never both "accepted" and "rejected").
// The rules: offers.service.ts (compare-and-set on the offer's status, under the
// lock order of properties/listing-locks.ts); docs/invariants.md.
import { createListing, createOffer, dataOf, startAppWithCast, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { graphqlOutcome, internalErrorsOf, refusalsOf, restOutcome, type Outcome } from '../test/outcomes';
import { confirmWithCard } from '../test/payments';
import type { TestApp } from '../test/test-app';

const ONLY_PENDING = 'CONFLICT: Only pending offers can be accepted or rejected.';
/** Rounds per race: each a fresh listing, so an interleaving that loses the race once is likely to be met. */
const ROUNDS = 3;

let app: TestApp;
let agent: Account, buyer: Account, otherBuyer: Account, admin: Account, otherAdmin: Account;

beforeAll(async () => ({ app, cast: { agent, buyer, otherBuyer, admin, otherAdmin } } = await startAppWithCast(['agent', 'buyer', 'otherBuyer', 'admin', 'otherAdmin'])));
afterAll(() => app?.close());

const listingOf = (agentId: string) => createListing(app, agentId, { title: unique('Raced') });

const accept = async (offerId: string, token: string, via: 'graphql' | 'rest'): Promise<Outcome> =>
  via === 'graphql' ? graphqlOutcome(await app.graphql(operations.AcceptOffer, { id: offerId }, token)) : restOutcome(await app.rest('PUT', `/api/offers/accept/${offerId}`, { token }));
const reject = async (offerId: string, token: string, via: 'graphql' | 'rest'): Promise<Outcome> =>
  via === 'graphql' ? graphqlOutcome(await app.graphql(operations.RejectOffer, { id: offerId }, token)) : restOutcome(await app.rest('PUT', `/api/offers/reject/${offerId}`, { token }));

/** What the buyer of `offerId` was told about it, by notification type (sorted). */
async function toldAbout(offerId: string): Promise<string[]> {
  const rows = await app.db.notification.findMany({ where: { subjectId: offerId, type: { in: ['offer_accepted', 'offer_rejected', 'offer_outbid'] } } });
  return rows.map((row) => row.type).sort();
}

const stateOf = async (offerId: string) => {
  const offer = await app.db.offer.findUniqueOrThrow({ where: { id: offerId }, include: { property: true } });
  return { status: offer.status, saleState: offer.property.saleState, deleted: offer.property.deletedAt !== null };
};

describe('accept and reject of one offer', () => {
  it('5 accepts and 5 rejects at once (GraphQL and REST): one winner, 9 CONFLICTs, the offer in the winner’s state, the buyer told once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const listing = await listingOf(agent.user.id);
      const offer = await createOffer(app, listing, buyer.user.id);
      const outbid = await createOffer(app, listing, otherBuyer.user.id, 'pending', '1600.00');
      const calls = Array.from({ length: 5 }, (_, i) => [accept(offer.id, agent.idToken, i % 2 ? 'rest' : 'graphql'), reject(offer.id, agent.idToken, i % 2 ? 'graphql' : 'rest')]).flat();
      const outcomes = await Promise.all(calls);

      expect(internalErrorsOf(outcomes)).toEqual([]);
      const winners = outcomes.map((outcome, index) => (outcome.ok ? (index % 2 === 0 ? 'accepted' : 'rejected') : null)).filter(Boolean);
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });
      expect(refusalsOf(outcomes)).toEqual(Array(9).fill(ONLY_PENDING));

      const won = winners[0];
      expect(await stateOf(offer.id)).toEqual({ status: won, saleState: won === 'accepted' ? 'under_offer' : 'available', deleted: false });
      expect(await toldAbout(offer.id)).toEqual([won === 'accepted' ? 'offer_accepted' : 'offer_rejected']);
      // The other buyer's offer: rejected by the acceptance (told once), or untouched by the rejection.
      expect((await stateOf(outbid.id)).status).toBe(won === 'accepted' ? 'rejected' : 'pending');
      expect(await toldAbout(outbid.id)).toEqual(won === 'accepted' ? ['offer_outbid'] : []);
      // One history entry for an acceptance, none for a rejection.
      expect(await app.db.listingEvent.count({ where: { propertyId: listing.id, kind: 'offer_accepted' } })).toBe(won === 'accepted' ? 1 : 0);
    }
  });
});

describe('accept and the listing’s deletion', () => {
  // Which side wins is up to timing; both are correct, and every round holds the invariant of its winner.
  it('either the offer is accepted (the deletion is refused) or the listing is deleted (the acceptance is refused)', async () => {
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      const listing = await listingOf(agent.user.id);
      const offer = await createOffer(app, listing, buyer.user.id);
      const [accepted, deleted] = await Promise.all([
        accept(offer.id, agent.idToken, round % 2 ? 'rest' : 'graphql'),
        round % 2 ? restOutcome(await app.rest('DELETE', `/api/properties/${listing.id}`, { token: agent.idToken })) : graphqlOutcome(await app.graphql(operations.DeleteProperty, { id: listing.id }, agent.idToken)),
      ]);
      expect(internalErrorsOf([accepted, deleted])).toEqual([]);
      expect({ round, winners: [accepted, deleted].filter((outcome) => outcome.ok).length }).toEqual({ round, winners: 1 });
      const state = await stateOf(offer.id);
      if (accepted.ok) {
        expect(refusalsOf([deleted])).toEqual(['CONFLICT: This property has an accepted or completed offer and cannot be deleted.']);
        expect(state).toEqual({ status: 'accepted', saleState: 'under_offer', deleted: false });
        expect(await toldAbout(offer.id)).toEqual(['offer_accepted']);
      } else {
        expect(refusalsOf([accepted])).toEqual(['CONFLICT: This property has been removed.']);
        expect(state).toEqual({ status: 'rejected', saleState: 'available', deleted: true });
        expect(await toldAbout(offer.id)).toEqual(['offer_rejected']);
      }
    }
  });
});

describe('accept and the agent’s fraud marking', () => {
  it('an offer is accepted only if the acceptance came first; after the marking every pending offer is rejected, each buyer told once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const roundAgent = await app.createUser('agent');
      const listing = await listingOf(roundAgent.user.id);
      const offer = await createOffer(app, listing, buyer.user.id);
      const other = await createOffer(app, listing, otherBuyer.user.id, 'pending', '1600.00');
      const [accepted, marked] = await Promise.all([
        accept(offer.id, roundAgent.idToken, 'graphql'),
        app.graphql(operations.MarkUserAsFraud, { id: roundAgent.user.id }, admin.idToken).then(graphqlOutcome),
      ]);
      expect(internalErrorsOf([accepted, marked])).toEqual([]);
      // The marking always happens: it rejects what is still pending when it runs.
      expect(marked).toMatchObject({ ok: true });
      const [offerState, otherState] = [await stateOf(offer.id), await stateOf(other.id)];
      expect(otherState.status).toBe('rejected');
      expect((await toldAbout(other.id)).length).toBe(1);
      if (accepted.ok) {
        expect(offerState.status).toBe('accepted');
        expect(await toldAbout(offer.id)).toEqual(['offer_accepted']);
      } else {
        // After the marking: the listing is no longer listed (its agent is fraud), or the caller is no longer an agent at all.
        expect(refusalsOf([accepted])).toEqual([expect.stringMatching(/^(CONFLICT: This property is no longer listed\.|FORBIDDEN: Only agents can do this\.)$/)]);
        expect(offerState.status).toBe('rejected');
        expect(await toldAbout(offer.id)).toEqual(['offer_rejected']);
      }
    }
  });
});

describe('accept and the listing’s rejection by moderation', () => {
  it('the listing is rejected after reports: its pending offers end with it, unless the acceptance came first', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const listing = await listingOf(agent.user.id);
      const offer = await createOffer(app, listing, buyer.user.id);
      await app.db.listingReport.create({ data: { propertyId: listing.id, reporterId: otherBuyer.user.id, reason: 'wrong_price' } });
      const [accepted, resolved] = await Promise.all([
        accept(offer.id, agent.idToken, 'rest'),
        app.graphql(operations.ResolveReports, { propertyId: listing.id, action: 'REJECT_LISTING', note: 'Not as described.' }, admin.idToken).then(graphqlOutcome),
      ]);
      expect(internalErrorsOf([accepted, resolved])).toEqual([]);
      expect(resolved).toMatchObject({ ok: true });
      expect((await app.db.property.findUniqueOrThrow({ where: { id: listing.id } })).status).toBe('rejected');
      const state = await stateOf(offer.id);
      if (accepted.ok) {
        expect(state.status).toBe('accepted');
        expect(await toldAbout(offer.id)).toEqual(['offer_accepted']);
      } else {
        expect(refusalsOf([accepted])).toEqual(['CONFLICT: This property is no longer listed.']);
        expect(state.status).toBe('rejected');
        expect(await toldAbout(offer.id)).toEqual(['offer_rejected']);
      }
    }
  });
});

describe('payment and reject of an accepted offer', () => {
  it('completing the payment three times and rejecting three times at once: bought once, the agent told of the sale once, every reject refused', async () => {
    const listing = await listingOf(agent.user.id);
    const offer = await createOffer(app, listing, buyer.user.id);
    expect(graphqlOutcome(await app.graphql(operations.AcceptOffer, { id: offer.id }, agent.idToken))).toMatchObject({ ok: true });
    const payment = dataOf(await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken)).startOfferPayment;
    expect((await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId)).body.status).toBe('succeeded');

    const complete = () => app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken).then(graphqlOutcome);
    const markPaid = () => app.rest('PUT', `/api/offers/mark-paid/${offer.id}`, { token: buyer.idToken, body: { transactionId: payment.paymentIntentId } }).then(restOutcome);
    const outcomes = await Promise.all([complete(), reject(offer.id, agent.idToken, 'graphql'), markPaid(), reject(offer.id, agent.idToken, 'rest'), complete(), reject(offer.id, agent.idToken, 'graphql')]);

    expect(internalErrorsOf(outcomes)).toEqual([]);
    // Paying is idempotent (each confirmation of the same payment answers the bought offer); rejecting is not allowed.
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true, false, true, false]);
    expect(refusalsOf(outcomes)).toEqual(Array(3).fill(ONLY_PENDING));
    const bought = await app.db.offer.findUniqueOrThrow({ where: { id: offer.id }, include: { property: true } });
    expect({ status: bought.status, transactionId: bought.transactionId, saleState: bought.property.saleState }).toEqual({ status: 'bought', transactionId: payment.paymentIntentId, saleState: 'sold' });
    expect(await app.db.notification.count({ where: { subjectId: offer.id, type: 'sold' } })).toBe(1);
    expect(await app.db.listingEvent.count({ where: { propertyId: listing.id, kind: 'sold' } })).toBe(1);
    expect(await toldAbout(offer.id)).toEqual(['offer_accepted']);
  });
});

describe('two admins deciding one pending listing', () => {
  it('verify ×3 and reject ×3 at once: one decision, the agent told of that one only, one history entry', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const listing = await createListing(app, agent.user.id, { title: unique('Pending'), status: 'pending' });
      const decide = (action: 'verify' | 'reject', token: string, via: 'graphql' | 'rest') =>
        via === 'rest'
          ? app.rest('PUT', `/api/properties/status/${listing.id}`, { token, body: { status: action === 'verify' ? 'verified' : 'rejected' } }).then(restOutcome)
          : app.graphql(action === 'verify' ? operations.VerifyProperty : operations.RejectProperty, { id: listing.id }, token).then(graphqlOutcome);
      const outcomes = await Promise.all([
        decide('verify', admin.idToken, 'graphql'),
        decide('reject', otherAdmin.idToken, 'graphql'),
        decide('verify', otherAdmin.idToken, 'rest'),
        decide('reject', admin.idToken, 'rest'),
        decide('verify', admin.idToken, 'rest'),
        decide('reject', otherAdmin.idToken, 'graphql'),
      ]);
      expect(internalErrorsOf(outcomes)).toEqual([]);
      const winners = outcomes.flatMap((outcome, index) => (outcome.ok ? [index % 2 === 0 ? 'verified' : 'rejected'] : []));
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });
      expect(refusalsOf(outcomes)).toEqual(Array(5).fill('CONFLICT: Only pending properties can be verified or rejected.'));
      const [decision] = winners;
      expect((await app.db.property.findUniqueOrThrow({ where: { id: listing.id } })).status).toBe(decision);
      const told = await app.db.notification.findMany({ where: { subjectId: listing.id, type: { in: ['listing_verified', 'listing_rejected'] } } });
      expect(told.map((row) => row.type)).toEqual([decision === 'verified' ? 'listing_verified' : 'listing_rejected']);
      expect((await app.db.listingEvent.findMany({ where: { propertyId: listing.id, kind: { in: ['verified', 'rejected'] } } })).map((event) => event.kind)).toEqual([decision]);
    }
  });

  it('advertise ×4 at once: advertised once, one notification, the rest CONFLICT', async () => {
    const listing = await listingOf(agent.user.id);
    const outcomes = await Promise.all([admin, otherAdmin, admin, otherAdmin].map((who, index) =>
      index % 2 ? app.rest('PATCH', `/api/properties/advertise/${listing.id}`, { token: who.idToken }).then(restOutcome) : app.graphql(operations.AdvertiseProperty, { id: listing.id }, who.idToken).then(graphqlOutcome),
    ));
    expect(internalErrorsOf(outcomes)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(refusalsOf(outcomes)).toEqual(Array(3).fill('CONFLICT: This property is already advertised.'));
    expect(await app.db.notification.count({ where: { subjectId: listing.id, type: 'listing_advertised' } })).toBe(1);
  });
});

describe('an agent’s update and the listing’s rejection by moderation', () => {
  it('the update lands before the rejection (and is kept), or is refused after it; a rejected listing is never edited', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const listing = await listingOf(agent.user.id);
      await app.db.listingReport.create({ data: { propertyId: listing.id, reporterId: buyer.user.id, reason: 'wrong_photos' } });
      const title = unique('Edited');
      const input = { title, location: 'Banani, Dhaka', priceMin: '1000', priceMax: '2000' };
      const [updated, resolved] = await Promise.all([
        app.graphql(operations.UpdateProperty, { id: listing.id, input }, agent.idToken).then(graphqlOutcome),
        app.graphql(operations.ResolveReports, { propertyId: listing.id, action: 'REJECT_LISTING', note: 'Photos of another flat.' }, admin.idToken).then(graphqlOutcome),
      ]);
      expect(internalErrorsOf([updated, resolved])).toEqual([]);
      expect(resolved).toMatchObject({ ok: true });
      const stored = await app.db.property.findUniqueOrThrow({ where: { id: listing.id } });
      expect(stored.status).toBe('rejected');
      if (updated.ok) expect(stored.title).toBe(title);
      else {
        expect(refusalsOf([updated])).toEqual(['CONFLICT: This property is rejected and cannot be updated.']);
        expect(stored.title).toBe(listing.title);
      }
    }
  });
});

describe('two admins acting on one listing’s reports', () => {
  it('dismiss, reject the listing and mark the agent at once: exactly one acts, the others CONFLICT with nothing changed', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const roundAgent = await app.createUser('agent');
      const listing = await listingOf(roundAgent.user.id);
      await app.db.listingReport.create({ data: { propertyId: listing.id, reporterId: buyer.user.id, reason: 'fraud' } });
      await app.db.listingReport.create({ data: { propertyId: listing.id, reporterId: otherBuyer.user.id, reason: 'wrong_photos' } });
      const actions = ['DISMISS', 'REJECT_LISTING', 'MARK_AGENT_FRAUD'] as const;
      const outcomes = await Promise.all(
        actions.map((action, index) => app.graphql(operations.ResolveReports, { propertyId: listing.id, action, note: `Round ${round}: ${action}` }, (index % 2 ? otherAdmin : admin).idToken).then(graphqlOutcome)),
      );
      expect(internalErrorsOf(outcomes)).toEqual([]);
      const winner = actions[outcomes.findIndex((outcome) => outcome.ok)];
      expect({ round, winners: outcomes.filter((outcome) => outcome.ok).length }).toEqual({ round, winners: 1 });
      expect(refusalsOf(outcomes)).toEqual(Array(2).fill('CONFLICT: This listing has no open reports.'));
      const reports = await app.db.listingReport.findMany({ where: { propertyId: listing.id } });
      const outcome = { DISMISS: 'dismissed', REJECT_LISTING: 'listing_rejected', MARK_AGENT_FRAUD: 'agent_marked_fraud' }[winner];
      expect(reports.map((report) => [report.status, report.resolutionNote])).toEqual(Array(2).fill([outcome, `Round ${round}: ${winner}`]));
      // Only the winner's action happened.
      expect((await app.db.property.findUniqueOrThrow({ where: { id: listing.id } })).status).toBe(winner === 'REJECT_LISTING' ? 'rejected' : 'verified');
      expect((await app.db.user.findUniqueOrThrow({ where: { id: roundAgent.user.id } })).role).toBe(winner === 'MARK_AGENT_FRAUD' ? 'fraud' : 'agent');
    }
  });
});
