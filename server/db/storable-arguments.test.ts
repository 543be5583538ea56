// The database client's own check (storable-arguments.ts): a query carrying a value
// PostgreSQL would refuse with a data exception is refused before it is sent, as
// the caller's BAD_USER_INPUT, whatever sent it (a model operation or raw SQL).
import { AppError } from '../shared/errors';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { Prisma } from '../generated/prisma/client';
import { readRows, runStatement } from './client';
import { UNSTORABLE_MESSAGE } from './storable-arguments';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.drop());

const year0 = new Date('0000-01-01T00:00:00.000Z');

it.each([
  ['a time before year 1 in a filter (22008 before)', () => database.db.user.findFirst({ where: { createdAt: { lt: year0 } } })],
  ['an invalid Date', () => database.db.user.findFirst({ where: { createdAt: { lt: new Date('x') } } })],
  ['a NUL character in text (22021)', () => database.db.user.findFirst({ where: { name: 'a\u0000b' } })],
  ['a lone surrogate inside JSON (22P05)', () => database.db.listingEvent.findFirst({ where: { data: { equals: { note: 'a\udc00' } } } })],
  ['a NUL character in a raw query', () => database.db.$queryRaw`SELECT ${'a\u0000'}::text`],
  ['a time after year 9999 in a raw query', () => database.db.$queryRaw`SELECT ${new Date('+010000-01-01T00:00:00.000Z')}::timestamptz`],
  // readRows sends through the driver's pool, past Prisma and its extension.
  ['a NUL character in a read through the driver (readRows)', () => readRows(database.db, Prisma.sql`SELECT ${'a\u0000'}::text AS t`)],
  ['a NUL character in a statement through the driver (runStatement)', () => runStatement(database.db, Prisma.sql`UPDATE users SET name = ${'a\u0000'} WHERE false`)],
])('refuses %s with BAD_USER_INPUT, sending nothing', async (_name, query) => {
  const statements: string[] = [];
  const stop = database.onStatement((sql) => statements.push(sql));
  try {
    await expect(query()).rejects.toEqual(expect.objectContaining({ code: 'BAD_USER_INPUT', message: UNSTORABLE_MESSAGE }));
    await expect(query()).rejects.toBeInstanceOf(AppError);
  } finally {
    stop();
  }
  expect(statements).toEqual([]);
});

it('reads through the driver what PostgreSQL stores', async () => {
  await expect(readRows(database.db, Prisma.sql`SELECT ${'Zoë 😀'}::text AS t`)).resolves.toEqual([{ t: 'Zoë 😀' }]);
});

it('passes what PostgreSQL stores: years 1 to 9999, Unicode text, emoji', async () => {
  await expect(database.db.user.findFirst({ where: { createdAt: { gt: new Date('0001-01-01T00:00:00.000Z'), lt: new Date('9999-12-31T23:59:59.999Z') }, name: 'Zoë 😀 مرحبا' } })).resolves.toBeNull();
});
