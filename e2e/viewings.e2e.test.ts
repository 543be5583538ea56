// The viewing journey of issue 20 in Chromium, through the pages people use:
// an agent sets weekly availability from the dashboard; a buyer asks for
// Saturday 10:30 from the details page and the agent's open week shows it
// live; the agent confirms, proposes another time, the buyer accepts, the agent
// cancels (all through the UI). The buyer hears of each step live (a toast
// that opens My Viewings, whose "Add to calendar" gives the invite) and by
// e-mail in the local inbox; every invite parses with ical.js and keeps one
// UID. Then the buyer books the freed Saturday 10:30 slot at once, the viewing
// is held, the buyer leaves feedback, and the agent's numbers show it.
//
// The reminders (24 h and 1 h before, once each at a simulated clock with two
// `npm run worker` processes sweeping at once) are proven in
// server/viewings/viewing-reminders.test.ts, not repeated here.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { addDays, isoWeekday, zonedDate, zonedInstant } from '@opennest/common/zoned-time';
import { parseInvite, inviteOfEmail, type ParsedInvite } from '../server/test/calendar-invite';
import { createListing, okData, unique } from '../server/test/fixtures';
import * as operations from '../server/test/generated/graphql';
import { waitForEmails } from '../server/test/mailbox';
import { expectAccessible, PHONE, startBrowserSession, type BrowserSession } from './browser';

let session: BrowserSession;
beforeAll(async () => {
  session = await startBrowserSession();
});
afterAll(async () => {
  await session?.close();
});

/** The configured default zone of listings (LISTING_TIME_ZONE, docs/configuration.md); the listing keeps it. */
const ZONE = 'Asia/Dhaka';
const SATURDAY = 6;

/** The next Saturday (a local date in `ZONE`) at least a day away, and how many days from today it is. */
function nextSaturday(): { date: string; inDays: number } {
  const today = zonedDate(new Date(), ZONE);
  for (let inDays = 1; ; inDays += 1) {
    const date = addDays(today, inDays);
    if (isoWeekday(date) === SATURDAY) return { date, inDays };
  }
}

/** "Saturday 28 November", as the pages name a day. */
const longDay = (date: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${date}T00:00:00Z`));

/** A toast on `page` whose title is `title` exactly (the page's answer to what this person just did). */
const toastTitled = (page: Page, title: string) => page.locator('[data-scope="toast"][data-part="title"]').getByText(title, { exact: true });
/** A live notification's toast on `page` whose text starts with `text`. */
const notificationToast = (page: Page, text: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ has: page.getByText(new RegExp(`^${text}`)) });

/** The invite "Add to calendar" downloads on My Viewings, parsed. */
/** The agent fills the open dialog's one field and presses its button; the agent sees `toast`, the buyer the live notification `notice`. */
async function answerInDialog(
  { agentPage, buyerPage }: { agentPage: Page; buyerPage: Page },
  { field, value, button, toast, notice }: { field: string; value: string; button: string; toast: string; notice: string },
): Promise<void> {
  const dialog = agentPage.getByRole('dialog');
  await dialog.getByLabel(field).fill(value);
  await dialog.getByRole('button', { name: button }).click();
  await toastTitled(agentPage, toast).waitFor();
  await notificationToast(buyerPage, notice).waitFor();
}

async function downloadedInvite(page: Page, title: string): Promise<ParsedInvite> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Add to calendar: the viewing of ${title}` }).click()]);
  expect(download.suggestedFilename()).toBe('viewing.ics');
  return parseInvite(await readFile(await download.path(), 'utf8'));
}

it('takes a viewing from availability to feedback, live, with one calendar event throughout', async () => {
  const { app } = session;
  const agent = await app.createUser('agent', { name: 'Vera Viewings' });
  const buyer = await app.createUser('user', { name: 'Bilal Booker' });
  const listing = await createListing(app, agent.user.id, { title: unique('Lake View Flat') });
  const { title } = listing;
  const saturday = nextSaturday();
  const at = (time: string) => zonedInstant(saturday.date, time, ZONE).toISOString();

  // The agent: My Added Properties → Viewings; a weekly window, Saturday 10:00–13:00, 30-minute viewings.
  const agentPage = await session.signedInPage(agent.email, agent.password, { at: '/dash-board/my-added-properties' });
  await agentPage.getByRole('link', { name: `Viewings of ${title}` }).click();
  await agentPage.waitForURL(`**/dash-board/listing-viewings/${listing.id}`);
  await agentPage.getByText('No weekly windows: buyers can only propose times.').waitFor();
  await agentPage.getByLabel('Time zone').selectOption(ZONE);
  await agentPage.getByLabel('Viewing length').selectOption('30');
  await agentPage.getByRole('button', { name: 'Add a weekly window' }).click();
  await agentPage.getByLabel('Day of weekly window 1').selectOption({ label: 'Saturday' });
  await agentPage.getByLabel('Weekly window 1 starts').fill('10:00');
  await agentPage.getByLabel('Weekly window 1 ends').fill('13:00');
  await agentPage.getByRole('button', { name: 'Save availability' }).click();
  await toastTitled(agentPage, 'Availability saved').waitFor();
  await expectAccessible(agentPage, 'listing viewings: availability saved');
  const windows = await app.db.viewingWindow.findMany({ where: { propertyId: listing.id } });
  expect(windows.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute }))).toEqual([{ weekday: SATURDAY, startMinute: 600, endMinute: 780 }]);

  // The agent keeps the week of that Saturday open.
  await agentPage.goto(`/dash-board/viewings?week=${saturday.date}`);
  await agentPage.getByTestId('week-empty').getByText('No viewings this week').waitFor();

  // The buyer, on the details page: the Saturday's free times (10:00 ... 12:30), and a request for 10:30.
  const buyerPage = await session.signedInPage(buyer.email, buyer.password, { at: `/propertyDetails/${listing.id}` });
  if (saturday.inDays >= 7) await buyerPage.getByRole('button', { name: 'Later dates' }).click();
  await buyerPage.getByRole('button', { name: `${longDay(saturday.date)}, 10:30` }).waitFor();
  await expectAccessible(buyerPage, 'details: free viewing times');
  const proposeForm = buyerPage.getByRole('form', { name: 'Propose a viewing time' });
  await proposeForm.getByLabel('Date').fill(saturday.date);
  await proposeForm.getByLabel(/^Time/).fill('10:30');
  await proposeForm.getByRole('button', { name: 'Send request' }).click();
  await toastTitled(buyerPage, 'Request sent').waitFor();
  const asked = await app.db.viewing.findFirstOrThrow({ where: { propertyId: listing.id, buyerId: buyer.user.id } });
  expect(asked).toMatchObject({ status: 'requested', startsAt: new Date(at('10:30')), timeZone: ZONE });

  // The agent's open week shows it without a reload (the bell's live event), and the agent confirms.
  const card = agentPage.getByTestId('week-viewing').filter({ hasText: 'Bilal Booker' });
  await card.getByText('10:30–11:00').waitFor();
  await card.getByText('Time proposed by the buyer').waitFor();
  await expectAccessible(agentPage, 'agent week: a request arrived live');
  await card.getByRole('button', { name: `Confirm the viewing of ${title} by Bilal Booker` }).click();
  await toastTitled(agentPage, 'Viewing confirmed').waitFor();
  await card.getByTestId('viewing-status').getByText('Confirmed').waitFor();

  // The buyer is told live; the toast opens My Viewings at that viewing, whose invite is the confirmed event.
  const confirmedToast = notificationToast(buyerPage, 'Vera Viewings confirmed your viewing of');
  await confirmedToast.waitFor();
  await confirmedToast.getByRole('button', { name: 'Open' }).click();
  await buyerPage.waitForURL(`**/dash-board/my-viewings?item=${asked.id}`);
  const myViewing = buyerPage.getByTestId('my-viewing').filter({ hasText: title });
  await myViewing.getByTestId('viewing-status').getByText('Confirmed').waitFor();
  await expectAccessible(buyerPage, 'my viewings: confirmed');
  const uid = `viewing-${asked.id}@opennest`;
  const fromPage = await downloadedInvite(buyerPage, title);
  expect(fromPage).toMatchObject({ method: 'REQUEST', uid, sequence: 1, status: 'CONFIRMED', start: at('10:30') });
  expect(fromPage.organizer).toContain(agent.email);
  const [confirmedMail] = await waitForEmails(buyer.email, { subject: /confirmed your viewing of/ });
  expect(parseInvite(await inviteOfEmail(confirmedMail.id))).toMatchObject({ method: 'REQUEST', uid, sequence: 1, status: 'CONFIRMED', start: at('10:30') });

  // The agent moves it to 12:00 (UI); the buyer accepts the new time (UI).
  await card.getByRole('button', { name: `New time for the viewing of ${title}` }).click();
  await answerInDialog({ agentPage, buyerPage }, { field: 'Time', value: '12:00', button: 'Propose time', toast: 'New time proposed', notice: 'Vera Viewings proposes' });
  await myViewing.getByTestId('viewing-status').getByText('New time proposed').waitFor();
  const [movedMail] = await waitForEmails(buyer.email, { subject: /proposes/ });
  expect(parseInvite(await inviteOfEmail(movedMail.id))).toMatchObject({ method: 'REQUEST', uid, sequence: 2, start: at('12:00') });
  await buyerPage.getByRole('button', { name: `Accept new time for ${title}` }).click();
  await toastTitled(buyerPage, 'Viewing confirmed').waitFor();
  await myViewing.getByTestId('viewing-status').getByText('Confirmed').waitFor();
  expect(await downloadedInvite(buyerPage, title)).toMatchObject({ method: 'REQUEST', uid, sequence: 3, status: 'CONFIRMED', start: at('12:00') });

  // The agent's week follows the acceptance live; the agent cancels it (UI), with a reason.
  await card.getByText('12:00–12:30').waitFor();
  await card.getByRole('button', { name: `Cancel the viewing of ${title}` }).click();
  await answerInDialog(
    { agentPage, buyerPage },
    { field: 'Reason', value: 'The owner is away that day.', button: 'Cancel viewing', toast: 'Viewing cancelled', notice: 'Vera Viewings cancelled the viewing of' },
  );
  await myViewing.getByTestId('viewing-reason').getByText('Cancelled by the agent: The owner is away that day.').waitFor();
  const [cancelledMail] = await waitForEmails(buyer.email, { subject: /cancelled the viewing of/ });
  expect(parseInvite(await inviteOfEmail(cancelledMail.id))).toMatchObject({ method: 'CANCEL', uid, sequence: 4, status: 'CANCELLED' });

  // The freed Saturday 10:30 is booked at once from the details page; the agent's week shows it live.
  await buyerPage.goto(`/propertyDetails/${listing.id}`);
  if (saturday.inDays >= 7) await buyerPage.getByRole('button', { name: 'Later dates' }).click();
  await buyerPage.getByRole('button', { name: `${longDay(saturday.date)}, 10:30` }).click();
  await buyerPage.getByRole('button', { name: /^Book / }).click();
  await toastTitled(buyerPage, 'Viewing booked').waitFor();
  await buyerPage.getByTestId('my-viewing-of').filter({ hasText: 'Confirmed' }).waitFor();
  const booked = agentPage.getByTestId('week-viewing').filter({ hasText: 'Bilal Booker' }).filter({ hasText: '10:30–11:00' });
  await booked.getByTestId('viewing-status').getByText('Confirmed').waitFor();
  const held = await app.db.viewing.findFirstOrThrow({ where: { propertyId: listing.id, buyerId: buyer.user.id, status: 'confirmed' } });
  const [bookedMail] = await waitForEmails(buyer.email, { subject: /is booked/ });
  expect(parseInvite(await inviteOfEmail(bookedMail.id))).toMatchObject({ method: 'REQUEST', uid: `viewing-${held.id}@opennest`, start: at('10:30') });

  // Time passes: the viewing took place two days ago (its row moved back, as the clock cannot be).
  const startedAt = new Date(Date.now() - 2 * 86_400_000);
  await app.db.viewing.update({ where: { id: held.id }, data: { startsAt: startedAt, endsAt: new Date(startedAt.getTime() + 30 * 60_000) } });

  // The buyer rates it from My Viewings → Past.
  await buyerPage.goto('/dash-board/my-viewings');
  await buyerPage.getByRole('button', { name: 'Past' }).click();
  await buyerPage.getByRole('button', { name: `Leave feedback on ${title}` }).click();
  const feedbackDialog = buyerPage.getByRole('dialog');
  await feedbackDialog.getByRole('button', { name: '4 of 5' }).click();
  await feedbackDialog.getByLabel('What did you think?').fill('Bright rooms, a noisy road.');
  await expectAccessible(buyerPage, 'my viewings: feedback dialog');
  await feedbackDialog.getByRole('button', { name: 'Send feedback' }).click();
  await toastTitled(buyerPage, 'Thank you').waitFor();
  await buyerPage.getByTestId('my-viewing').filter({ hasText: title }).getByTestId('feedback-given').getByText('Feedback sent').waitFor();

  // The agent's numbers: two viewings asked for, one held, rated 4.
  await agentPage.goto('/dash-board/agent-profile');
  const numbers = agentPage.getByTestId('listing-numbers-row').filter({ hasText: title });
  await numbers.getByLabel('Average 4 of 5 from 1 buyer').waitFor();
  expect(await numbers.getByTestId('listing-viewings-booked').textContent()).toBe('2');
  expect(await numbers.getByTestId('listing-viewings-held').textContent()).toBe('1');
  expect(await numbers.getByTestId('listing-feedback').textContent()).toBe('★ 4.0 (1)');
  await expectAccessible(agentPage, 'agent profile: viewing numbers');
});

it("shows a listing's next open house on its card, on the listing's clock", async () => {
  const { app } = session;
  const agent = await app.createUser('agent', { name: 'Omar Openhouse' });
  const street = unique('Open House Lane');
  const listing = await createListing(app, agent.user.id, { title: 'Garden Cottage', location: `${street}, Dhaka` });
  const saturday = nextSaturday();
  const at = (time: string) => zonedInstant(saturday.date, time, ZONE).toISOString();
  okData(await app.graphql(operations.AddOpenHouse, { propertyId: listing.id, startsAt: at('10:30'), endsAt: at('12:00') }, agent.idToken));

  const buyer = await app.createUser('user', { name: 'Petra Phone' });
  const page = await session.signedInPage(buyer.email, buyer.password, { ...PHONE, at: `/allProperties?search=${encodeURIComponent(street)}` });
  const card = page.getByTestId('property-card').filter({ hasText: listing.title });
  // The server writes the time (OpenHouse.startsAtLocal): the same words whatever the browser's zone.
  await card.getByTestId('open-house-badge').getByText('Open house Sat 10:30', { exact: true }).waitFor();
  await expectAccessible(page, 'All Properties with an open house on a card');
});
