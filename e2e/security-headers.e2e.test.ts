// The Content-Security-Policy the server sends (server/web/security-headers.ts),
// in Chromium, where it does more than paint a page: a card payment (local card
// mode), a sandbox query and a live update in a conversation exercise its
// connect-src; every page has a style nonce of its own, the one its policy names;
// and what it blocks (an injected script, an injected style) is blocked, seen by
// the page and reported to POST /csp-report, the only report the server gets.
// That every route of the client, as each role that uses it, renders under the
// policy with no violation is checked by the visual check's walk
// (e2e/visual/suite.ts), which opens every one of them already.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { createListing, createOffer } from '../server/test/fixtures';
import type { CspViolation } from '../server/web/csp-reports';
import { browserSessionForFile, signInThroughForm } from './browser';
import { payWithCard } from './forms';
import { watchViolations, type SeenViolation } from './csp-violations';
import { MISSING_RECORDS, VISITS, type Visitor } from './route-visits';

const session = browserSessionForFile();

const AGENT_NAME = 'Cora Agent';
const BUYER_NAME = 'Basil Buyer';

const violations: SeenViolation[] = [];
/** The violations seen since the last call (each test answers for its own). */
const newViolations = () => violations.splice(0);
const pages = new Map<Exclude<Visitor, 'admin'>, Page>();
let fixtures: { acceptedOfferId: string; conversationId: string };

beforeAll(async () => {
  const app = session().app;
  const agent = await app.createUser('agent', { name: AGENT_NAME });
  const buyer = await app.createUser('user', { name: BUYER_NAME });
  // A real uploaded photo: the listing's image comes from /uploads under the page's policy (img-src 'self').
  const photo = `csp-${randomBytes(6).toString('hex')}.webp`;
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f766e' } }).webp().toFile(path.join(app.uploadDir, photo));
  const property = await createListing(app, agent.user.id, { title: 'Policy Point Villa', image: `/uploads/${photo}` });
  const offer = await createOffer(app, property, buyer.user.id, 'accepted', '1500.00');
  const conversation = await app.db.conversation.create({ data: { propertyId: property.id, buyerId: buyer.user.id, agentId: agent.user.id } });
  await app.db.message.create({ data: { conversationId: conversation.id, senderId: buyer.user.id, body: 'Is the villa still available?' } });
  fixtures = { acceptedOfferId: offer.id, conversationId: conversation.id };

  const accounts = { user: buyer, agent };
  for (const visitor of ['anonymous', 'user', 'agent'] as const) {
    const page = await session().newPage();
    pages.set(visitor, page);
    await watchViolations(page, violations);
    if (visitor !== 'anonymous') {
      await page.goto('/login');
      await signInThroughForm(page, accounts[visitor].email, accounts[visitor].password);
    }
  }
});

it('gives every page a style nonce of its own, the one its policy names, and no inline styles otherwise', async () => {
  const page = pages.get('anonymous')!;
  const seen: Array<{ policy: string; pageNonce: string; styleNonces: string[] }> = [];
  for (const url of ['/', '/', '/login']) {
    const response = await page.goto(url);
    await expectHeading(page, VISITS[url]!.heading(MISSING_RECORDS, 'anonymous'));
    const policy = (await response!.allHeaders())['content-security-policy']!;
    // What the client read: the meta element's nonce, and the nonce of every <style> emotion wrote (browsers hide the attribute; .nonce keeps it).
    const { pageNonce, styleNonces } = (await page.evaluate(`({
      pageNonce: document.querySelector('meta[property=csp-nonce]').nonce,
      styleNonces: [...document.querySelectorAll('style')].map((style) => style.nonce),
    })`)) as { pageNonce: string; styleNonces: string[] };
    seen.push({ policy, pageNonce, styleNonces });
  }
  for (const { policy, pageNonce, styleNonces } of seen) {
    const styleSrc = policy.split(';').find((part) => part.startsWith('style-src '))!;
    expect(styleSrc).toBe(`style-src 'self' 'nonce-${pageNonce}'`);
    expect(policy).not.toContain("'unsafe-inline'");
    expect(styleNonces.length).toBeGreaterThan(10);
    expect(new Set(styleNonces)).toEqual(new Set([pageNonce]));
  }
  expect(new Set(seen.map(({ pageNonce }) => pageNonce)).size).toBe(seen.length);
  expect(newViolations()).toEqual([]);
});

it('runs a query in the offline sandbox', async () => {
  const page = pages.get('user')!;
  await page.goto('/sandbox');
  // The query editor is CodeMirror, mounted after GraphiQL's frame: run the query once it holds the page's default (which asks for `me`).
  const editor = page.locator('.graphiql-query-editor .CodeMirror');
  await editor.waitFor();
  await page.waitForFunction((element) => (element as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue().includes('me {'), await editor.elementHandle());
  await page.getByRole('button', { name: /^Execute query/ }).click();
  await page.locator('.graphiql-response').getByText(BUYER_NAME).waitFor();
  expect(newViolations()).toEqual([]);
});

it('carries a live message into an open conversation', async () => {
  const agentPage = pages.get('agent')!;
  await agentPage.goto(`/dash-board/messages/${fixtures.conversationId}`);
  await agentPage.getByText('Is the villa still available?').waitFor();
  const buyerPage = pages.get('user')!;
  await buyerPage.goto(`/dash-board/messages/${fixtures.conversationId}`);
  await buyerPage.getByLabel('Reply').fill('Could I see it on Saturday?');
  await buyerPage.getByRole('button', { name: 'Send' }).click();
  // Arrives over the graphql-ws socket (connect-src 'self' must cover ws:). The
  // same text may also show in a new-message toast, so look in the thread itself.
  await agentPage.getByTestId('message-body').getByText('Could I see it on Saturday?', { exact: true }).waitFor();
  expect(newViolations()).toEqual([]);
});

it('takes a card payment in local card mode', async () => {
  const page = pages.get('user')!;
  await page.goto(`/dash-board/payment/${fixtures.acceptedOfferId}`);
  await payWithCard(page);
  await page.getByRole('alertdialog').getByText('Payment Successful').waitFor();
  await page.waitForURL(`**/dash-board/property-bought?item=${fixtures.acceptedOfferId}`);
  expect((await session().app.db.offer.findUniqueOrThrow({ where: { id: fixtures.acceptedOfferId } })).status).toBe('bought');
  expect(newViolations()).toEqual([]);
});

it('received no violation report, and would have: an injected inline script is reported', async () => {
  const page = pages.get('anonymous')!;
  const marker = `/csp-probe-${randomBytes(4).toString('hex')}`;
  await page.goto(marker);
  await expectHeading(page, 'Page Not Found');
  // What an injected <script> would do: the policy blocks it, the browser reports it.
  await page.evaluate(`(() => { const script = document.createElement('script'); script.textContent = 'window.injected = true'; document.body.append(script); })()`);
  const reports = session().app.cspReports;
  await until(() => reports.recent.some((report) => report.documentUrl.includes(marker)), 'the probe\'s report reaches POST /csp-report');
  expect(await page.evaluate('window.injected === true')).toBe(false);
  expect(newViolations()).toEqual([expect.objectContaining({ page: marker, directive: 'script-src-elem', blocked: 'inline' })]);
  // What injected styles would do: a <style> without the nonce and a style attribute not hashed are blocked too.
  const probeColor = 'rgb(1, 2, 3)';
  await page.evaluate(`(() => {
    const style = document.createElement('style');
    style.textContent = 'h1 { color: ${probeColor} !important }';
    document.head.append(style);
    const markup = document.createElement('div');
    markup.innerHTML = '<p id="style-probe" style="color: ${probeColor}">probe</p>';
    document.body.append(markup);
  })()`);
  await until(() => violations.length >= 2, 'both style probes are reported');
  expect(newViolations()).toEqual([
    expect.objectContaining({ page: marker, directive: 'style-src-elem', blocked: 'inline' }),
    expect.objectContaining({ page: marker, directive: 'style-src-attr', blocked: 'inline' }),
  ]);
  expect(await page.evaluate(`getComputedStyle(document.querySelector('h1')).color === '${probeColor}' || getComputedStyle(document.getElementById('style-probe')).color === '${probeColor}'`)).toBe(false);
  // The probe's report is the only one the server got from the whole run.
  expect(reports.recent.filter((report: CspViolation) => !report.documentUrl.includes(marker))).toEqual([]);
});

/** Waits (up to 15 s) until `condition` holds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 100) {
    if (waited >= 15_000) throw new Error(`Timed out waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectHeading(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { name, exact: true });
  try {
    await heading.first().waitFor();
  } catch (error) {
    const shown = await page.getByRole('heading').allInnerTexts();
    throw new Error(`${page.url()}: no heading "${name}"; headings shown: ${JSON.stringify(shown)}`, { cause: error });
  }
}
