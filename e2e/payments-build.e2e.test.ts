// A client built with Stripe keys has no local card form (client/vite.config.ts).
// Should such a build be served by a server in local payment mode after all, the
// payment page says card payments are unavailable instead of rendering nothing.
import { sharedClientBuild } from '../client/build-client';
import { expectAccessible, startBrowserSession, type BrowserSession } from './browser';

let session: BrowserSession;
beforeAll(async () => {
  session = await startBrowserSession({ clientDistDir: await sharedClientBuild({ stripeKeys: true }) });
});
afterAll(() => session?.close());

it('a Stripe build served in local payment mode shows that card payments are unavailable', async () => {
  const agent = await session.app.createUser('agent', { name: 'Arif Agent' });
  const buyer = await session.app.createUser('user', { name: 'Bushra Buyer' });
  const property = await session.app.db.property.create({
    data: { agentId: agent.user.id, title: 'Lake View Flat', location: 'Gulshan, Dhaka', image: '/uploads/none.webp', priceMin: '100.00', priceMax: '200.00', status: 'verified' },
  });
  const offer = await session.app.db.offer.create({
    data: { propertyId: property.id, buyerId: buyer.user.id, agentId: agent.user.id, amount: '150.00', buyingDate: new Date('2031-01-01'), status: 'accepted' },
  });

  const page = await session.signedInPage(buyer.email, buyer.password, { at: `/dash-board/payment/${offer.id}` });
  await page.getByTestId('payment-amount').getByText('$150.00').waitFor();
  await page.getByTestId('card-form-missing').getByText('Card payments are not available right now.').waitFor();
  await expectAccessible(page, 'payment: card form missing');
  await expect(page.getByLabel('Card number').count()).resolves.toBe(0);
  expect((await session.app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('accepted');
});
