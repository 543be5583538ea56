// The app's database client keeps a connection whose statement PostgreSQL refused
// (client.ts, keepConnectionsAfterStatementErrors): a burst of refused writes reuses
// the pool's connections instead of opening one per refusal, and a connection that
// is really lost is still dropped.
import { createDb, readRows, type Db } from './client';
import { Prisma } from '../generated/prisma/client';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { appErrorOfDatabaseError } from './constraint-meanings';

let database: TestDatabase;
let db: Db;
let connectionsOpened = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { maxConnections: 3, onConnect: () => void connectionsOpened++ });
}, 60_000);
afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const newUser = (key: string) => ({ firebaseUid: `pool-${key}`, email: `pool-${key}@example.test`, name: 'Pool', image: null });

it('30 concurrent refused inserts (a unique violation each) open no connection beyond the pool’s three, and each is answered as a conflict', async () => {
  await db.user.create({ data: newUser('taken') });
  const before = connectionsOpened;
  const settled = await Promise.allSettled(Array.from({ length: 30 }, () => db.user.create({ data: newUser('taken') })));
  expect(settled.map((result) => result.status)).toEqual(Array(30).fill('rejected'));
  expect(settled.map((result) => appErrorOfDatabaseError((result as PromiseRejectedResult).reason)?.code)).toEqual(Array(30).fill('CONFLICT'));
  expect(connectionsOpened - before).toBeLessThanOrEqual(3);
  // The kept connections answer the next statements.
  expect(await db.user.count({ where: { firebaseUid: 'pool-taken' } })).toBe(1);
});

it('a statement refused through readRows (the driver directly) keeps its connection too', async () => {
  await readRows(db, Prisma.sql`SELECT 1 AS one`);
  const before = connectionsOpened;
  for (let attempt = 0; attempt < 10; attempt++) await expect(readRows(db, Prisma.sql`SELECT 1 / ${0}::int AS broken`)).rejects.toThrow(/division by zero/);
  expect(await readRows(db, Prisma.sql`SELECT 2 AS two`)).toEqual([{ two: 2 }]);
  expect(connectionsOpened - before).toBeLessThanOrEqual(1);
});

it('a connection the server ended (FATAL) is dropped, and the next statement gets a new one', async () => {
  const single = createDb(database.url, { maxConnections: 1 });
  try {
    const [first] = await readRows<{ pid: number }>(single, Prisma.sql`SELECT pg_backend_pid() AS pid`);
    // The pool's only connection ends itself: its statement is answered with FATAL 57P01.
    await expect(readRows(single, Prisma.sql`SELECT pg_terminate_backend(pg_backend_pid())`)).rejects.toThrow(/terminating connection/);
    const [next] = await readRows<{ pid: number }>(single, Prisma.sql`SELECT pg_backend_pid() AS pid`);
    expect(next.pid).not.toBe(first.pid);
    expect(await single.user.count({ where: { firebaseUid: 'pool-taken' } })).toBe(1);
  } finally {
    await single.$disconnect();
  }
});
