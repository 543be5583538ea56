// The marketplace talks, in Chromium, without a reload anywhere it matters: a
// buyer saves a search → an agent adds a matching listing → an admin verifies
// it → the buyer's bell count rises live and the alert e-mail is in the inbox →
// the buyer messages the agent → the agent sees it live and replies → the buyer
// offers → the agent's bell rises → the agent accepts → the buyer is told.
import { waitForEmails } from '../server/test/mailbox';
import { bell, browserSessionForFile, expectAccessible, signedInAs } from './browser';
import { addListingThroughForm } from './forms';
import { photoForFile } from './photos';

const session = browserSessionForFile();
const imagePath = photoForFile('talk', '#0f766e', { width: 800, height: 600, format: 'jpeg' });
const signedInPage = (role: 'agent' | 'admin' | 'user', name: string) => signedInAs(session(), role, name);


it('alerts a saved search, carries a conversation and an offer both ways, live', async () => {
  const town = `Talkpur${Date.now().toString(36)}`;
  const title = `Lakeside Nest ${town}`;

  // The buyer saves a search on All Properties.
  const { page: buyerPage, account: buyer } = await signedInPage('user', 'Tania Buyer');
  await buyerPage.goto(`/allProperties?search=${town}&sort=price-asc`);
  await buyerPage.getByTestId('properties-empty').waitFor();
  await expectAccessible(buyerPage, 'all properties: no match yet');
  await buyerPage.getByRole('button', { name: 'Save this search' }).click();
  const dialog = buyerPage.getByRole('dialog');
  await dialog.getByLabel('Name').fill(`Homes in ${town}`);
  await dialog.getByLabel('Alert me about new matching listings').selectOption('instant');
  await expectAccessible(buyerPage, 'save this search: dialog');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await buyerPage.getByText('Search saved').waitFor();
  await bell(buyerPage, 0).waitFor();

  // An agent adds a matching listing.
  const { page: agentPage, account: agent } = await signedInPage('agent', 'Rahim Agent');
  await agentPage.goto('/dash-board/add-property');
  await addListingThroughForm(agentPage, { title, location: `Road 3, ${town}, Dhaka`, photo: imagePath, priceMin: '150000', priceMax: '180000' });

  // An admin verifies it; the buyer's bell rises on the page they left open, and a toast says why.
  const { page: adminPage } = await signedInPage('admin', 'Amina Admin');
  await adminPage.goto('/dash-board/manage-properties');
  await adminPage.getByRole('button', { name: `Verify ${title}` }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Verify', exact: true }).click();
  await adminPage.getByRole('alertdialog').waitFor({ state: 'detached' });
  await bell(buyerPage, 1).waitFor({ timeout: 30_000 });
  await buyerPage.getByText(`New listing for your saved search "Homes in ${town}": ${title} in Road 3, ${town}, Dhaka 1212`).first().waitFor();
  const [alertEmail] = await waitForEmails(buyer.email, { subject: /matches your saved search/ });
  expect(alertEmail.text).toContain(title);

  // The buyer follows the notification to the listing and messages the agent.
  await bell(buyerPage, 1).click();
  await buyerPage.waitForURL('**/dash-board/notifications');
  await buyerPage.getByRole('link', { name: new RegExp(`^Open: New listing for your saved search`) }).waitFor();
  await expectAccessible(buyerPage, 'notifications: one unread');
  await buyerPage.getByRole('link', { name: new RegExp(`^Open: New listing for your saved search`) }).click();
  await buyerPage.waitForURL('**/propertyDetails/**');
  await bell(buyerPage, 0).waitFor();

  await agentPage.goto('/dash-board/messages');
  await agentPage.getByTestId('messages-empty').waitFor();
  await expectAccessible(agentPage, 'messages: empty inbox');
  await buyerPage.getByRole('link', { name: `Contact agent about ${title}` }).click();
  await buyerPage.getByLabel('Your message').fill('Hello! Is the <lake> view real?');
  await expectAccessible(buyerPage, 'contact agent: message written');
  await buyerPage.getByRole('button', { name: 'Send' }).click();
  await buyerPage.waitForURL('**/dash-board/messages/**');
  await buyerPage.getByTestId('message-body').getByText('Hello! Is the <lake> view real?', { exact: true }).waitFor();

  // The agent's inbox shows it without a reload; the agent opens it and replies.
  const conversation = agentPage.getByTestId('conversation').filter({ hasText: title });
  await conversation.getByTestId('conversation-unread').getByText('1 unread').waitFor();
  await expectAccessible(agentPage, 'messages: one unread conversation');
  await conversation.getByRole('link').click();
  await agentPage.getByTestId('message-body').getByText('Hello! Is the <lake> view real?', { exact: true }).waitFor();
  await agentPage.getByLabel('Reply').fill('Yes, every morning.');
  await agentPage.getByRole('button', { name: 'Send' }).click();
  await agentPage.getByTestId('message-body').getByText('Yes, every morning.').waitFor();
  await expectAccessible(agentPage, 'conversation: reply sent');
  // The buyer's open thread shows the reply live.
  await buyerPage.getByTestId('message-body').getByText('Yes, every morning.').waitFor();

  // The buyer offers (from the wishlist, as the spec has it); the agent's bell rises.
  const agentUnread = await session().app.db.notification.count({ where: { recipientId: agent.user.id, readAt: null } });
  await bell(agentPage, agentUnread).waitFor();
  const property = await session().app.db.property.findFirstOrThrow({ where: { title } });
  await buyerPage.goto(`/propertyDetails/${property.id}`);
  await buyerPage.getByRole('button', { name: 'Add to Wishlist' }).click();
  await buyerPage.getByText(/in your wishlist/i).first().waitFor();
  await buyerPage.goto('/dash-board/wishlist');
  await buyerPage.getByRole('link', { name: `Make an Offer on ${title}` }).click();
  await buyerPage.getByLabel('Offer amount ($)').fill('160000');
  await buyerPage.getByLabel('Buying date').fill(new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10));
  await buyerPage.getByRole('button', { name: 'Make an Offer' }).click();
  await buyerPage.waitForURL('**/dash-board/property-bought');
  await bell(agentPage, agentUnread + 1).waitFor();
  await agentPage.getByText(`Tania Buyer offered $160,000.00 on ${title}.`).first().waitFor();

  // The agent accepts; the buyer is told, live.
  const buyerUnread = await session().app.db.notification.count({ where: { recipientId: buyer.user.id, readAt: null } });
  await bell(buyerPage, buyerUnread).waitFor();
  await agentPage.goto('/dash-board/requested-properties');
  await agentPage.getByRole('button', { name: `Accept offer from Tania Buyer on ${title}` }).click();
  await agentPage.getByRole('alertdialog').getByRole('button', { name: 'Accept', exact: true }).click();
  await agentPage.getByRole('alertdialog').waitFor({ state: 'detached' });
  await bell(buyerPage, buyerUnread + 1).waitFor();
  await buyerPage.getByText(`Your offer of $160,000.00 on ${title} was accepted. You can pay for it now.`).first().waitFor();
  const [acceptedEmail] = await waitForEmails(buyer.email, { subject: /Your offer was accepted/ });
  expect(acceptedEmail.text).toContain(title);
  await expectAccessible(buyerPage, 'property bought: offer accepted, toast shown');

  // The settings a person reaches from the dashboard, and the saved search they made.
  await buyerPage.goto('/dash-board/email-settings');
  await buyerPage.getByRole('heading', { level: 1 }).waitFor();
  await expectAccessible(buyerPage, 'e-mail settings');
  // A changed setting stays chosen on screen (it used to jump back to the old value), and after a reload.
  const firstSetting = buyerPage.getByTestId('email-setting').first().getByRole('combobox');
  const before = await firstSetting.inputValue();
  const chosen = before === 'never' ? 'daily' : 'never';
  await firstSetting.selectOption(chosen);
  await buyerPage.getByText('Setting saved').first().waitFor();
  expect(await firstSetting.inputValue()).toBe(chosen);
  await buyerPage.reload();
  await firstSetting.waitFor();
  for (let waited = 0; waited < 10_000 && (await firstSetting.inputValue()) !== chosen; waited += 100) await buyerPage.waitForTimeout(100);
  expect(await firstSetting.inputValue()).toBe(chosen);
  await buyerPage.goto('/dash-board/saved-searches');
  await buyerPage.getByText(`Homes in ${town}`).first().waitFor();
  await expectAccessible(buyerPage, 'saved searches: one search');
});
