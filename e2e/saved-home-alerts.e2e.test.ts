// Alerts on saved homes and the affordability calculator, in Chromium (issue
// 19, parts 5 and 6): a buyer on a phone wishlists a listing; its agent cuts
// the price; the buyer's open page hears of it live (the bell and a toast) and
// the e-mail arrives in the local inbox; the calculator on the details page
// gives a known monthly payment. axe at each state.
import { createListing } from '../server/test/fixtures';
import { browserSessionForFile, expectAccessible, PHONE, signedInAs } from './browser';
import { cutPrice, expectKnownMortgage, expectPriceCutHeard, saveFromDetails } from './saved-homes';

const session = browserSessionForFile();

it('tells a buyer of a price cut on a saved home, live and by e-mail, and works out a mortgage on the details page', async () => {
  const { app } = session();
  const tag = Date.now().toString(36);
  const { page: agentPage, account: agent } = await signedInAs(session(), 'agent', 'Hasan Homeseller');
  const listing = await createListing(app, agent.user.id, { title: `Willow Cottage ${tag}`, location: `Dhanmondi ${tag}, Dhaka`, priceMin: '240000.00', priceMax: '260000.00' });

  // The buyer, on a phone, saves the home from its details page.
  const buyer = await app.createUser('user', { name: 'Rumi Saver' });
  const buyerPage = await session().signedInPage(buyer.email, buyer.password, { ...PHONE, at: `/propertyDetails/${listing.id}` });
  await saveFromDetails(buyerPage, 'details on a phone: saved to the wishlist');

  // The agent cuts the price; the buyer's open page hears of it, live, and by e-mail.
  await cutPrice(agentPage, listing, '200000', '220000');
  const text = `Price cut on ${listing.title} (on your wishlist): now $200,000.00 – $220,000.00, was $240,000.00 – $260,000.00.`;
  await expectPriceCutHeard(buyerPage, buyer.email, listing.id, text, '$200,000.00');

  // The calculator starts from the middle of the new range, and gives the known figure for 200,000 at 5 % over 25 years.
  await expect(buyerPage.getByTestId('mortgage-calculator').getByLabel('Price ($)').inputValue()).resolves.toBe('210000.00');
  const calculator = await expectKnownMortgage(buyerPage);
  await calculator.getByText('A loan of $200,000.00 over 300 months').waitFor();
  await expectAccessible(buyerPage, 'details on a phone: mortgage calculator');

  // A deposit above the price is refused under its field, and the result says what it needs.
  await calculator.getByLabel('Deposit ($)').fill('250000');
  await calculator.getByText('Deposit cannot be more than the price').waitFor();
  await calculator.getByText('Fill in every field to see the monthly payment.').waitFor();
  await expectAccessible(buyerPage, 'details on a phone: mortgage calculator refusing a deposit');

  // On a desktop, untouched: the middle of the range, a 10 % deposit, 5 % over 25 years (189,000 borrowed).
  const desktop = await session().signedInPage(buyer.email, buyer.password, { ...{ width: 1366, height: 900 }, at: `/propertyDetails/${listing.id}` });
  const wide = desktop.getByTestId('mortgage-calculator');
  await wide.getByTestId('mortgage-monthly').getByText('$1,104.88').waitFor();
  await expectAccessible(desktop, 'details on a desktop: mortgage calculator');
  if (process.env.SCREENSHOT_DIR) {
    await calculator.getByLabel('Deposit ($)').fill('20000');
    await calculator.screenshot({ path: `${process.env.SCREENSHOT_DIR}/calculator-390.png` });
    await buyerPage.screenshot({ path: `${process.env.SCREENSHOT_DIR}/details-390.png`, fullPage: true });
    await wide.screenshot({ path: `${process.env.SCREENSHOT_DIR}/calculator-1366.png` });
    await desktop.screenshot({ path: `${process.env.SCREENSHOT_DIR}/details-1366.png`, fullPage: true });
  }
});
