// Fixtures for the integration tests: the usual cast of accounts, records
// arranged straight in the database (past the API's rules, so that a test can
// start from any state), and small readers of GraphQL answers.
//
// The record helpers take the app (only its `db` is used) first, so that a test
// file that starts a second app can arrange data in either.
import { splitLocation } from '@opennest/common/address';
import { randomBytes } from 'node:crypto';
import type { OfferStatus, Property as PropertyRecord, Role, User as UserRecord } from '../generated/prisma/client';
import { startAppProcess, type AppProcess } from './app-process';
import type { TestAccount } from './identity';
import { startTestApp, type GraphqlResponse, type TestApp } from './test-app';

type WithDb = Pick<TestApp, 'db'>;

/** A signed-up account with its user record, as `TestApp.createUser` returns it. */
export type Account = TestAccount & { user: UserRecord };

/** `prefix` and eight random hex digits: a title or label no other test shares. */
export const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

/** A REST answer's body: untyped JSON, which the tests check field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** The first error of a GraphQL answer, if any. */
export const errorOf = (result: GraphqlResponse<unknown>) => result.errors?.[0];

/** The data of an answer that must have succeeded: any error fails the test, with the errors in the message. */
export function okData<T>(result: GraphqlResponse<T>): T {
  if (result.errors?.length) throw new Error(`The answer has errors: ${JSON.stringify(result.errors)}`);
  return dataOf(result);
}

/** The data of a GraphQL answer a test goes on to read; an answer without any fails the test with its errors. */
export function dataOf<T>(result: GraphqlResponse<T>): T {
  if (result.data == null) throw new Error(`The answer has no data: ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** Next year's 1 June: always a valid buying date. */
export const FUTURE = `${new Date().getUTCFullYear() + 1}-06-01`;

// ---------------------------------------------------------------------------
// Refusals that several domains answer with, as callers see them

export const ONLY_AGENTS = 'Only agents can do this.';
export const ONLY_ADMINS = 'Only admins can do this.';
export const ONLY_BUYERS = 'Only buyers (role user) can do this.';

/**
 * Everyone a buyers-only action refuses, with the code and message each gets,
 * for `it.each` (accounts are read when the test runs, after beforeAll made them).
 */
export const callersRefusedBuyersActions = (accounts: () => Record<'agent' | 'admin' | 'fraud', Account>) =>
  [
    ['an agent', (): Account | null => accounts().agent, 'FORBIDDEN', ONLY_BUYERS],
    ['an admin', (): Account | null => accounts().admin, 'FORBIDDEN', ONLY_BUYERS],
    ['a fraud account', (): Account | null => accounts().fraud, 'FORBIDDEN', ONLY_BUYERS],
    ['a signed-out caller', (): Account | null => null, 'UNAUTHENTICATED', 'You must be signed in.'],
  ] as const;
export const PROPERTY_NOT_FOUND = 'Property not found.';

// ---------------------------------------------------------------------------
// Accounts

/** The accounts test files act as, with the names their assertions expect. */
const CAST = {
  agent: { role: 'agent', name: 'Avery Agent' },
  otherAgent: { role: 'agent', name: 'Olive Other' },
  buyer: { role: 'user', name: 'Bea Buyer' },
  otherBuyer: { role: 'user', name: 'Oscar Otherbuyer' },
  admin: { role: 'admin', name: 'Ada Admin' },
  otherAdmin: { role: 'admin', name: 'Otto Otheradmin' },
  fraud: { role: 'fraud', name: 'Fred Fraud' },
} as const satisfies Record<string, { role: Role; name: string }>;

export type CastMember = keyof typeof CAST;

/**
 * Signs up the named members of the cast at once (each a real identity account
 * with its user record in the cast's role). `images` gives some of them a
 * profile picture; the others have none.
 */
export async function createCast<const M extends CastMember>(app: TestApp, members: readonly M[], { images = {} }: { images?: Partial<Record<M, string>> } = {}): Promise<Record<M, Account>> {
  const accounts = await Promise.all(
    members.map(async (member) => {
      const account = await app.createUser(CAST[member].role, { name: CAST[member].name });
      const image = images[member];
      if (image !== undefined) account.user = await app.db.user.update({ where: { id: account.user.id }, data: { image } });
      return [member, account] as const;
    }),
  );
  return Object.fromEntries(accounts) as Record<M, Account>;
}

/** A test app (startTestApp) with the named members of the cast signed up on it. */
export async function startAppWithCast<const M extends CastMember>(members: readonly M[], options: Parameters<typeof createCast<M>>[2] = {}): Promise<{ app: TestApp; cast: Record<M, Account> }> {
  const app = await startTestApp();
  return { app, cast: await createCast(app, members, options) };
}

/**
 * Two apps on one database, for what must hold across API processes: app A
 * (startAppWithCast) in this test's process, and app B, a separate process
 * running server/main.ts (app-process.ts) without job workers.
 */
export async function startTwoAppsWithCast<const M extends CastMember>(
  members: readonly M[],
  /** More of app B's environment (e.g. a setting only B runs with). */
  envOfB: Record<string, string> = {},
): Promise<{ a: TestApp; b: AppProcess; cast: Record<M, Account>; stopBoth(): Promise<void> }> {
  const { app: a, cast } = await startAppWithCast(members);
  try {
    const b = await startAppProcess({ databaseUrl: a.databaseUrl, env: { JOB_WORKERS: 'off', ...envOfB }, label: 'app B' });
    return { a, b, cast, stopBoth: async () => void (await b.stop(), await a.close()) };
  } catch (error) {
    await a.close();
    throw error;
  }
}

/**
 * A user record without an identity account, named and mailed after `label`:
 * enough to own listings, offers and reviews that lists show. Its image is a
 * made-up URL unless `image` says otherwise (null for none).
 */
export function createUserRow(app: WithDb, label: string, { role = 'user', image }: { role?: Role; image?: string | null } = {}) {
  const tag = randomBytes(4).toString('hex');
  return app.db.user.create({
    data: { firebaseUid: `${label}-${tag}`, email: `${label}-${tag}@example.test`, name: `${label} ${tag}`, image: image === undefined ? `https://images.example.test/${label}-${tag}.jpg` : image, role },
  });
}

// ---------------------------------------------------------------------------
// Records

/** The fields of a listing a test may set; prices are exact decimal strings. */
export type ListingData = Partial<Omit<PropertyRecord, 'id' | 'agentId' | 'priceMin' | 'priceMax'>> & { priceMin?: string; priceMax?: string };

/**
 * A listing of `agentId` arranged directly in the database: verified, 1000.00–2000.00, in Banani, unless `data` says otherwise.
 * Without address parts in `data`, they are split from the location as the service and the migration do (common/address.ts).
 */
export function createListing(app: WithDb, agentId: string, data: ListingData = {}) {
  const location = data.location ?? 'Banani, Dhaka';
  const addressGiven = (['streetLine', 'area', 'city', 'postcode', 'countryCode'] as const).some((part) => data[part] !== undefined);
  return app.db.property.create({
    data: {
      agentId,
      title: unique('Listing'),
      location,
      ...(addressGiven ? {} : splitLocation(location)),
      image: 'https://images.example.test/listing.jpg',
      priceMin: '1000.00',
      priceMax: '2000.00',
      status: 'verified',
      ...data,
    },
  });
}

/** What else an arranged offer may set. */
export interface OfferExtras {
  transactionId?: string;
  createdAt?: Date;
  buyingDate?: Date;
}

/**
 * An offer by `buyerId` on `property` (to its agent) arranged directly in the
 * database, for buying on FUTURE. A bought one gets a made-up transaction id
 * unless `extra` gives one.
 */
export function createOffer(app: WithDb, property: Pick<PropertyRecord, 'id' | 'agentId'>, buyerId: string, status: OfferStatus = 'pending', amount = '1500.00', extra: OfferExtras = {}) {
  const { transactionId = status === 'bought' ? `pi_test_${randomBytes(4).toString('hex')}` : undefined, ...rest } = extra;
  return app.db.offer.create({
    data: { propertyId: property.id, buyerId, agentId: property.agentId, amount, buyingDate: new Date(`${FUTURE}T00:00:00.000Z`), status, transactionId, ...rest },
  });
}

/** A review by `userId` of `propertyId` arranged directly in the database (written now, with made-up text, unless told otherwise). */
export function createReview(app: WithDb, propertyId: string, userId: string, { text = unique('Nice place'), createdAt }: { text?: string; createdAt?: Date } = {}) {
  return app.db.review.create({ data: { propertyId, userId, text, ...(createdAt ? { createdAt } : {}) } });
}

/** A wishlist item of `userId` arranged directly in the database. */
export function createWishlistItem(app: WithDb, propertyId: string, userId: string) {
  return app.db.wishlistItem.create({ data: { propertyId, userId } });
}
