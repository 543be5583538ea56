// The newsletter in Chromium: a visitor subscribes on the home page, the
// confirmation e-mail arrives in the inbox, and its link's page confirms the
// subscription (or says clearly why it cannot).
import { randomBytes } from 'node:crypto';
import { waitForEmails } from '../server/test/mailbox';
import { browserSessionForFile, expectAccessible } from './browser';

const session = browserSessionForFile();

it('subscribes from the home page and confirms through the e-mailed link', async () => {
  const email = `reader-${randomBytes(5).toString('hex')}@example.test`;
  const page = await session().newPage();
  await page.goto('/');
  const form = page.getByTestId('newsletter-form');
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  // The message says what happens next: nothing until the e-mailed link is followed.
  await page.getByText('Almost done: check your inbox and follow the link we sent to confirm your subscription.').waitFor();
  const pending = await session().app.db.newsletterSubscription.findUniqueOrThrow({ where: { email } });
  expect(pending.confirmedAt).toBeNull();

  const [confirmation] = await waitForEmails(email, { subject: /Confirm your newsletter subscription/ });
  const link = new URL(/(http\S+\/newsletter\/confirm\?token=\S+)/.exec(confirmation.text)![1]);
  expect(link.pathname).toBe('/newsletter/confirm');
  // The app under test answers on its own port; the link's path and token are what matter.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId('newsletter-confirmed').getByText('Subscription confirmed').waitFor();
  await page.getByText(`${email} will get the OpenNest newsletter.`).waitFor();
  expect(await page.title()).toContain('Confirm Subscription');
  await expectAccessible(page, 'newsletter confirmation: confirmed');
  expect((await session().app.db.newsletterSubscription.findUniqueOrThrow({ where: { email } })).confirmedAt).toBeInstanceOf(Date);

  await page.goto('/newsletter/confirm?token=not-a-real-token');
  await page.getByTestId('newsletter-confirm-failed').getByText('This confirmation link is not valid (it may be old or mistyped). Subscribe again to get a new one.').waitFor();
  await expectAccessible(page, 'newsletter confirmation: wrong link');
});
