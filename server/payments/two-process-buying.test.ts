// The buying journey across API processes: two apps on one database, one image
// store and one payment provider (this test's in-process app A, and B, a
// separate Node process running server/main.ts, as `npm start` does), with the
// requests alternating between them: register on A, list on B (uploading the
// photo there), verify on A, offer on B, accept on A, pay on B, review on A.
// Nothing a process keeps in its own memory may be needed by the other.
//
// The image store is the upload directory both processes are given (UPLOAD_DIR
// for B, A's own directory): the one object store of this setup, as no S3
// adapter is built (uploads/image-storage.ts). The payment provider is one
// local Stripe-compatible server both reach with the same keys through
// STRIPE_API_URL, as every process of a deployment reaches real Stripe; a
// process's own local payment server (the default) would know only its own
// payment intents.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ResultOf, TypedDocumentNode, VariablesOf } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import sharp from 'sharp';
import { startLocalStripe, type LocalStripeHandle } from './local-stripe/local-stripe';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { dataOf, FUTURE, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { signUp, type TestAccount } from '../test/identity';
import { confirmCardAt } from '../test/payments';
import { startTestApp, type GraphqlResponse, type TestApp } from '../test/test-app';

const keys = {
  secretKey: `sk_test_shared_${randomBytes(8).toString('hex')}`,
  publishableKey: `pk_test_shared_${randomBytes(8).toString('hex')}`,
  webhookSecret: `whsec_shared_${randomBytes(8).toString('hex')}`,
};

let paymentServer: LocalStripeHandle;
let a: TestApp;
let b: AppProcess;
let admin: Account;

beforeAll(async () => {
  // No webhook URL: the payment is completed by the buyer's confirmation request, on the process the test chooses.
  paymentServer = await startLocalStripe(keys);
  a = await startTestApp({}, { payments: { mode: 'stripe', ...keys, apiUrl: paymentServer.url } });
  b = await startAppProcess({
    databaseUrl: a.databaseUrl,
    env: {
      JOB_WORKERS: 'off',
      UPLOAD_DIR: a.uploadDir,
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_URL: paymentServer.url,
    },
    label: 'app B',
  });
  admin = await a.createUser('admin', { name: 'Ada Admin' });
}, 120_000);
afterAll(async () => {
  await b?.stop();
  await a?.close();
  await paymentServer?.stop();
});

/** A generated document sent to the app at `url` (A's `graphql` does the same for A). */
async function graphqlOn<Document extends TypedDocumentNode<unknown, never>>(url: string, document: Document, variables: VariablesOf<Document>, token: string): Promise<GraphqlResponse<ResultOf<Document>>> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: print(document), variables }),
  });
  return { status: response.status, ...((await response.json()) as object) };
}

/** Signs up with the Auth emulator and records the account through A, as the registration page does. */
async function registerOnA(name: string): Promise<TestAccount & { userId: string }> {
  const account = await signUp({ displayName: name });
  const recorded = await a.graphql(operations.RecordSignIn, { input: { name } }, account.idToken);
  expect(recorded.errors).toBeUndefined();
  expect(dataOf(recorded).recordSignIn).toMatchObject({ name, role: 'user' });
  return { ...account, userId: dataOf(recorded).recordSignIn.id };
}

it('runs the whole buying journey with every step on the other process than the one before', async () => {
  expect(b.pid).not.toBe(process.pid);

  // Register on A: an agent-to-be and a buyer; the admin makes the first an agent.
  const agent = await registerOnA('Alex Agent');
  const buyer = await registerOnA('Bea Buyer');
  const promoted = await graphqlOn(b.url, operations.SetUserRole, { id: agent.userId, role: 'agent' }, admin.idToken);
  expect(promoted.data?.setUserRole).toEqual({ id: agent.userId, role: 'agent' });

  // List on B, with a photo uploaded to B.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86de' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'house.png');
  const uploaded = await fetch(`${b.url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${agent.idToken}` }, body: form });
  expect(uploaded.status).toBe(201);
  const stored = (await uploaded.json()) as { url: string; thumbnailUrl: string };
  expect(stored.url).toMatch(/^\/uploads\/[\w-]+\.webp$/);

  // The photo uploaded through B is served by A, byte for byte what the shared store holds.
  for (const url of [stored.url, stored.thumbnailUrl]) {
    const storedBytes = await fs.readFile(path.join(a.uploadDir, path.basename(url)));
    expect(storedBytes.length).toBeGreaterThan(0);
    const servedByA = await fetch(`${a.url}${url}`);
    expect(servedByA.status).toBe(200);
    expect(servedByA.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await servedByA.arrayBuffer()).equals(storedBytes)).toBe(true);
  }

  const title = unique('Twin Process House');
  const listed = await graphqlOn(b.url, operations.AddProperty, { input: { title, location: 'Gulshan, Dhaka', image: stored.url, priceMin: '250000.00', priceMax: '300000.00' } }, agent.idToken);
  expect(listed.errors).toBeUndefined();
  const property = dataOf(listed).addProperty;
  expect(property).toMatchObject({ title, image: stored.url, status: 'pending', agent: { id: agent.userId } });

  // Verify on A.
  const verified = await a.graphql(operations.VerifyProperty, { id: property.id }, admin.idToken);
  expect(dataOf(verified).verifyProperty).toEqual({ id: property.id, status: 'verified', isAdvertised: false });

  // Offer on B.
  const offered = await graphqlOn(b.url, operations.MakeOffer, { input: { propertyId: property.id, offerAmount: '275000.50', buyingDate: FUTURE } }, buyer.idToken);
  expect(offered.errors).toBeUndefined();
  const offer = dataOf(offered).makeOffer;
  expect(offer).toMatchObject({ offerAmount: '275000.50', status: 'pending', property: { id: property.id }, buyer: { id: buyer.userId }, agent: { id: agent.userId } });

  // Accept on A.
  const accepted = await a.graphql(operations.AcceptOffer, { id: offer.id }, agent.idToken);
  expect(dataOf(accepted).acceptOffer).toEqual({ id: offer.id, status: 'accepted' });

  // Pay on B: B creates the payment intent at the shared provider; the card is confirmed there
  // from B's origin; the server-side confirmation then goes to A, which finds B's intent paid.
  const started = await graphqlOn(b.url, operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken);
  expect(started.errors).toBeUndefined();
  const payment = dataOf(started).startOfferPayment;
  expect(payment).toMatchObject({ offerId: offer.id, amount: '275000.50', currency: 'usd' });
  const confirmed = await confirmCardAt({ apiUrl: paymentServer.url, publishableKey: keys.publishableKey }, b.url, payment.clientSecret, payment.paymentIntentId, '4242 4242 4242 4242');
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toMatchObject({ id: payment.paymentIntentId, status: 'succeeded', amount: 27500050, currency: 'usd', metadata: { offerId: offer.id } });
  const completed = await a.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken);
  expect(dataOf(completed).completeOfferPayment).toEqual({ id: offer.id, status: 'bought', transactionId: payment.paymentIntentId });
  // B, asked again for the payment, knows it is done.
  const again = await graphqlOn(b.url, operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken);
  expect(again.errors?.[0]).toMatchObject({ message: 'This offer is already paid.', extensions: { code: 'CONFLICT' } });

  // Review on A; B lists it.
  const text = unique('Bought it through two processes; smooth.');
  const reviewed = await a.graphql(operations.AddReview, { propertyId: property.id, text }, buyer.idToken);
  expect(reviewed.errors).toBeUndefined();
  expect(dataOf(reviewed).addReview).toMatchObject({ text, property: { id: property.id }, reviewer: { id: buyer.userId } });
  const reviewsOnB = await graphqlOn(b.url, operations.PropertyReviews, { propertyId: property.id }, buyer.idToken);
  expect(dataOf(reviewsOnB).propertyReviews.map((review) => ({ text: review.text, reviewer: review.reviewer.id }))).toEqual([{ text, reviewer: buyer.userId }]);

  // What the database holds at the end.
  expect(await a.db.property.findUniqueOrThrow({ where: { id: property.id } })).toMatchObject({ status: 'verified', image: stored.url, agentId: agent.userId });
  const finalOffer = await a.db.offer.findUniqueOrThrow({ where: { id: offer.id } });
  expect(finalOffer).toMatchObject({ status: 'bought', transactionId: payment.paymentIntentId, buyerId: buyer.userId });
  expect(finalOffer.amount.toFixed(2)).toBe('275000.50');
  expect(await a.db.review.findMany({ where: { propertyId: property.id }, select: { userId: true, text: true } })).toEqual([{ userId: buyer.userId, text }]);
}, 120_000);
