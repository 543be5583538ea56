// The administration journey in Chromium: an admin makes a user an agent, the
// agent lists a property, the admin marks the agent as fraud (the listing
// disappears and the agent's dashboard shows only the warning), then deletes a
// review and a user.
import type { Page } from 'playwright-core';
import { browserSessionForFile, expectAccessible } from './browser';
import { addListingThroughForm } from './forms';
import { photoForFile } from './photos';

const session = browserSessionForFile();
const imagePath = photoForFile('admin', '#276749', { width: 640, height: 480 });

const usersRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Confirms the open confirmation dialog with `button` and waits until it has closed (the page behind it is aria-hidden meanwhile). */
async function confirm(page: Page, button: string) {
  await page.getByRole('alertdialog').getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
}

it('promotes, watches and removes accounts', async () => {
  const admin = await session().app.createUser('admin', { name: 'Amina Admin' });
  const future = await session().app.createUser('user', { name: 'Farid Future' });
  const reviewer = await session().app.createUser('user', { name: 'Rumi Reviewer' });
  const leaving = await session().app.createUser('user', { name: 'Lina Leaving' });
  const moderator = await session().app.createUser('user', { name: 'Mona Moderator' });

  // The admin makes a user an agent.
  const adminPage = await session().signedInPage(admin.email, admin.password, { at: '/dash-board/manage-users' });
  await usersRow(adminPage, 'Farid Future').waitFor();
  await expectAccessible(adminPage, 'manage users');
  await adminPage.getByRole('button', { name: 'Make Agent: Farid Future' }).click();
  await confirm(adminPage, 'Make Agent');
  await adminPage.getByText('Farid Future is now an agent').waitFor();
  await usersRow(adminPage, 'Farid Future').getByText('agent', { exact: true }).waitFor();
  expect((await session().app.db.user.findUniqueOrThrow({ where: { id: future.user.id } })).role).toBe('agent');

  // Making an admin asks first: cancelled, nothing changes; confirmed, the role changes and a toast says so.
  await adminPage.getByRole('button', { name: 'Make Admin: Mona Moderator' }).click();
  await adminPage.getByRole('alertdialog').getByText('Make Mona Moderator an admin?').waitFor();
  await expectAccessible(adminPage, 'manage users: make admin confirmation');
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await adminPage.getByRole('alertdialog').waitFor({ state: 'detached' });
  expect((await session().app.db.user.findUniqueOrThrow({ where: { id: moderator.user.id } })).role).toBe('user');
  await adminPage.getByRole('button', { name: 'Make Admin: Mona Moderator' }).click();
  await confirm(adminPage, 'Make Admin');
  await adminPage.getByText('Mona Moderator is now an admin').waitFor();
  await usersRow(adminPage, 'Mona Moderator').getByText('admin', { exact: true }).waitFor();
  expect((await session().app.db.user.findUniqueOrThrow({ where: { id: moderator.user.id } })).role).toBe('admin');

  // That agent (same session(), next request) adds a property, which an admin verifies.
  const agentPage = await session().signedInPage(future.email, future.password, { at: '/dash-board/add-property' });
  await agentPage.getByLabel('Property title').waitFor();
  await expectAccessible(agentPage, 'add property: empty form');
  await addListingThroughForm(agentPage, { title: 'Shady Acres', location: 'Savar, Dhaka', photo: imagePath, priceMin: '80000', priceMax: '90000' });
  await adminPage.goto('/dash-board/manage-properties');
  await adminPage.getByRole('button', { name: 'Verify Shady Acres' }).waitFor();
  await expectAccessible(adminPage, 'manage properties');
  await adminPage.getByRole('button', { name: 'Verify Shady Acres' }).click();
  await adminPage.getByRole('alertdialog').getByText('Verify "Shady Acres"?').waitFor();
  await expectAccessible(adminPage, 'manage properties: verify confirmation');
  await confirm(adminPage, 'Verify');
  await adminPage.getByText('"Shady Acres" verified').waitFor();
  await adminPage.getByRole('row').filter({ hasText: 'Shady Acres' }).getByText('verified', { exact: true }).waitFor();
  const listing = await session().app.db.property.findFirstOrThrow({ where: { title: 'Shady Acres' } });
  await session().app.db.review.create({ data: { propertyId: listing.id, userId: reviewer.user.id, text: 'Suspiciously cheap.' } });

  // A buyer finds it.
  const buyerPage = await session().signedInPage(reviewer.email, reviewer.password, { at: '/allProperties?search=savar' });
  await buyerPage.getByTestId('property-card').filter({ hasText: 'Shady Acres' }).waitFor();
  await expectAccessible(buyerPage, 'all properties: searched');

  // The admin marks the agent as fraud: the listing leaves All Properties.
  await adminPage.goto('/dash-board/manage-users');
  await adminPage.getByRole('button', { name: 'Mark as Fraud: Farid Future' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Mark as Fraud' }).waitFor();
  await expectAccessible(adminPage, 'manage users: fraud confirmation');
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Mark as Fraud' }).click();
  await usersRow(adminPage, 'Farid Future').getByText(/^fraud$/i).waitFor();
  expect((await session().app.db.user.findUniqueOrThrow({ where: { id: future.user.id } })).role).toBe('fraud');
  await expect(usersRow(adminPage, 'Farid Future').getByRole('button').count()).resolves.toBe(0);

  await buyerPage.reload();
  await buyerPage.getByTestId('properties-empty').waitFor();
  await expectAccessible(buyerPage, 'all properties: nothing found');
  await buyerPage.goto(`/propertyDetails/${listing.id}`);
  await buyerPage.getByRole('heading', { name: 'Page Not Found' }).waitFor();

  // The fraud account's dashboard shows only the warning.
  await agentPage.goto('/dash-board');
  await agentPage.getByTestId('fraud-warning').getByText('Your agent account has been marked as fraudulent. You cannot access agent features.').waitFor();
  await expect(agentPage.getByRole('navigation', { name: 'Dashboard' }).count()).resolves.toBe(0);

  // The admin deletes the review, then a user.
  await adminPage.goto('/dash-board/manage-reviews');
  await adminPage.getByRole('button', { name: 'Delete the review by Rumi Reviewer of Shady Acres' }).waitFor();
  await expectAccessible(adminPage, 'manage reviews');
  await adminPage.getByRole('button', { name: 'Delete the review by Rumi Reviewer of Shady Acres' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).waitFor();
  await expectAccessible(adminPage, 'manage reviews: delete confirmation');
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await adminPage.getByText('Review deleted', { exact: true }).waitFor();
  await expectAccessible(adminPage, 'manage reviews: deleted alert');
  await adminPage.getByRole('alertdialog').waitFor({ state: 'detached' });
  await expect(adminPage.getByTestId('manage-review').filter({ hasText: 'Suspiciously cheap.' }).count()).resolves.toBe(0);
  expect(await session().app.db.review.count({ where: { propertyId: listing.id } })).toBe(0);

  await adminPage.goto('/dash-board/manage-users');
  await adminPage.getByRole('button', { name: 'Delete: Lina Leaving' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  // While the modal is open the page behind it is aria-hidden, so role-based
  // locators find no rows at all: wait for the outcome and the dialog first.
  await adminPage.getByText('Lina Leaving was deleted').waitFor();
  await expectAccessible(adminPage, 'manage users: deleted toast');
  await adminPage.getByRole('alertdialog').waitFor({ state: 'detached' });
  await adminPage.getByRole('table', { name: 'Users' }).getByRole('row').first().waitFor();
  await expect(usersRow(adminPage, 'Lina Leaving').count()).resolves.toBe(0);
  expect(await session().app.db.user.count({ where: { id: leaving.user.id } })).toBe(0);
  await expect(session().app.identity.getAccount(leaving.uid)).resolves.toBeNull();
});
