// The listings journey in Chromium: an agent lists a property with an image, an
// admin verifies and advertises it, buyers find and sort it, and a rejected
// listing cannot be edited.
import type { Page } from 'playwright-core';
import { browserSessionForFile, expectAccessible } from './browser';
import { addListingThroughForm } from './forms';
import { photoForFile } from './photos';

const session = browserSessionForFile();
const imagePath = photoForFile('listing', '#c05621', { width: 800, height: 600, format: 'jpeg' });

async function signedInPage(role: 'agent' | 'admin' | 'user', name: string) {
  const account = await session().app.createUser(role, { name });
  return { page: await session().signedInPage(account.email, account.password), account };
}

/** Waits until the All Properties grid shows exactly these titles, in this order (up to 20 s, for a loaded CI machine). */
async function expectTitles(page: Page, expected: string[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  let titles: string[] = [];
  while (Date.now() < deadline) {
    titles = await page.getByTestId('property-card').getByRole('heading').allTextContents();
    if (JSON.stringify(titles) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  expect(titles).toEqual(expected);
}

it('takes a listing from an agent to the home page, and freezes a rejected one', async () => {
  const unique = `Q${Date.now().toString(36)}`;
  const title = `Riverside Cottage ${unique}`;
  const location = `Bashundhara ${unique}, Dhaka`;

  // An agent adds a property with an image.
  const { page: agentPage, account: agent } = await signedInPage('agent', 'Asha Agent');
  await agentPage.goto('/dash-board/add-property');
  const shownLocation = await addListingThroughForm(agentPage, { title, location, photo: imagePath, priceMin: '250000', priceMax: '275000.50' });
  const myCard = agentPage.getByTestId('property-card').filter({ hasText: title });
  await myCard.getByText('pending', { exact: true }).waitFor();
  await expectAccessible(agentPage, 'my added properties');
  const stored = await session().app.db.property.findFirstOrThrow({ where: { title } });
  expect(stored).toMatchObject({ agentId: agent.user.id, status: 'pending', location: shownLocation });
  expect(stored.priceMax.toFixed(2)).toBe('275000.50');
  expect(stored.image).toMatch(/^\/uploads\/.+\.webp$/);

  // Two other verified listings to sort against, one cheaper and one dearer.
  await session().app.db.property.createMany({
    data: [
      { agentId: agent.user.id, title: `Cheaper Flat ${unique}`, location: `Mirpur ${unique}, Dhaka`, image: stored.image, priceMin: '100000', priceMax: '120000', status: 'verified' },
      { agentId: agent.user.id, title: `Dearer Villa ${unique}`, location: `Gulshan ${unique}, Dhaka`, image: stored.image, priceMin: '900000', priceMax: '950000', status: 'verified' },
    ],
  });

  // A buyer does not see it while it is pending.
  const { page: buyerPage } = await signedInPage('user', 'Bina Buyer');
  await buyerPage.goto(`/allProperties?search=${encodeURIComponent(unique)}`);
  await buyerPage.getByTestId('sort-select').selectOption('price-asc');
  await expectTitles(buyerPage, [`Cheaper Flat ${unique}`, `Dearer Villa ${unique}`]);
  await expectAccessible(buyerPage, 'all properties: sorted by price');

  // The admin verifies it.
  const { page: adminPage } = await signedInPage('admin', 'Adil Admin');
  await adminPage.goto('/dash-board/manage-properties');
  await adminPage.getByRole('button', { name: `Verify ${title}` }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Verify', exact: true }).click();
  await adminPage.getByText(`"${title}" verified`).waitFor();
  await adminPage.getByRole('row').filter({ hasText: title }).getByText('verified', { exact: true }).waitFor();

  // Now buyers find it by a case-changed part of its location, and it sorts by price.
  await buyerPage.goto('/allProperties');
  await buyerPage.getByLabel('Search by location').fill(`bashUNDHARA ${unique.toLowerCase()}`);
  await buyerPage.waitForURL((url) => url.searchParams.get('search') === `bashUNDHARA ${unique.toLowerCase()}`);
  await expectTitles(buyerPage, [title]);
  const card = buyerPage.getByTestId('property-card').filter({ hasText: title });
  await card.getByText('Asha Agent').waitFor();
  await card.getByText('$250,000.00 – $275,000.50').waitFor();

  // A sort picked while the search box still waits for more keys (300 ms) keeps both: the
  // search reaching the URL afterwards builds on the newest URL, not on the one it was typed in.
  await buyerPage.getByLabel('Search by location').fill(unique.toLowerCase());
  await buyerPage.getByTestId('sort-select').selectOption('price-asc');
  await buyerPage.waitForURL((url) => url.searchParams.get('search') === unique.toLowerCase() && url.searchParams.get('sort') === 'price-asc');
  await expectTitles(buyerPage, [`Cheaper Flat ${unique}`, title, `Dearer Villa ${unique}`]);
  await buyerPage.getByTestId('sort-select').selectOption('price-desc');
  await buyerPage.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
  await expectTitles(buyerPage, [`Dearer Villa ${unique}`, title, `Cheaper Flat ${unique}`]);
  // The search survives a reload (it lives in the URL).
  await buyerPage.reload();
  await expectTitles(buyerPage, [`Dearer Villa ${unique}`, title, `Cheaper Flat ${unique}`]);

  // Details page.
  // The link names its property (every card has one).
  await card.getByRole('link', { name: `Details of ${title}` }).click();
  await buyerPage.waitForURL(`**/propertyDetails/${stored.id}`);
  await buyerPage.getByRole('heading', { name: title }).waitFor();
  await buyerPage.getByText('No description provided.').waitFor();
  await expect(buyerPage.title()).resolves.toBe(`${title} · OpenNest`);
  await expectAccessible(buyerPage, 'property details: no description');

  // The admin advertises it; it shows on the home page (signed out, too).
  await adminPage.goto('/dash-board/advertise-property');
  await adminPage.getByRole('button', { name: `Advertise ${title}` }).waitFor();
  await expectAccessible(adminPage, 'advertise property');
  await adminPage.getByRole('button', { name: `Advertise ${title}` }).click();
  await adminPage.getByRole('alertdialog').getByText('It appears on the home page for every visitor.', { exact: false }).waitFor();
  await expectAccessible(adminPage, 'advertise property: confirmation');
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Advertise', exact: true }).click();
  // Its title and text read in one look: the alert closes by itself after 2 s, which a loaded
  // machine once spent between two separate looks (the second then found no alert).
  const success = adminPage.getByRole('alertdialog').filter({ has: adminPage.getByRole('heading', { name: 'Success', exact: true }) }).filter({ hasText: 'Property advertised successfully!' });
  await success.waitFor();
  // Like every success alert, it closes by itself (spec: 2 s); it has no OK button to wait for.
  await expect(success.getByRole('button', { name: 'OK' }).count()).resolves.toBe(0);
  await expectAccessible(adminPage, 'advertise property: success alert');
  await adminPage.getByRole('alertdialog').waitFor({ state: 'detached', timeout: 5_000 });
  await expect(adminPage.getByRole('button', { name: `Advertised: ${title}` }).isDisabled()).resolves.toBe(true);

  const visitor = await session().newPage();
  await visitor.goto('/');
  await visitor.getByTestId('advertised-grid').getByTestId('property-card').filter({ hasText: title }).waitFor();
  await expectAccessible(visitor, 'home: signed out, advertised');

  // Another of the agent's listings is rejected: its form is frozen.
  await agentPage.goto('/dash-board/add-property');
  const doomed = `Shaky Shack ${unique}`;
  await addListingThroughForm(agentPage, { title: doomed, location: `Keraniganj ${unique}`, photo: imagePath, priceMin: '5000', priceMax: '6000' });
  await adminPage.goto('/dash-board/manage-properties');
  await adminPage.getByRole('button', { name: `Reject ${doomed}` }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Reject', exact: true }).click();
  await adminPage.getByText(`"${doomed}" rejected`).waitFor();
  await adminPage.getByRole('alertdialog').waitFor({ state: 'detached' });
  await adminPage.getByRole('row').filter({ hasText: doomed }).getByText('rejected', { exact: true }).waitFor();

  const rejected = await session().app.db.property.findFirstOrThrow({ where: { title: doomed } });
  await agentPage.goto('/dash-board/my-added-properties');
  const rejectedCard = agentPage.getByTestId('property-card').filter({ hasText: doomed });
  await rejectedCard.getByText('rejected', { exact: true }).waitFor();
  await expect(rejectedCard.getByRole('link', { name: `Update ${doomed}` }).count()).resolves.toBe(0);
  await agentPage.goto(`/dash-board/update-property/${rejected.id}`);
  await agentPage.getByText('This property is rejected and cannot be updated.').waitFor();
  await expect(agentPage.getByLabel('Property title').isDisabled()).resolves.toBe(true);
  await expect(agentPage.getByRole('button', { name: 'Update Property' }).isDisabled()).resolves.toBe(true);
  await expectAccessible(agentPage, 'update property: rejected');
  // The verified one can still be edited, and keeps its status.
  await agentPage.goto(`/dash-board/update-property/${stored.id}`);
  await expect(agentPage.getByLabel('Property title').inputValue()).resolves.toBe(title);
  await expectAccessible(agentPage, 'update property');
  await agentPage.getByLabel('Property title').fill(`${title} (renovated)`);
  await agentPage.getByRole('button', { name: 'Update Property' }).click();
  await agentPage.waitForURL('**/dash-board/my-added-properties');
  const updated = await session().app.db.property.findUniqueOrThrow({ where: { id: stored.id } });
  expect(updated).toMatchObject({ title: `${title} (renovated)`, status: 'verified', isAdvertised: true, image: stored.image });
  // The longest journey (four people, three accessibility checks per page): 70 s alone, up to 3x that beside two other browser files on 2 cores.
}, 300_000);
