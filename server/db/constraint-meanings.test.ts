// Every unique constraint of the migrated schema has a meaning (db/constraint-meanings.ts),
// and what PostgreSQL refuses, whichever way Prisma sends it (model query, raw
// statement, inside a transaction), reaches callers as that meaning: CONFLICT,
// NOT_FOUND, BAD_USER_INPUT, or 503; never an unclassified (500) error.
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { createListing, createUserRow } from '../test/fixtures';
import { ALREADY_IN_WISHLIST, appErrorOfDatabaseError, CHECK_CONSTRAINTS, isUniqueViolation, RECORD_GONE, REFERENCE_GONE, TRIGGER_REFUSALS, TRY_AGAIN, UNIQUE_CONSTRAINTS } from './constraint-meanings';

let database: TestDatabase;
const app = () => ({ db: database.db });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected the database to refuse'); }, (error: unknown) => error);

describe('the table of meanings', () => {
  it('explains every unique constraint and unique index in the database (primary keys other than a lone id included), and nothing else', async () => {
    const rows = await database.db.$queryRaw<Array<{ name: string; columns: string[] }>>`
      SELECT c.relname AS name, array_agg(a.attname::text ORDER BY k.ord) AS columns
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE i.indisunique AND n.nspname = 'public' AND t.relname <> '_prisma_migrations'
      GROUP BY c.relname, i.indisprimary
      HAVING NOT (i.indisprimary AND array_agg(a.attname::text) = ARRAY['id'])`;
    const names = rows.map((row) => row.name).sort();
    expect(names.filter((name) => !(name in UNIQUE_CONSTRAINTS))).toEqual([]);
    expect(Object.keys(UNIQUE_CONSTRAINTS).filter((name) => !names.includes(name))).toEqual([]);
    const checks = await database.db.$queryRaw<Array<{ name: string }>>`SELECT conname AS name FROM pg_constraint WHERE contype = 'c' AND connamespace = 'public'::regnamespace`;
    expect(Object.keys(CHECK_CONSTRAINTS).filter((name) => !checks.some((row) => row.name === name))).toEqual([]);
    // A refusal a trigger raises is named in a function of the database, and its CONSTRAINT field says the same name.
    const raised = await database.db.$queryRaw<Array<{ name: string }>>`
      SELECT substring(prosrc FROM 'CONSTRAINT = ''([a-z_]+)''') AS name FROM pg_proc
      WHERE pronamespace = 'public'::regnamespace AND prosrc LIKE '%ERRCODE = ''check_violation''%'`;
    expect(raised.map((row) => row.name).sort()).toEqual(Object.keys(TRIGGER_REFUSALS).sort());
  });
});

describe('what callers are told', () => {
  it('a unique violation is CONFLICT with its constraint’s message, from a model query, a raw statement or a transaction', async () => {
    const user = await createUserRow(app(), 'meaning');
    const property = await createListing(app(), user.id);
    await database.db.wishlistItem.create({ data: { userId: user.id, propertyId: property.id } });
    const refusals = [
      await failure(database.db.wishlistItem.create({ data: { userId: user.id, propertyId: property.id } })),
      await failure(database.db.$transaction((tx) => tx.wishlistItem.create({ data: { userId: user.id, propertyId: property.id } }))),
      await failure(database.db.$executeRaw`INSERT INTO wishlist_items (id, user_id, property_id) VALUES (${randomUUID()}::uuid, ${user.id}::uuid, ${property.id}::uuid)`),
    ];
    for (const refusal of refusals) {
      expect(isUniqueViolation(refusal, 'wishlist_items_user_id_property_id_key')).toBe(true);
      expect(isUniqueViolation(refusal, 'users_email_key')).toBe(false);
      expect(appErrorOfDatabaseError(refusal)).toMatchObject({ code: 'CONFLICT', message: ALREADY_IN_WISHLIST });
    }
  });

  it('a partial unique index is named too (one open offer per buyer and listing)', async () => {
    const [agent, buyer] = [await createUserRow(app(), 'agent', { role: 'agent' }), await createUserRow(app(), 'buyer')];
    const property = await createListing(app(), agent.id);
    const offer = { propertyId: property.id, buyerId: buyer.id, agentId: agent.id, amount: '1500.00', buyingDate: new Date('2030-01-01') };
    await database.db.offer.create({ data: offer });
    expect(appErrorOfDatabaseError(await failure(database.db.offer.create({ data: offer })))).toMatchObject({ code: 'CONFLICT', message: 'You already have an open offer on this property.' });
  });

  it('a reference to something removed meanwhile is NOT_FOUND; an update of a removed row is NOT_FOUND', async () => {
    const user = await createUserRow(app(), 'gone');
    expect(appErrorOfDatabaseError(await failure(database.db.wishlistItem.create({ data: { userId: user.id, propertyId: randomUUID() } })))).toMatchObject({ code: 'NOT_FOUND', message: REFERENCE_GONE });
    expect(appErrorOfDatabaseError(await failure(database.db.review.update({ where: { id: randomUUID() }, data: { text: 'x' } })))).toMatchObject({ code: 'NOT_FOUND', message: RECORD_GONE });
  });

  it('a deadlock PostgreSQL broke is CONFLICT (try again), with nothing changed', async () => {
    const [a, b] = [await createUserRow(app(), 'lock-a'), await createUserRow(app(), 'lock-b')];
    // Two transactions taking the same two rows in opposite orders, each going for
    // its second row only once both hold their first: PostgreSQL cancels one of them.
    let arrived = 0;
    let bothHoldTheirFirst: () => void;
    const barrier = new Promise<void>((resolve) => (bothHoldTheirFirst = resolve));
    const crossing = (first: string, second: string) =>
      database.db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${first}::uuid FOR UPDATE`;
        if (++arrived === 2) bothHoldTheirFirst();
        await barrier;
        await tx.user.update({ where: { id: second }, data: { name: 'crossed' } });
      });
    const results = await Promise.allSettled([crossing(a.id, b.id), crossing(b.id, a.id)]);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(refused).toHaveLength(1);
    expect(appErrorOfDatabaseError(refused[0])).toMatchObject({ code: 'CONFLICT', message: TRY_AGAIN });
  });

  it('anything else is not classified (the caller masks it as an internal error and logs it)', async () => {
    expect(appErrorOfDatabaseError(await failure(database.db.$executeRaw`SELECT 1 / 0`))).toBeNull();
    expect(appErrorOfDatabaseError(new Error('a bug'))).toBeNull();
  });
});
