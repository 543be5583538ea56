// Keyword search and similar homes in Chromium (issue 19, parts 3 and 4, with
// the alerts of part 5 and the calculator of part 6): a buyer on a phone
// searches "garden" in a place, opens a listing and sees similar homes, and
// wishlists one; its agent cuts the price; the buyer's open page hears of it
// live and the e-mail arrives in the local inbox; the calculator gives a known
// monthly payment. axe at each state, at 390 px.
import { createListing, type ListingData } from '../server/test/fixtures';
import { browserSessionForFile, expectAccessible, PHONE, signedInAs } from './browser';
import { cutPrice, expectKnownMortgage, expectPriceCutHeard, saveFromDetails } from './saved-homes';

const session = browserSessionForFile();

it('finds "garden" in a place, shows similar homes, and tells the buyer of a price cut on the one they saved', async () => {
  const { app } = session();
  const tag = Date.now().toString(36);
  const { page: agentPage, account: agent } = await signedInAs(session(), 'agent', 'Hasan Homeseller');
  const city = `Gardenville ${tag}`;
  const house = (data: ListingData) =>
    createListing(app, agent.user.id, { city, area: 'North', location: `North, ${city}`, propertyType: 'house', bedrooms: 3, bathrooms: 2, floorArea: 120, areaUnit: 'sq_m', ...data });
  const orchard = await house({ title: `Orchard House ${tag}`, description: 'A walled garden with apple trees.', amenities: ['parking', 'garden'], priceMin: '200000.00', priceMax: '220000.00' });
  const willow = await house({ title: `Willow House ${tag}`, description: 'A quiet street near the school.', amenities: ['parking'], priceMin: '210000.00', priceMax: '230000.00' });
  const flat = await house({ title: `Garden Flat ${tag}`, description: 'Ground floor.', propertyType: 'apartment', priceMin: '90000.00', priceMax: '95000.00' });

  // The buyer, on a phone, searches the place for "garden": the two listings that mention it, not the third.
  const buyer = await app.createUser('user', { name: 'Rumi Saver' });
  const buyerPage = await session().signedInPage(buyer.email, buyer.password, { ...PHONE, at: '/allProperties' });
  await buyerPage.getByTestId('search-input').fill(city);
  await buyerPage.getByTestId('keywords-input').fill('garden');
  await buyerPage.waitForURL(/keywords=garden/);
  const cards = buyerPage.getByTestId('properties-grid').getByTestId('property-card');
  await buyerPage.getByText('Showing 2 properties').waitFor();
  await expect(cards.allInnerTexts()).resolves.toEqual(expect.arrayContaining([expect.stringContaining(orchard.title), expect.stringContaining(flat.title)]));
  await expectAccessible(buyerPage, 'all properties on a phone: "garden" in a place');
  // Two results: the page suggests leaving the keywords out (three listings there).
  await buyerPage.getByTestId('relax-KEYWORDS').getByText('Without the keywords: 3 properties').waitFor();

  // The listing's page shows its amenities and a similar home (same area, type, bedrooms, price); the flat is not one.
  await buyerPage.getByRole('link', { name: `Details of ${orchard.title}` }).click();
  await buyerPage.getByRole('heading', { level: 1, name: orchard.title }).waitFor();
  await buyerPage.getByTestId('property-amenities').getByText('Garden').waitFor();
  const similar = buyerPage.getByTestId('similar-homes');
  await similar.getByRole('heading', { name: willow.title }).waitFor();
  await expect(similar.getByRole('heading', { name: flat.title }).count()).resolves.toBe(0);
  await similar.scrollIntoViewIfNeeded();
  await expectAccessible(buyerPage, 'details on a phone: similar homes');

  // The buyer opens the similar home and saves it.
  await similar.getByRole('link', { name: `Details of ${willow.title}` }).click();
  await buyerPage.getByRole('heading', { level: 1, name: willow.title }).waitFor();
  await saveFromDetails(buyerPage, 'details on a phone: the similar home saved');

  // Its agent cuts the price; the buyer's open page hears of it, live, and by e-mail.
  await cutPrice(agentPage, willow, '190000', '200000');
  const text = `Price cut on ${willow.title} (on your wishlist): now $190,000.00 – $200,000.00, was $210,000.00 – $230,000.00.`;
  await expectPriceCutHeard(buyerPage, buyer.email, willow.id, text, '$190,000.00');

  await expectKnownMortgage(buyerPage);
  await expectAccessible(buyerPage, 'details on a phone: mortgage calculator');
});
