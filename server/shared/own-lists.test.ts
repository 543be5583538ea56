// A caller's own dashboard lists (issue 13) are cursor pages: myOffers,
// offersOnMyProperties, myProperties and myWishlist, each checked the same way
// through the real app: default and largest page size, pages that join up
// without gaps or repeats while many rows share a created_at, only the caller's
// rows, refused cursors and sizes, a constant number of SQL statements per page,
// and the spec's REST lists still answering every row.
import type { Role } from '../generated/prisma/client';
import { createListing, createOffer, createUserRow, createWishlistItem, dataOf, errorOf, type Account, type Json } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { startTestApp, type GraphqlResponse, type TestApp } from '../test/test-app';

const INVALID_CURSOR = 'Invalid cursor; start again from the first page.';
const PAGE_SIZE_MESSAGE = 'Page size must be between 1 and 100.';
/** More than a default page (20), and in groups of 5 sharing one created_at. */
const ROWS = 27;
const TIE_GROUP = 5;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

interface PageShape {
  nodes: Array<{ id: string }>;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}
type Variables = { first?: number | null; after?: string | null };

/** How one list is arranged, asked for and checked. */
interface OwnList {
  field: 'myOffers' | 'offersOnMyProperties' | 'myProperties' | 'myWishlist';
  role: Role;
  table: 'offers' | 'properties' | 'wishlist_items';
  /** `count` rows of `owner`, each with different related records (listing, agent, buyer), so a query per row would show. */
  arrange(owner: Account, count: number): Promise<string[]>;
  /** The owner's ids in the list's order, from the database. */
  expected(owner: Account): Promise<string[]>;
  /** The page with ids only. */
  page(variables: Variables, token: string): Promise<GraphqlResponse<unknown>>;
  /** The page with what its screen shows (related records included). */
  rows(first: number, token: string): Promise<GraphqlResponse<unknown>>;
  /** The spec's REST list of the same rows. */
  restPath(owner: Account): string;
}

const newestFirst = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
const agentRow = (label: string) => createUserRow(app, label, { role: 'agent' });

const LISTS: OwnList[] = [
  {
    field: 'myOffers',
    role: 'user',
    table: 'offers',
    async arrange(owner, count) {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) ids.push((await createOffer(app, await createListing(app, (await agentRow(`seller${i}`)).id), owner.user.id)).id);
      return ids;
    },
    expected: async (owner) => (await app.db.offer.findMany({ where: { buyerId: owner.user.id }, orderBy: newestFirst, select: { id: true } })).map((row) => row.id),
    page: (variables, token) => app.graphql(operations.MyOffers, variables, token),
    rows: (first, token) => app.graphql(operations.MyOffersWithPeople, { first }, token),
    restPath: (owner) => `/api/offers/user?email=${encodeURIComponent(owner.email)}`,
  },
  {
    field: 'offersOnMyProperties',
    role: 'agent',
    table: 'offers',
    async arrange(owner, count) {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) ids.push((await createOffer(app, await createListing(app, owner.user.id), (await createUserRow(app, `bidder${i}`)).id)).id);
      return ids;
    },
    expected: async (owner) => (await app.db.offer.findMany({ where: { agentId: owner.user.id }, orderBy: newestFirst, select: { id: true } })).map((row) => row.id),
    page: (variables, token) => app.graphql(operations.OffersOnMyProperties, variables, token),
    rows: (first, token) => app.graphql(operations.OffersOnMyPropertiesWithBuyers, { first }, token),
    restPath: (owner) => `/api/offers/agent/${encodeURIComponent(owner.email)}`,
  },
  {
    field: 'myProperties',
    role: 'agent',
    table: 'properties',
    async arrange(owner, count) {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) ids.push((await createListing(app, owner.user.id, { status: i % 3 === 0 ? 'pending' : 'verified' })).id);
      return ids;
    },
    expected: async (owner) => (await app.db.property.findMany({ where: { agentId: owner.user.id, deletedAt: null }, orderBy: newestFirst, select: { id: true } })).map((row) => row.id),
    page: (variables, token) => app.graphql(operations.MyProperties, variables, token),
    rows: (first, token) => app.graphql(operations.MyPropertyRows, { first }, token),
    restPath: (owner) => `/api/properties?email=${encodeURIComponent(owner.email)}`,
  },
  {
    field: 'myWishlist',
    role: 'user',
    table: 'wishlist_items',
    async arrange(owner, count) {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) ids.push((await createWishlistItem(app, (await createListing(app, (await agentRow(`lister${i}`)).id)).id, owner.user.id)).id);
      return ids;
    },
    expected: async (owner) => (await app.db.wishlistItem.findMany({ where: { userId: owner.user.id }, orderBy: newestFirst, select: { id: true } })).map((row) => row.id),
    page: (variables, token) => app.graphql(operations.MyWishlist, variables, token),
    rows: (first, token) => app.graphql(operations.MyWishlist, { first }, token),
    restPath: (owner) => `/api/wishlist?email=${encodeURIComponent(owner.email)}`,
  },
];

/** Rows in groups sharing one created_at, so only the id tells them apart in the order. */
async function tieCreatedAt(table: OwnList['table'], ids: string[]) {
  const base = Date.UTC(2026, 0, 1);
  for (let group = 0; group * TIE_GROUP < ids.length; group += 1) {
    const members = ids.slice(group * TIE_GROUP, (group + 1) * TIE_GROUP);
    await app.db.$executeRawUnsafe(`UPDATE ${table} SET created_at = $1 WHERE id = ANY($2::uuid[])`, new Date(base + group * 60_000), members);
  }
}

/** A statement reading `table`: Prisma's (`FROM "public"."offers"`) or one through the driver (`FROM offers o`, db/records.ts). */
const readsTable = (table: string) => (sql: string) => new RegExp(`FROM ("public"\\."${table}"|${table} \\w+ )`).test(sql);

describe.each(LISTS)('$field', (list) => {
  let owner: Account, other: Account;
  let ownIds: string[], otherIds: string[];

  const pageOf = (result: GraphqlResponse<unknown>): PageShape => (dataOf(result) as Record<string, PageShape>)[list.field];

  beforeAll(async () => {
    [owner, other] = [await app.createUser(list.role), await app.createUser(list.role)];
    ownIds = await list.arrange(owner, ROWS);
    otherIds = await list.arrange(other, 3);
    await tieCreatedAt(list.table, ownIds);
    await tieCreatedAt(list.table, otherIds);
  });

  it('answers 20 rows by default and at most 100, and refuses other sizes (BAD_USER_INPUT)', async () => {
    const byDefault = pageOf(await list.page({}, owner.idToken));
    expect(byDefault.nodes).toHaveLength(20);
    expect(byDefault.pageInfo.hasNextPage).toBe(true);
    const largest = pageOf(await list.page({ first: 100 }, owner.idToken));
    expect(largest.nodes).toHaveLength(ROWS);
    expect(largest.pageInfo.hasNextPage).toBe(false);
    for (const first of [0, -1, 101, 1000]) {
      expect({ first, error: errorOf(await list.page({ first }, owner.idToken)) }).toMatchObject({ first, error: { message: PAGE_SIZE_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } } });
    }
  });

  it('walks every page without gaps or repeats while created_at ties, and shows only the caller’s rows', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page = pageOf(await list.page({ first: 4, after }, owner.idToken));
      seen.push(...page.nodes.map((node) => node.id));
      pages += 1;
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
      expect(after).toEqual(expect.any(String));
    }
    expect(pages).toBe(Math.ceil(ROWS / 4));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(await list.expected(owner));
    expect([...seen].sort()).toEqual([...ownIds].sort());
    // The other account sees its own rows only, whatever it asks.
    const theirs = pageOf(await list.page({ first: 100 }, other.idToken));
    expect(theirs.nodes.map((node) => node.id).sort()).toEqual([...otherIds].sort());
  });

  it('refuses cursors it did not write (BAD_USER_INPUT), and the cursor of another sort', async () => {
    const forged = [
      'not-a-cursor',
      Buffer.from(JSON.stringify(['PRICE_ASC', '1000.00', ownIds[0]])).toString('base64url'),
      Buffer.from(JSON.stringify(['NEWEST', '2026-01-01', ownIds[0]])).toString('base64url'),
      Buffer.from(JSON.stringify(['NEWEST', '2026-01-01T00:00:00.000Z', 'not-an-id'])).toString('base64url'),
    ];
    for (const after of forged) {
      expect({ after, error: errorOf(await list.page({ after }, owner.idToken)) }).toMatchObject({ after, error: { message: INVALID_CURSOR, extensions: { code: 'BAD_USER_INPUT' } } });
    }
  });

  it('sends as many SQL statements for a page of 20 rows with their related records as for 2', async () => {
    await list.page({ first: 1 }, owner.idToken); // the caller's record is read once, then kept (context/viewer-lookup.ts)
    const measure = async (first: number) => {
      const { result, statements } = await app.sqlStatementsDuring(() => list.rows(first, owner.idToken));
      expect(result.errors).toBeUndefined();
      expect(pageOf(result).nodes).toHaveLength(first);
      return statements;
    };
    const [small, large] = [await measure(2), await measure(20)];
    console.log(`${list.field} SQL statements: first 2 → ${small.length}, first 20 → ${large.length}`);
    expect(large).toHaveLength(small.length);
    // The page itself, then one batch per kind of related record.
    expect(large.length).toBeLessThanOrEqual(4);
    expect(large.filter(readsTable(list.table))).toHaveLength(1);

    // A later page is the same statements, its start a keyset condition on the table's own columns (not a skipped count of rows).
    const first = pageOf(await list.page({ first: 20 }, owner.idToken));
    const { result, statements } = await app.sqlStatementsDuring(() => list.page({ first: 20, after: first.pageInfo.endCursor }, owner.idToken));
    expect(pageOf(result).nodes).toHaveLength(ROWS - 20);
    const [pageQuery] = statements.filter(readsTable(list.table));
    expect(pageQuery).toMatch(new RegExp(`("public"\\."${list.table}"\\."created_at"|\\b\\w+\\.created_at) <= \\$\\d+`));
    expect(pageQuery).toMatch(/ORDER BY .*created_at"? DESC, .*id"? DESC LIMIT \$\d+/);
  });

  it('keeps the spec’s REST list whole: every row, not a page', async () => {
    const answer = await app.rest('GET', list.restPath(owner), { token: owner.idToken });
    expect(answer.status).toBe(200);
    expect(answer.body.map((row: Json) => row._id).sort()).toEqual([...ownIds].sort());
  });
});
