// Issue 11's journey in Chromium: an agent lists a house with three photos and
// its facts and reorders the photos; the admin verifies it; a buyer narrows All
// Properties to it by price range, type and bedrooms, moves through the gallery
// with the keyboard (full screen too) and reports it; the admin dismisses the
// report with a note the buyer then sees; the agent changes the price and the
// listing's timeline shows the change.
import { fillAddress } from './address';
import { browserSessionForFile, expectAccessible, signedInAs } from './browser';
import { photosForFile } from './photos';

const session = browserSessionForFile();
const photoPaths = photosForFile('photo', ['#c05621', '#2b6cb0', '#2f855a'], { width: 1200, height: 900 });

const signedInPage = (role: 'agent' | 'admin' | 'user', name: string) => signedInAs(session(), role, name);

it('lists a house with photos, finds it with filters, shows its gallery, handles a report and shows the price history', async () => {
  const unique = `P${Date.now().toString(36)}`;
  const title = `Garden House ${unique}`;

  // The agent adds it with three photos, then makes the third the cover.
  const { page: agentPage } = await signedInPage('agent', 'Aziz Agent');
  await agentPage.goto('/dash-board/add-property');
  await agentPage.getByLabel('Property title').fill(title);
  await fillAddress(agentPage, `Dhanmondi ${unique}, Dhaka`);
  await agentPage.getByLabel('Property image').setInputFiles(photoPaths);
  await agentPage.getByTestId('photo-item').nth(2).waitFor();
  await agentPage.getByRole('button', { name: 'Move photo 3 earlier' }).click();
  await agentPage.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await agentPage.getByText('Photo moved to position 1 of 3.').waitFor();
  await agentPage.getByLabel('Minimum price ($)').fill('200000');
  await agentPage.getByLabel('Maximum price ($)').fill('260000');
  await agentPage.getByTestId('fact-propertyType').selectOption('house');
  await agentPage.getByLabel('Bedrooms').fill('4');
  await agentPage.getByLabel('Bathrooms').fill('2');
  await agentPage.getByLabel('Floor area').fill('150');
  await agentPage.getByTestId('fact-areaUnit').selectOption('sq_m');
  await expectAccessible(agentPage, 'add property with photos');
  await agentPage.getByRole('button', { name: 'Add Property' }).click();
  await agentPage.waitForURL('**/dash-board/my-added-properties');
  const stored = await session().app.db.property.findFirstOrThrow({ where: { title }, include: { photos: { orderBy: { position: 'asc' } } } });
  expect(stored.photos).toHaveLength(3);
  expect(stored.image).toBe(stored.photos[0].url);
  expect(stored).toMatchObject({ propertyType: 'house', bedrooms: 4, bathrooms: 2, floorArea: 150, areaUnit: 'sq_m' });
  // A decoy that the filters must leave out: an apartment in the same place and price band.
  await session().app.db.property.create({
    data: { agentId: stored.agentId, title: `Decoy Flat ${unique}`, location: `Dhanmondi ${unique}, Dhaka`, image: stored.image, priceMin: '210000', priceMax: '220000', status: 'verified', propertyType: 'apartment', bedrooms: 4, bathrooms: 1 },
  });

  // The admin verifies it.
  const { page: adminPage } = await signedInPage('admin', 'Amina Admin');
  await adminPage.goto('/dash-board/manage-properties');
  await adminPage.getByRole('button', { name: `Verify ${title}` }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Verify', exact: true }).click();
  await adminPage.getByText(`"${title}" verified`).waitFor();

  // A buyer narrows All Properties to it.
  const { page: buyerPage } = await signedInPage('user', 'Badal Buyer');
  await buyerPage.goto(`/allProperties?search=${encodeURIComponent(unique)}`);
  await buyerPage.getByTestId('match-count').getByText('2 matches').waitFor();
  await buyerPage.getByTestId('filters-toggle').click();
  await buyerPage.getByLabel('Lowest price ($)').fill('250000');
  await buyerPage.getByLabel('Highest price ($)').fill('300000');
  await buyerPage.getByTestId('filter-type-house').click();
  await buyerPage.getByTestId('filter-minBedrooms').selectOption('3');
  // Keywords typed before Apply reach the URL on their own; the panel keeps its unapplied choices (it used to start over).
  await buyerPage.getByTestId('keywords-input').fill('garden');
  await buyerPage.waitForURL((url) => url.searchParams.get('keywords') === 'garden');
  expect(await buyerPage.getByLabel('Lowest price ($)').inputValue()).toBe('250000');
  await buyerPage.getByTestId('filters-apply').click();
  await buyerPage.waitForURL(
    (url) => url.searchParams.get('price-min') === '250000' && url.searchParams.get('type') === 'house' && url.searchParams.get('beds') === '3' && url.searchParams.get('keywords') === 'garden',
  );
  // The list and the match count are two answers: what a person reads is both, for the applied filter.
  await buyerPage.getByTestId('results-status').getByText('Showing 1 property').waitFor();
  await buyerPage.getByTestId('match-count').getByText('1 match').waitFor();
  const card = buyerPage.getByTestId('property-card').filter({ hasText: title });
  await card.getByTestId('property-facts').getByText('4 bd').waitFor();
  expect(await buyerPage.getByTestId('property-card').count()).toBe(1);
  // The card shows the cover from its responsive copies: WebP picked by the browser for the grid's sizes.
  expect(await card.locator('source[type="image/webp"]').getAttribute('srcset')).toContain('480w');
  const cardImage = card.getByTestId('property-card-image');
  expect(await cardImage.getAttribute('sizes')).toContain('(min-width: 64em) 34vw');
  const shown = await cardImage.evaluate(async (image: { decode(): Promise<void>; currentSrc: string; naturalWidth: number }) => {
    await image.decode();
    return { src: image.currentSrc, width: image.naturalWidth };
  });
  expect(shown.src).toMatch(/-r-\d+\.webp$/);
  expect(shown.width).toBeGreaterThan(0);
  await expectAccessible(buyerPage, 'all properties filtered');

  // The gallery, with the keyboard.
  await card.getByRole('link', { name: `Details of ${title}` }).click();
  await buyerPage.waitForURL(`**/propertyDetails/${stored.id}`);
  const gallery = buyerPage.getByTestId('gallery');
  await gallery.getByTestId('gallery-position').getByText('1 / 3').waitFor();
  expect(await gallery.getByTestId('gallery-image').getAttribute('alt')).toBe(`${title}, photo 1 of 3`);
  expect(await gallery.locator('source[type="image/webp"]').getAttribute('srcset')).toContain('1600w');
  await expectAccessible(buyerPage, 'details with gallery');
  await gallery.focus();
  await buyerPage.keyboard.press('ArrowRight');
  await gallery.getByTestId('gallery-position').getByText('2 / 3').waitFor();
  await buyerPage.keyboard.press('ArrowLeft');
  await buyerPage.keyboard.press('ArrowLeft');
  await gallery.getByTestId('gallery-position').getByText('3 / 3').waitFor();
  await gallery.getByRole('button', { name: 'Show photo 2 of 3' }).click();
  await gallery.getByTestId('gallery-position').getByText('2 / 3').waitFor();
  await gallery.getByTestId('gallery-fullscreen').click();
  const fullScreen = buyerPage.getByTestId('gallery-dialog');
  await fullScreen.getByText(`${title}: photo 2 of 3`).waitFor();
  await expectAccessible(buyerPage, 'gallery full screen');
  await buyerPage.keyboard.press('ArrowRight');
  await fullScreen.getByText(`${title}: photo 3 of 3`).waitFor();
  await buyerPage.keyboard.press('Escape');
  await fullScreen.waitFor({ state: 'detached' });

  // The buyer reports it. The dialog's code loads on the first press; on a slow connection it
  // arrives after the press, and meanwhile the button shows that it is busy.
  let releaseDialogCode!: () => void;
  const dialogCodeHeld = new Promise<void>((resolve) => (releaseDialogCode = resolve));
  await buyerPage.route(/\/assets\/ReportListingDialog-[^/]+\.js$/, async (route) => {
    await dialogCodeHeld;
    await route.continue();
  });
  await buyerPage.getByTestId('report-listing').click();
  await buyerPage.locator('[data-testid="report-listing"][data-loading]').waitFor();
  releaseDialogCode();
  await buyerPage.getByTestId('report-reason').selectOption('wrong_price');
  await buyerPage.getByLabel('Details (optional)').fill('The same house is advertised elsewhere for less.');
  await expectAccessible(buyerPage, 'report dialog');
  await buyerPage.getByRole('button', { name: 'Send report' }).click();
  await buyerPage.getByText('Report sent', { exact: true }).waitFor();

  // The admin dismisses it with a note; the buyer sees the outcome.
  await adminPage.goto('/dash-board/moderation');
  const item = adminPage.getByTestId('moderation-item').filter({ hasText: title });
  await item.getByText('1 open report').waitFor();
  await expectAccessible(adminPage, 'moderation queue');
  await item.getByLabel('Note for the reporters').fill('Checked with the agent: the price is right.');
  await item.getByRole('button', { name: `Dismiss: ${title}` }).click();
  await adminPage.getByText('Reports dismissed', { exact: true }).waitFor();
  await adminPage.getByTestId('moderation-empty').waitFor();
  await buyerPage.goto('/dash-board/my-reports');
  const mine = buyerPage.getByTestId('my-report').filter({ hasText: title });
  await mine.getByText('Dismissed').waitFor();
  await mine.getByText('Admin’s note: Checked with the agent: the price is right.').waitFor();
  await expectAccessible(buyerPage, 'my reports');

  // The agent lowers the price; the timeline shows it.
  await agentPage.goto(`/dash-board/update-property/${stored.id}`);
  await agentPage.getByTestId('photo-item').nth(2).waitFor();
  await agentPage.getByLabel('Minimum price ($)').fill('190000');
  await agentPage.getByLabel('Maximum price ($)').fill('240000');
  await agentPage.getByRole('button', { name: 'Update Property' }).click();
  await agentPage.waitForURL('**/dash-board/my-added-properties');
  await buyerPage.goto(`/propertyDetails/${stored.id}`);
  const history = buyerPage.getByTestId('listing-history');
  await history.getByText('Price changed: $200,000.00 – $260,000.00 → $190,000.00 – $240,000.00').waitFor();
  expect(await history.getByTestId('history-event').allTextContents()).toEqual([
    expect.stringContaining('Listed'),
    expect.stringContaining('Verified by OpenNest'),
    expect.stringContaining('Price changed'),
  ]);
  await history.getByTestId('days-on-opennest').getByText('0 days on OpenNest').waitFor();
  await expectAccessible(buyerPage, 'details with price history');
});
