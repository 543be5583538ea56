// The buying journey across API processes: two apps on one database, one image
// store and one payment provider (this test's in-process app A, and B, a
// separate Node process running server/main.ts, as `npm start` does), with the
// requests alternating between them: register on A, list on B (uploading the
// photo there), verify on A, offer on B, accept on A, pay on B, review on A.
// Nothing a process keeps in its own memory may be needed by the other.
//
// The journey runs twice, once per way of sharing images between processes:
// one S3 object store (s3rver, a real S3-compatible server, started here) with
// each process keeping its own, unshared upload directory, as replicas on
// different machines do; and one upload directory both are given (UPLOAD_DIR
// for B, A's own), as processes on one machine may. Either way an image
// uploaded on one process is served by the other. The payment provider is one
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
import type { AppConfig } from '../config';
import { startLocalStripe, type LocalStripeHandle } from '../local-services/local-stripe';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { dataOf, FUTURE, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { signUp, type TestAccount } from '../test/identity';
import { startTestObjectStore } from '../test/object-store';
import { confirmCardAt } from '../test/payments';
import { startTestApp, type GraphqlResponse, type TestApp } from '../test/test-app';

const keys = {
  secretKey: `sk_test_shared_${randomBytes(8).toString('hex')}`,
  publishableKey: `pk_test_shared_${randomBytes(8).toString('hex')}`,
  webhookSecret: `whsec_shared_${randomBytes(8).toString('hex')}`,
};

/** Where both processes keep images: A's configuration, B's environment, and the bytes the store holds. */
interface SharedImageStore {
  /** A's configuration for it. */
  appConfig: Partial<AppConfig>;
  /** B's environment for it, once A runs. */
  envFor(a: TestApp): Record<string, string>;
  bytesOf(a: TestApp, key: string): Promise<Buffer>;
  /** Whether the processes share a directory (else each has its own, which must stay without images). */
  sharesDirectory: boolean;
  close(): Promise<void>;
}

const imageStores: Record<string, () => Promise<SharedImageStore>> = {
  async 'one S3 object store'() {
    const objects = await startTestObjectStore();
    return { appConfig: { imageStorage: objects.config }, envFor: () => objects.env, bytesOf: (_a, key) => objects.bytes(key), sharesDirectory: false, close: () => objects.close() };
  },
  async 'one shared upload directory'() {
    return { appConfig: {}, envFor: (a) => ({ UPLOAD_DIR: a.uploadDir }), bytesOf: (a, key) => fs.readFile(path.join(a.uploadDir, key)), sharesDirectory: true, close: async () => undefined };
  },
};

/** The files directly in `directory` (none when it does not exist). */
const filesIn = (directory: string) => fs.readdir(directory).catch(() => [] as string[]);

async function uploadPhoto(appUrl: string, token: string, background: string): Promise<{ url: string; thumbnailUrl: string }> {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  const uploaded = await fetch(`${appUrl}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(uploaded.status).toBe(201);
  const stored = (await uploaded.json()) as { url: string; thumbnailUrl: string };
  expect(stored.url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
  return stored;
}

describe.each(Object.keys(imageStores))('with images in %s', (storeName) => {
  let images: SharedImageStore;
  let paymentServer: LocalStripeHandle;
  let a: TestApp;
  let b: AppProcess;
  let admin: Account;

  beforeAll(async () => {
    images = await imageStores[storeName]();
    // No webhook URL: the payment is completed by the buyer's confirmation request, on the process the test chooses.
    paymentServer = await startLocalStripe(keys);
    a = await startTestApp({}, { payments: { mode: 'stripe', ...keys, apiUrl: paymentServer.url }, ...images.appConfig });
    b = await startAppProcess({
      databaseUrl: a.databaseUrl,
      env: {
        JOB_WORKERS: 'off',
        ...images.envFor(a),
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
    await images?.close();
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

  /** `url`, served by the app at `appUrl`, is byte for byte what the shared store holds (and, without a shared directory, on neither process's disk). */
  async function expectServedFromSharedStore(appUrl: string, url: string) {
    const key = path.basename(url);
    const storedBytes = await images.bytesOf(a, key);
    expect(storedBytes.length).toBeGreaterThan(0);
    const served = await fetch(`${appUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await served.arrayBuffer()).equals(storedBytes)).toBe(true);
    if (!images.sharesDirectory) {
      expect(await filesIn(a.uploadDir)).not.toContain(key);
      expect(await filesIn(path.join(b.dataDir, 'uploads'))).not.toContain(key);
    }
  }

  it('runs the whole buying journey with every step on the other process than the one before', async () => {
    expect(b.pid).not.toBe(process.pid);

    // Register on A: an agent-to-be and a buyer (with a profile photo uploaded to A, which B serves); the admin makes the first an agent.
    const agent = await registerOnA('Alex Agent');
    const signingUp = await signUp({ displayName: 'Bea Buyer' });
    const avatar = await uploadPhoto(a.url, signingUp.idToken, '#8e44ad');
    for (const url of [avatar.url, avatar.thumbnailUrl]) await expectServedFromSharedStore(b.url, url);
    const buyerRecord = await a.graphql(operations.RecordSignIn, { input: { name: 'Bea Buyer', image: avatar.url } }, signingUp.idToken);
    expect(dataOf(buyerRecord).recordSignIn).toMatchObject({ name: 'Bea Buyer', role: 'user', image: avatar.url });
    const buyer = { ...signingUp, userId: dataOf(buyerRecord).recordSignIn.id };
    const promoted = await graphqlOn(b.url, operations.SetUserRole, { id: agent.userId, role: 'agent' }, admin.idToken);
    expect(promoted.data?.setUserRole).toEqual({ id: agent.userId, role: 'agent' });

    // List on B, with a photo uploaded to B.
    const stored = await uploadPhoto(b.url, agent.idToken, '#2e86de');

    // The photo uploaded through B is served by A, byte for byte what the shared store holds.
    for (const url of [stored.url, stored.thumbnailUrl]) await expectServedFromSharedStore(a.url, url);

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
    expect(dataOf(accepted).acceptOffer).toEqual({ id: offer.id, status: 'accepted', rejectedAtAcceptance: [] });

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
});
