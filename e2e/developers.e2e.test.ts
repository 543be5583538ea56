// The developer page in Chromium: an agent creates an API key (its secret shown
// once), the test calls the API with it (fetch, as an integrator's software
// would), the page shows the key's last use, the agent registers a webhook
// endpoint (a receiver this test runs on loopback, allow-listed), sends a test
// event and reads it in the delivery log, then revokes the key and the API
// refuses it; the sandbox acts as a pasted key; a buyer gets the page's role notice. Axe runs at each state, at
// desktop width and at 390 px.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expectAccessible, PHONE, startBrowserSession, type BrowserSession } from './browser';
import { createListing, okData } from '../server/test/fixtures';
import * as operations from '../server/test/generated/graphql';

let session: BrowserSession;
let receiver: http.Server;
let receiverUrl: string;
const received: string[] = [];
beforeAll(async () => {
  session = await startBrowserSession({ config: { webhookAllowedHosts: ['127.0.0.1'] } });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => (received.push(Buffer.concat(chunks).toString('utf8')), res.end('received by the test')));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver?.close();
  await session?.close();
});


async function graphqlWithKey(key: string, query: string): Promise<{ status: number; body: { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> } }> {
  const response = await fetch(`${session.app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ query }) });
  return { status: response.status, body: (await response.json()) as never };
}

async function createKeyThroughPage(page: Page, name: string): Promise<string> {
  await page.locator('#main').getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.waitFor();
  // Submitting empty explains what is missing.
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await dialog.getByText('Name is required').waitFor();
  await dialog.getByText('Choose at least one scope').waitFor();
  await expectAccessible(page, 'developers: create dialog with errors');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByTestId('scope-listings:read').click();
  await dialog.getByLabel('Expires after').selectOption('30');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await page.getByTestId('new-api-key').waitFor();
  return ((await page.getByTestId('new-api-key-value').textContent()) ?? '').trim();
}

it('an agent creates a key, calls the API with it, sees its last use, revokes it, and the API refuses it', async () => {
  const agent = await session.app.createUser('agent', { name: 'Dev Agent' });
  const listing = await createListing(session.app, agent.user.id, { title: `Integrated ${Date.now().toString(36)}` });
  const page = await session.signedInPage(agent.email, agent.password, { at: '/developers' });
  await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
  await page.getByTestId('api-keys-empty').waitFor();
  await page.getByTestId('curl-example').waitFor();
  await expectAccessible(page, 'developers: no keys');

  const secret = await createKeyThroughPage(page, 'CRM sync');
  expect(secret).toMatch(/^onk_[a-z0-9]{12}_/);
  await page.getByTestId('api-key').filter({ hasText: 'CRM sync' }).getByText('Never used').waitFor();
  await expectAccessible(page, 'developers: the new key’s secret shown once');

  const used = await graphqlWithKey(secret, '{ myProperties(first: 5) { nodes { id title } } }');
  expect(used.status).toBe(200);
  expect(JSON.stringify(used.body.data)).toContain(listing.id);
  const refused = await graphqlWithKey(secret, `mutation { deleteProperty(id: "${listing.id}") { __typename } }`);
  expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

  // Once dismissed, the secret is gone from the page, and a reload shows only the key id.
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await page.reload();
  await page.getByTestId('api-key').filter({ hasText: 'CRM sync' }).getByTestId('api-key-last-use').getByText(/Last used .* from .*127\.0\.0\.1/).waitFor();
  expect(await page.content()).not.toContain(secret.split('_').slice(2).join('_'));
  await expectAccessible(page, 'developers: a used key');

  // A webhook endpoint: registered, its secret shown once, a test event sent and read in its delivery log.
  await page.getByRole('button', { name: 'Register endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a webhook endpoint' });
  await dialog.getByLabel('URL').fill('http://example.com/hooks');
  await dialog.getByTestId('event-listing.verified').click();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await dialog.getByText('The URL must start with https://').waitFor();
  await expectAccessible(page, 'developers: an endpoint refused');
  await dialog.getByLabel('URL').fill(receiverUrl);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await page.getByTestId('new-webhook-secret').waitFor();
  expect(await page.getByTestId('new-webhook-secret-value').textContent()).toMatch(/^whsec_/);
  const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiverUrl });
  await endpoint.getByText('No deliveries yet. Send a test event.').waitFor();
  await expectAccessible(page, 'developers: an endpoint registered');
  await page.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();
  const delivery = endpoint.getByTestId('delivery').filter({ hasText: 'webhook.test' });
  await delivery.waitFor();
  // The log shows the receiver's answer once the worker delivered it.
  for (let tries = 0; !(await delivery.getByText('succeeded').count()); tries++) {
    if (tries > 60) throw new Error('The test event was not delivered.');
    await page.waitForTimeout(500);
    await endpoint.getByRole('button', { name: /Refresh the delivery log/ }).click();
  }
  await delivery.getByText('received by the test').waitFor();
  expect(received.some((body) => body.includes('"type":"webhook.test"'))).toBe(true);
  await expectAccessible(page, 'developers: a delivery in the log');
  // Deleting an endpoint asks first (its log goes with it).
  await page.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
  const confirmDelete = page.getByTestId('confirm-webhook-delete');
  await confirmDelete.getByText(receiverUrl).waitFor();
  await expectAccessible(page, 'developers: deleting an endpoint, asked');
  await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('Endpoint deleted').first().waitFor();
  await page.getByTestId('webhooks-empty').waitFor();

  await page.getByRole('button', { name: 'Revoke CRM sync' }).click();
  await page.getByTestId('confirm-api-key-revoke').getByRole('button', { name: 'Revoke' }).click();
  await page.getByTestId('api-key').filter({ hasText: 'CRM sync' }).getByText('Revoked', { exact: true }).waitFor();
  await expectAccessible(page, 'developers: a revoked key');
  const afterRevoke = await graphqlWithKey(secret, '{ myProperties(first: 5) { nodes { id } } }');
  expect(afterRevoke.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

it('works at 390 px: an admin creates a key and reads the page', async () => {
  const admin = await session.app.createUser('admin', { name: 'Dev Admin' });
  const page = await session.signedInPage(admin.email, admin.password, { ...PHONE, at: '/developers' });
  await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
  await expectAccessible(page, 'developers (390 px): no keys');
  await page.locator('#main').getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByTestId('scope-admin').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const secret = await createKeyThroughPage(page, 'Phone key');
  expect(secret).toMatch(/^onk_/);
  await page.getByTestId('webhooks-empty').waitFor();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'developers (390 px): a new key');
});

it('tells a buyer the page is for agents and admins', async () => {
  const buyer = await session.app.createUser('user', { name: 'Dev Buyer' });
  const page = await session.signedInPage(buyer.email, buyer.password, { at: '/developers' });
  await page.getByText(/agent|admin/i).first().waitFor();
  expect(await page.getByTestId('api-keys-empty').count()).toBe(0);
  await expectAccessible(page, 'developers: a buyer’s notice');
});

it('the sandbox acts as a pasted key: a signed-out visitor queries as the key’s owner, within its scopes', async () => {
  const agent = await session.app.createUser('agent', { name: 'Sandbox Keyholder' });
  const listing = await createListing(session.app, agent.user.id, { title: `Explored ${Date.now().toString(36)}` });
  const { secret } = okData(await session.app.graphql(operations.CreateApiKey, { input: { name: 'Sandbox try', scopes: ['listings:read'], expiresInDays: 7 } }, agent.idToken)).createApiKey;
  const page = await session.newPage();
  await page.goto('/sandbox');
  // The query editor is CodeMirror, mounted after GraphiQL's frame: its instance hangs on its element.
  await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
  await page.evaluate((query) => {
    const editor = (globalThis as unknown as { document: { querySelector(selector: string): { CodeMirror: { setValue(value: string): void } } } }).document.querySelector('.graphiql-query-editor .CodeMirror');
    editor.CodeMirror.setValue(query);
  }, '{ myProperties(first: 5) { nodes { title } } }');
  const response = page.locator('.graphiql-response');
  // Without a key the visitor is nobody.
  await page.locator('.graphiql-execute-button').click();
  await response.getByText('UNAUTHENTICATED').waitFor();
  await page.getByLabel('API key (optional)').fill(secret);
  await page.getByText('Requests act as this key, limited to its scopes.').waitFor();
  await page.locator('.graphiql-execute-button').click();
  await response.getByText(listing.title).waitFor();
  await expectAccessible(page, 'sandbox: acting as an API key');
});
