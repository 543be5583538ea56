// Card payments against the local Stripe-compatible server, driven by the real
// `stripe` SDK: only a payment the provider confirms, for the offer and its
// exact amount, makes an offer bought.
import { signWebhookPayload } from '../local-services/local-stripe';
import { createListing, createOffer } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { confirmWithCard } from '../test/payments';
import { waitForEmails } from '../test/mailbox';
import { startTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** An accepted offer of `amount` by a fresh buyer on a fresh verified property. */
async function acceptedOffer(amount = '150000.55') {
  const agent = await app.createUser('agent');
  const buyer = await app.createUser('user');
  const property = await createListing(app, agent.user.id, { title: 'Paid Place', location: 'Dhaka', image: '/uploads/x.webp', priceMin: '1', priceMax: '999999999999.99' });
  const offer = await createOffer(app, property, buyer.user.id, 'accepted', amount);
  return { agent, buyer, property, offer };
}

describe('paying for an accepted offer', () => {
  it('charges the stored amount in cents, and marks the offer bought only after the provider confirms', async () => {
    const { buyer, offer } = await acceptedOffer('150000.55');
    const started = await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken);
    expect(started.errors).toBeUndefined();
    const payment = started.data!.startOfferPayment;
    expect(payment).toMatchObject({ offerId: offer.id, amount: '150000.55', currency: 'usd' });

    // Not paid yet: completing is refused and nothing changes.
    const early = await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken);
    expect(early.errors?.[0]).toMatchObject({ message: 'The payment has not succeeded.', extensions: { code: 'CONFLICT' } });
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('accepted');

    const confirmed = await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId, '4242 4242 4242 4242');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', amount: 15000055, currency: 'usd', metadata: { offerId: offer.id } });
    expect(confirmed.cors).toBe(app.url);

    const done = await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken);
    expect(done.data?.completeOfferPayment).toEqual({ id: offer.id, status: 'bought', transactionId: payment.paymentIntentId });

    // Replaying the confirmation is harmless; a second payment is refused.
    const again = await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken);
    expect(again.data?.completeOfferPayment.status).toBe('bought');
    const second = await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken);
    expect(second.errors?.[0]).toMatchObject({ message: 'This offer is already paid.', extensions: { code: 'CONFLICT' } });
  });

  it('returns the same payment when started twice (idempotency key per offer)', async () => {
    const { buyer, offer } = await acceptedOffer('2000.00');
    const first = await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken);
    const second = await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken);
    expect(second.data?.startOfferPayment.paymentIntentId).toBe(first.data?.startOfferPayment.paymentIntentId);
  });

  it('leaves the offer accepted when the card is declined, with the card error message', async () => {
    const { buyer, offer } = await acceptedOffer();
    const payment = (await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken)).data!.startOfferPayment;
    const declined = await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
    const broke = await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId, '4000000000009995');
    expect(broke.body.error).toMatchObject({ decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('accepted');
    const refused = await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken);
    expect(refused.errors?.[0].extensions?.code).toBe('CONFLICT');
  });

  it('refuses a succeeded payment that belongs to another offer or another amount', async () => {
    const first = await acceptedOffer('1000.00');
    const payment = (await app.graphql(operations.StartOfferPayment, { offerId: first.offer.id }, first.buyer.idToken)).data!.startOfferPayment;
    // The stored amount changes after the payment started (the API never allows
    // this; it stands for any mismatch): the provider charges 1000.00.
    await app.db.offer.update({ where: { id: first.offer.id }, data: { amount: '1000.01' } });
    expect((await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId, '4242424242424242')).body.status).toBe('succeeded');
    await new Promise((resolve) => setTimeout(resolve, 300)); // the webhook arrives and is refused too

    const wrongAmount = await app.graphql(operations.CompleteOfferPayment, { offerId: first.offer.id, paymentIntentId: payment.paymentIntentId }, first.buyer.idToken);
    expect(wrongAmount.errors?.[0]).toMatchObject({ message: 'The payment amount does not match the offer.', extensions: { code: 'CONFLICT' } });
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: first.offer.id } })).status).toBe('accepted');

    // Same buyer, another accepted offer of the charged amount: the paid payment names the first offer.
    const otherProperty = await createListing(app, first.agent.user.id, { title: 'Other', location: 'Sylhet', image: '/uploads/y.webp', priceMin: '1', priceMax: '5000' });
    const other = await createOffer(app, otherProperty, first.buyer.user.id, 'accepted', '1000.00');
    const wrongOffer = await app.graphql(operations.CompleteOfferPayment, { offerId: other.id, paymentIntentId: payment.paymentIntentId }, first.buyer.idToken);
    expect(wrongOffer.errors?.[0]).toMatchObject({ message: 'This payment belongs to another offer.', extensions: { code: 'CONFLICT' } });
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: other.id } })).status).toBe('accepted');
  });

  it('refuses someone else\'s offer, offers not accepted, and amounts above the card limit', async () => {
    const { offer } = await acceptedOffer();
    const stranger = await app.createUser('user');
    expect((await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, stranger.idToken)).errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const pending = await acceptedOffer();
    await app.db.offer.update({ where: { id: pending.offer.id }, data: { status: 'pending' } });
    expect((await app.graphql(operations.StartOfferPayment, { offerId: pending.offer.id }, pending.buyer.idToken)).errors?.[0].message).toBe('This offer has not been accepted yet.');

    const huge = await acceptedOffer('1000000.00');
    const refused = await app.graphql(operations.StartOfferPayment, { offerId: huge.offer.id }, huge.buyer.idToken);
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
    expect(refused.errors?.[0].message).toContain('limited to $999,999.99');
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: huge.offer.id } })).paymentIntentId).toBeNull();
  });
});

describe('the payment webhook', () => {
  it('completes the payment when the browser never comes back', async () => {
    const { buyer, offer } = await acceptedOffer('3210.98');
    const payment = (await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken)).data!.startOfferPayment;
    await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId, '4242424242424242');
    // The payment server posts a signed payment_intent.succeeded event to the app.
    const deadline = Date.now() + 5000;
    let status = 'accepted';
    while (Date.now() < deadline && status !== 'bought') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status;
    }
    expect(status).toBe('bought');
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).transactionId).toBe(payment.paymentIntentId);
  });

  it('answers 401 to a bad signature and changes nothing', async () => {
    const { buyer, offer } = await acceptedOffer('10.00');
    const payment = (await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken)).data!.startOfferPayment;
    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: payment.paymentIntentId, object: 'payment_intent', status: 'succeeded', amount: 1000, currency: 'usd', metadata: { offerId: offer.id } } } });
    for (const signature of [undefined, 't=1,v1=deadbeef', signWebhookPayload(forged, 'whsec_not_the_secret')]) {
      const result = await app.rest('POST', '/api/stripe/webhook', { body: forged, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });
      expect(result).toEqual({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Invalid webhook signature.' } });
    }
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('accepted');
  });
});

describe('the receipt', () => {
  it('e-mails the buyer once the payment is confirmed: the exact amount, the property, the transaction id and the date', async () => {
    const { buyer, offer } = await acceptedOffer('470000.00');
    const payment = (await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken)).data!.startOfferPayment;
    await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId, '4242 4242 4242 4242');
    // The browser's confirmation twice, and the webhook: still one receipt.
    for (let i = 0; i < 2; i += 1) {
      const done = await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken);
      expect(done.data?.completeOfferPayment.status).toBe('bought');
    }
    const [receipt] = await waitForEmails(buyer.email, { subject: /receipt/ });
    expect(receipt.subject).toBe('OpenNest: Your receipt for Paid Place');
    const paid = await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } });
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(paid.updatedAt);
    for (const line of ['Amount paid: $470,000.00 USD', 'Property: Paid Place, Dhaka', `Transaction ID: ${payment.paymentIntentId}`]) expect(receipt.text).toContain(line);
    expect(receipt.text).toMatch(new RegExp(`Date: ${day} at \\d{2}:\\d{2} UTC`));
    expect(receipt.html).toContain('$470,000.00 USD');
    expect(receipt.html).toContain(payment.paymentIntentId);
    // Queued once, with the transition to bought (repeated confirmations queue nothing more).
    expect(await app.eventsAndJobs.jobs.boss.findJobs('payment-receipt', { data: { offerId: offer.id } })).toHaveLength(1);
  });
});
