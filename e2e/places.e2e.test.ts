// Issue 19's place journey in Chromium: an agent enters a structured address,
// picking the area from the autocomplete (which fills the city); a buyer picks
// that area in the All Properties search box (keyboard only) and sees only that
// area's homes, not those that merely mention it. axe at each state, and at 390 px.
import { createListing } from '../server/test/fixtures';
import { browserSessionForFile, expectAccessible, PHONE, signedInAs } from './browser';
import { photoForFile } from './photos';

const session = browserSessionForFile();
const photoPath = photoForFile('place', '#2b6cb0', { width: 800, height: 600 });

it('an agent enters a structured address with autocomplete; a buyer picks the area and sees only its homes', async () => {
  const unique = Date.now().toString(36);
  const area = `Lakeshore${unique}`;
  const city = `Riverbend${unique}`;
  const { page: agentPage, account: agent } = await signedInAs(session(), 'agent', 'Pia Agent');
  // A home already listed in the area makes it a known place; another only mentions it.
  const neighbour = await createListing(session().app, agent.user.id, { title: `Neighbour ${unique}`, location: `2 Pier Rd, ${area}, ${city}`, streetLine: '2 Pier Rd', area, city, postcode: '1300', countryCode: 'BD' });
  const mentions = await createListing(session().app, agent.user.id, { title: `Mentions ${unique}`, location: `${area} Lane, Hilltop, ${city}`, streetLine: `${area} Lane`, area: 'Hilltop', city, postcode: '1301', countryCode: 'BD' });

  // The agent types part of the area and picks it with the keyboard: the city and country follow.
  await agentPage.goto('/dash-board/add-property');
  await agentPage.getByLabel('Property title').fill(`Lake House ${unique}`);
  await agentPage.getByLabel('Street address').fill('7 Harbour Road');
  const areaBox = agentPage.getByRole('combobox', { name: 'Area or neighbourhood (optional)' });
  await areaBox.fill(area.slice(0, 12));
  await agentPage.getByRole('option', { name: new RegExp(`${area}, ${city}`) }).waitFor();
  await expect(areaBox.getAttribute('aria-expanded')).resolves.toBe('true');
  await expectAccessible(agentPage, 'add property: area suggestions open');
  await areaBox.press('ArrowDown');
  await expect(areaBox.getAttribute('aria-activedescendant')).resolves.toBeTruthy();
  await areaBox.press('Enter');
  await expect(areaBox.inputValue()).resolves.toBe(area);
  await expect(agentPage.getByRole('combobox', { name: 'City' }).inputValue()).resolves.toBe(city);
  await expect(agentPage.getByLabel('Country').inputValue()).resolves.toBe('BD');
  await agentPage.getByLabel('Postcode').fill('1300');
  await agentPage.getByText(`Shown as: 7 Harbour Road, ${area}, ${city} 1300`).waitFor();
  // Bad input shows the shared rules' messages.
  await agentPage.getByLabel('Latitude (optional)').fill('91');
  await agentPage.getByLabel('Longitude (optional)').fill('0');
  await agentPage.getByLabel('Longitude (optional)').blur();
  await agentPage.getByText('Latitude must be between -90 and 90').waitFor();
  await agentPage.getByLabel('Latitude (optional)').fill('23.81');
  await agentPage.getByLabel('Property image').setInputFiles(photoPath);
  await agentPage.getByLabel('Minimum price ($)').fill('150000');
  await agentPage.getByLabel('Maximum price ($)').fill('160000');
  await expectAccessible(agentPage, 'add property: address filled');
  await agentPage.getByRole('button', { name: 'Add Property' }).click();
  await agentPage.waitForURL('**/dash-board/my-added-properties');
  const added = await session().app.db.property.findFirstOrThrow({ where: { title: `Lake House ${unique}` } });
  expect(added).toMatchObject({ location: `7 Harbour Road, ${area}, ${city} 1300`, streetLine: '7 Harbour Road', area, city, postcode: '1300', countryCode: 'BD', latitude: 23.81, longitude: 0, areaKey: `${city}/${area}`.toLowerCase() });
  await session().app.db.property.update({ where: { id: added.id }, data: { status: 'verified' } });

  // The buyer, on a phone, picks the area in the search box with the keyboard.
  const { page: buyerPage } = await signedInAs(session(), 'user', 'Ben Buyer');
  await buyerPage.setViewportSize(PHONE);
  await buyerPage.goto('/allProperties');
  const search = buyerPage.getByRole('combobox', { name: 'Search by location' });
  await search.fill(area.slice(0, 12));
  await buyerPage.getByRole('option', { name: new RegExp(`${area}, ${city}.*2 homes`) }).waitFor();
  await expectAccessible(buyerPage, 'all properties at 390 px: place suggestions open');
  await search.press('ArrowDown');
  await search.press('Enter');
  await buyerPage.waitForURL(/place=area%3A/);
  // The typed text's results stay on screen until the picked place's arrive: wait for those.
  await buyerPage.getByTestId('results-status').getByText(/^Showing 2 properties/).waitFor();
  const cards = buyerPage.getByTestId('property-card');
  await cards.filter({ hasText: `Lake House ${unique}` }).waitFor();
  await cards.filter({ hasText: `Neighbour ${unique}` }).waitFor();
  await expect(cards.filter({ hasText: `Mentions ${unique}` }).count()).resolves.toBe(0);
  await expect(cards.count()).resolves.toBe(2);
  await expect(search.inputValue()).resolves.toBe(`${area}, ${city}`);
  await expectAccessible(buyerPage, 'all properties at 390 px: one area');
  // The URL keeps the place: a reload shows the same homes.
  await buyerPage.reload();
  await cards.filter({ hasText: `Neighbour ${unique}` }).waitFor();
  await expect(cards.count()).resolves.toBe(2);
  // Text that names no place is the substring fallback: the listing that mentions the area in its street.
  await search.fill(`${area} Lane`);
  await cards.filter({ hasText: `Mentions ${unique}` }).waitFor();
  await expect(cards.count()).resolves.toBe(1);
  expect([neighbour.id, mentions.id]).toHaveLength(2);
});
