// The database that prisma/migrations produces must be the one prisma/schema.prisma
// describes: Prisma Client trusts the schema, the database obeys the migrations.
// `prisma migrate diff` needs a native engine we cannot download, so
// server/test/schema-drift.ts compares the two itself; the second half of this
// file proves that comparison notices drift.
import pg from 'pg';
import { createEmptyDatabase } from '../test/database';
import { applyMigrations, readMigrations } from './migrate';
import { diffDatabaseAgainstPrismaSchema, diffSchemas, expectedSchemaFacts, readDatabaseFacts, readPrismaSchema } from '../test/schema-drift';

/**
 * Database objects the migrations create on purpose although Prisma's schema
 * language cannot express them (a pg_trgm GIN index with a WHERE clause, a CHECK
 * constraint...). One entry per object, written as the comparator prints it,
 * e.g. 'index properties using gin (title gin_trgm_ops)', with a comment saying
 * which migration creates it and why. Each entry must exist in the database.
 */
const DATABASE_ONLY_OBJECTS: readonly string[] = [
  // 20261123230000_listing_reports: one open report per reporter and listing.
  `unique index listing_reports (property_id, reporter_id) where status = 'open'::"ReportStatus"`,
  // 20261121200000_buying: at most one accepted (later bought) offer per property,
  // so concurrent accepts cannot both win.
  `unique index offers (property_id) where status = ANY (ARRAY['accepted'::"OfferStatus", 'bought'::"OfferStatus"])`,
  // 20261121200000_buying: one open (pending or accepted) offer per buyer per property.
  `unique index offers (property_id, buyer_id) where status = ANY (ARRAY['pending'::"OfferStatus", 'accepted'::"OfferStatus"])`,
  // 20261125170000_photo_cap: photo positions 0..19 (with the unique position, at most 20 photos per listing).
  `check property_photos CHECK ("position" >= 0 AND "position" < 20)`,
  // 20261124040000_listing_price_range: the listed price ranges, for a buyer's
  // minimum price on the price-sorted All Properties list (an expression index).
  `index properties using gist (numrange(price_min, GREATEST(price_min, price_max), '[]'::text)) where status = 'verified'::"PropertyStatus" AND deleted_at IS NULL`,
  // 20261127120000_keyword_search: the stored tsvector of title, amenities and
  // description (a generated column) and its GIN index, for the keyword search.
  `column properties.search_vector`,
  `index properties using gin (search_vector)`,
  // 20261126100000_viewings: no double booking, the exclusion constraint viewings_no_overlap (its GiST index).
  `index viewings using gist (property_id, tstzrange(starts_at, ends_at)) where status = ANY (ARRAY['requested'::"ViewingStatus", 'proposed'::"ViewingStatus", 'confirmed'::"ViewingStatus"])`,
  // 20261126100000_viewings: availability windows of one day do not overlap (exclusion constraints).
  `index viewing_windows using gist (property_id, weekday, int4range(start_minute, end_minute)) where weekday IS NOT NULL`,
  `index viewing_windows using gist (property_id, on_date, int4range(start_minute, end_minute)) where on_date IS NOT NULL`,
  // 20261126100000_viewings: well-formed windows, viewings and open houses; the viewing length; feedback's rating and length.
  `check viewing_windows CHECK ((weekday IS NULL) <> (on_date IS NULL) AND (weekday IS NULL OR weekday >= 1 AND weekday <= 7) AND start_minute >= 0 AND start_minute < end_minute AND end_minute <= 1440)`,
  `check viewings CHECK (ends_at > starts_at)`,
  `check open_houses CHECK (ends_at > starts_at)`,
  `check properties CHECK (viewing_minutes >= 15 AND viewing_minutes <= 120)`,
  `check viewing_feedback CHECK (rating >= 1 AND rating <= 5)`,
  `check viewing_feedback CHECK (char_length(text) <= 2000)`,
  // 20261127100000_structured_address: coordinates in range; a place's count never below 0.
  `check properties CHECK (latitude >= '-90'::integer::double precision AND latitude <= 90::double precision)`,
  `check properties CHECK (longitude >= '-180'::integer::double precision AND longitude <= 180::double precision)`,
  `check places CHECK (listed_count >= 0)`,
  // 20261128140000_place_count_covering, 20261129100000_place_price_part_covering:
  // similar homes walk these keys; a place's capped count and the ids of its
  // price-sorted page's second part come from the index alone (index-only).
  `index properties (area_key, property_type, bedrooms, price_min) include (price_max, status, deleted_at, sale_state, agent_id, id)`,
  `index properties (city_key, property_type, bedrooms, price_min) include (price_max, status, deleted_at, sale_state, agent_id, id)`,
];

let database: { url: string; drop(): Promise<void> };
let client: pg.Client;

beforeAll(async () => {
  database = await createEmptyDatabase();
  const applied = await applyMigrations(database.url);
  expect(applied).toEqual((await readMigrations()).map((m) => m.name));
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

describe('prisma/migrations against prisma/schema.prisma', () => {
  it('builds exactly the schema that schema.prisma declares', async () => {
    // Each entry names one difference; fix the migration (or add one) until this list is empty.
    expect(await diffDatabaseAgainstPrismaSchema(client, { allowList: DATABASE_ONLY_OBJECTS })).toEqual([]);
  });

  it('compares real structure, not two empty lists', async () => {
    const expected = expectedSchemaFacts(await readPrismaSchema());
    const actual = await readDatabaseFacts(client);
    const factsOf = (facts: typeof actual) => Object.fromEntries(facts.map((f) => [f.key, f.value]));
    const sample = {
      'enum Role': '(user, agent, admin, fraud)',
      'enum OfferStatus': '(pending, accepted, rejected, bought)',
      'table users': '',
      'column users.id': 'uuid NOT NULL',
      'column users.firebase_uid': 'text NOT NULL',
      'column users.image': 'text NULL',
      'column users.role': "enum Role NOT NULL DEFAULT 'user'",
      'column users.last_log_in': 'timestamptz(3) NOT NULL DEFAULT now()',
      'column properties.price_min': 'numeric(14,2) NOT NULL',
      'column properties.is_advertised': 'boolean NOT NULL DEFAULT false',
      'column properties.updated_at': 'timestamptz(3) NOT NULL',
      'column offers.buying_date': 'date NOT NULL',
      'column offers.transaction_id': 'text NULL',
      'primary key wishlist_items': '(id)',
      'unique index users (email)': '',
      'unique index wishlist_items (user_id, property_id)': '',
      'index properties (status, price_min, id)': '',
      'index offers (agent_id, status, created_at)': '',
      'foreign key properties (agent_id) → users (id)': 'ON DELETE RESTRICT ON UPDATE CASCADE',
      'foreign key wishlist_items (user_id) → users (id)': 'ON DELETE CASCADE ON UPDATE CASCADE',
      'foreign key offers (buyer_id) → users (id)': 'ON DELETE RESTRICT ON UPDATE CASCADE',
    };
    expect(factsOf(expected)).toMatchObject(sample);
    expect(factsOf(actual)).toMatchObject(sample);
    // Every kind of object is read on both sides, in the same numbers.
    const count = (facts: typeof actual, prefix: string) => facts.filter((f) => f.key.startsWith(prefix)).length;
    for (const prefix of ['enum ', 'table ', 'column ', 'primary key ', 'unique index ', 'index ', 'foreign key ']) {
      expect([prefix, count(expected, prefix) > 0]).toEqual([prefix, true]);
      const allowListed = DATABASE_ONLY_OBJECTS.filter((key) => key.startsWith(prefix)).length;
      expect([prefix, count(actual, prefix)]).toEqual([prefix, count(expected, prefix) + allowListed]);
    }
    // The bookkeeping table is left out.
    expect(actual.some((f) => f.key.includes('_prisma_migrations'))).toBe(false);
  });
});

describe('the comparator reports drift', () => {
  /** Runs `sql` in a transaction, compares, and rolls back: every case starts from the migrated schema. */
  async function driftAfter(sql: string, allowList: readonly string[] = DATABASE_ONLY_OBJECTS): Promise<string[]> {
    await client.query('BEGIN');
    try {
      await client.query(sql);
      return await diffDatabaseAgainstPrismaSchema(client, { allowList });
    } finally {
      await client.query('ROLLBACK');
    }
  }

  it('an extra column', async () => {
    expect(await driftAfter('ALTER TABLE users ADD COLUMN surprise text')).toEqual(['not in schema.prisma: column users.surprise: text NULL']);
  });

  it.each<[string, string, string[]]>([
    // (not description: the keyword search's generated column depends on it)
    ['a dropped column', 'ALTER TABLE properties DROP COLUMN year_built', ['missing from the database: column properties.year_built: integer NULL']],
    [
      'a renamed column',
      'ALTER TABLE users RENAME COLUMN last_log_in TO last_login_at',
      ['missing from the database: column users.last_log_in: timestamptz(3) NOT NULL DEFAULT now()', 'not in schema.prisma: column users.last_login_at: timestamptz(3) NOT NULL DEFAULT now()'],
    ],
    [
      'a changed type',
      'ALTER TABLE offers ALTER COLUMN amount TYPE numeric(12,2)',
      ['different in the database: column offers.amount: schema.prisma says numeric(14,2) NOT NULL, the database has numeric(12,2) NOT NULL'],
    ],
    [
      'a timestamp without time zone',
      'ALTER TABLE reviews ALTER COLUMN created_at TYPE timestamp(3)',
      ['different in the database: column reviews.created_at: schema.prisma says timestamptz(3) NOT NULL DEFAULT now(), the database has timestamp(3) NOT NULL DEFAULT now()'],
    ],
    [
      'a changed nullability',
      'ALTER TABLE offers ALTER COLUMN transaction_id SET NOT NULL',
      ['different in the database: column offers.transaction_id: schema.prisma says text NULL, the database has text NOT NULL'],
    ],
    [
      'a changed enum default',
      `ALTER TABLE users ALTER COLUMN role SET DEFAULT 'agent'`,
      [`different in the database: column users.role: schema.prisma says enum Role NOT NULL DEFAULT 'user', the database has enum Role NOT NULL DEFAULT 'agent'`],
    ],
    [
      'a dropped boolean default',
      'ALTER TABLE properties ALTER COLUMN is_advertised DROP DEFAULT',
      ['different in the database: column properties.is_advertised: schema.prisma says boolean NOT NULL DEFAULT false, the database has boolean NOT NULL'],
    ],
    [
      'a default the schema does not declare',
      'ALTER TABLE properties ALTER COLUMN updated_at SET DEFAULT now()',
      ['different in the database: column properties.updated_at: schema.prisma says timestamptz(3) NOT NULL, the database has timestamptz(3) NOT NULL DEFAULT now()'],
    ],
    ['a dropped index', 'DROP INDEX properties_status_price_min_id_idx', ['missing from the database: index properties (status, price_min, id)']],
    ['an extra index', 'CREATE INDEX ON users (name)', ['not in schema.prisma: index users (name)']],
    ['a duplicate index', 'CREATE INDEX users_role_again ON users (role)', ['not in schema.prisma: index users (role) #2']],
    [
      'an index with its columns reordered',
      'DROP INDEX reviews_user_id_created_at_idx; CREATE INDEX ON reviews (created_at, user_id)',
      ['missing from the database: index reviews (user_id, created_at)', 'not in schema.prisma: index reviews (created_at, user_id)'],
    ],
    [
      'a descending index',
      'DROP INDEX reviews_created_at_idx; CREATE INDEX ON reviews (created_at DESC)',
      ['missing from the database: index reviews (created_at)', 'not in schema.prisma: index reviews (created_at DESC)'],
    ],
    [
      'a unique index made plain',
      'DROP INDEX users_email_key; CREATE INDEX ON users (email)',
      ['missing from the database: unique index users (email)', 'not in schema.prisma: index users (email)'],
    ],
    ['a unique constraint', 'ALTER TABLE users ADD UNIQUE (name)', ['not in schema.prisma: unique index users (name)']],
    ['a partial index', `CREATE INDEX ON offers (status) WHERE status = 'pending'`, [`not in schema.prisma: index offers (status) where status = 'pending'::"OfferStatus"`]],
    ['a hash index', 'CREATE INDEX ON users USING hash (email)', ['not in schema.prisma: index users using hash (email)']],
    [
      'an index with included columns',
      'DROP INDEX reviews_created_at_idx; CREATE INDEX ON reviews (created_at) INCLUDE (user_id)',
      ['missing from the database: index reviews (created_at)', 'not in schema.prisma: index reviews (created_at) include (user_id)'],
    ],
    [
      'a changed primary key',
      'ALTER TABLE wishlist_items DROP CONSTRAINT wishlist_items_pkey; ALTER TABLE wishlist_items ADD PRIMARY KEY (user_id, property_id)',
      ['different in the database: primary key wishlist_items: schema.prisma says (id), the database has (user_id, property_id)'],
    ],
    ['a dropped foreign key', 'ALTER TABLE offers DROP CONSTRAINT offers_agent_id_fkey', ['missing from the database: foreign key offers (agent_id) → users (id): ON DELETE RESTRICT ON UPDATE CASCADE']],
    [
      'a changed ON DELETE',
      'ALTER TABLE reviews DROP CONSTRAINT reviews_user_id_fkey; ALTER TABLE reviews ADD FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE',
      ['different in the database: foreign key reviews (user_id) → users (id): schema.prisma says ON DELETE CASCADE ON UPDATE CASCADE, the database has ON DELETE SET NULL ON UPDATE CASCADE'],
    ],
    [
      'a changed ON UPDATE',
      'ALTER TABLE properties DROP CONSTRAINT properties_agent_id_fkey; ALTER TABLE properties ADD FOREIGN KEY (agent_id) REFERENCES users (id) ON DELETE RESTRICT',
      ['different in the database: foreign key properties (agent_id) → users (id): schema.prisma says ON DELETE RESTRICT ON UPDATE CASCADE, the database has ON DELETE RESTRICT ON UPDATE NO ACTION'],
    ],
    [
      'an extra foreign key',
      'ALTER TABLE reviews ADD FOREIGN KEY (user_id, property_id) REFERENCES wishlist_items (user_id, property_id)',
      ['not in schema.prisma: foreign key reviews (user_id, property_id) → wishlist_items (user_id, property_id): ON DELETE NO ACTION ON UPDATE NO ACTION'],
    ],
    ['a check constraint', 'ALTER TABLE properties ADD CHECK (price_min <= price_max)', ['not in schema.prisma: check properties CHECK (price_min <= price_max)']],
    [
      'an added enum value',
      `ALTER TYPE "Role" ADD VALUE 'superuser'`,
      ['different in the database: enum Role: schema.prisma says (user, agent, admin, fraud), the database has (user, agent, admin, fraud, superuser)'],
    ],
    [
      'enum values in another order',
      `ALTER TYPE "OfferStatus" ADD VALUE 'cancelled' BEFORE 'bought'`,
      ['different in the database: enum OfferStatus: schema.prisma says (pending, accepted, rejected, bought), the database has (pending, accepted, rejected, cancelled, bought)'],
    ],
    ['an extra enum type', `CREATE TYPE "Mood" AS ENUM ('calm', 'stormy')`, ['not in schema.prisma: enum Mood: (calm, stormy)']],
    // A whole table is one difference, not one per column, index and key.
    ['an extra table', 'CREATE TABLE audit_log (id int PRIMARY KEY, note text NOT NULL)', ['not in schema.prisma: table audit_log']],
    ['a dropped table', 'DROP TABLE reviews', ['missing from the database: table reviews']],
  ])('%s', async (_name, sql, differences) => {
    expect(await driftAfter(sql)).toEqual(differences);
  });

  it('lets allow-listed objects through, and insists that they exist', async () => {
    const trigramLike = `index properties (lower(title)) where status = 'verified'::"PropertyStatus"`;
    const sql = `CREATE INDEX ON properties (lower(title)) WHERE status = 'verified'`;
    expect(await driftAfter(sql, DATABASE_ONLY_OBJECTS)).toEqual([`not in schema.prisma: ${trigramLike}`]);
    expect(await driftAfter(sql, [...DATABASE_ONLY_OBJECTS, trigramLike])).toEqual([]);
    expect(await driftAfter('SELECT 1', [...DATABASE_ONLY_OBJECTS, trigramLike])).toEqual([`allow-listed but absent from the database: ${trigramLike}`]);
  });

  it('notices what schema.prisma adds that no migration created', async () => {
    const schema = await readPrismaSchema();
    const edited = schema
      .replace('  image          String?\n', '  image          String?\n  nickname       String?        @db.VarChar(40)\n')
      .replace('  @@map("users")', '  @@index([name(sort: Desc)])\n  @@map("users")');
    expect(edited).not.toBe(schema);
    expect(await diffDatabaseAgainstPrismaSchema(client, { schemaText: edited, allowList: DATABASE_ONLY_OBJECTS })).toEqual([
      'missing from the database: column users.nickname: varchar(40) NULL',
      'missing from the database: index users (name DESC)',
    ]);
  });
});

describe('what the comparator expects from schema.prisma', () => {
  const header = 'datasource db {\n  provider = "postgresql"\n}\n';

  it("follows Prisma's defaults for types, defaults and referential actions", () => {
    const facts = expectedSchemaFacts(`${header}
      enum Kind {
        plain
        fancy  @map("FANCY")
        @@map("kind")
      }
      model Owner {
        id    Int    @id @default(autoincrement())
        pets  Pet[]
        toys  Toy[]
      }
      model Pet {
        id       String   @id @default(cuid())
        ownerId  Int?
        owner    Owner?   @relation(fields: [ownerId], references: [id])
        kind     Kind     @default(fancy)
        weight   Decimal  @default(1.50)
        score    Float    @default(-2.5)
        label    String   @default("it's")
        tags     String[]
        born     DateTime
        data     Json?
        bytes    Bytes?
        big      BigInt   @default(0)
        code     String   @default(dbgenerated("gen_random_uuid()")) @db.Uuid
        @@unique([kind, label])
        @@index([data(ops: JsonbPathOps)], type: Gin)
      }
      model Toy {
        id       Int   @id
        ownerId  Int   @map("owner_id")
        owner    Owner @relation(fields: [ownerId], references: [id], onUpdate: NoAction)
        @@map("toys")
      }`);
    expect(Object.fromEntries(facts.map((f) => [f.key, f.value]))).toEqual({
      'enum kind': '(plain, FANCY)',
      'table Owner': '',
      'column Owner.id': 'integer NOT NULL DEFAULT autoincrement()',
      'primary key Owner': '(id)',
      'table Pet': '',
      'column Pet.id': 'text NOT NULL',
      'column Pet.ownerId': 'integer NULL',
      'column Pet.kind': "enum kind NOT NULL DEFAULT 'FANCY'",
      'column Pet.weight': 'numeric(65,30) NOT NULL DEFAULT 1.5',
      'column Pet.score': 'double precision NOT NULL DEFAULT -2.5',
      'column Pet.label': "text NOT NULL DEFAULT 'it''s'",
      'column Pet.tags': 'text[] NULL',
      'column Pet.born': 'timestamp(3) NOT NULL',
      'column Pet.data': 'jsonb NULL',
      'column Pet.bytes': 'bytea NULL',
      'column Pet.big': 'bigint NOT NULL DEFAULT 0',
      'column Pet.code': 'uuid NOT NULL DEFAULT gen_random_uuid()',
      'foreign key Pet (ownerId) → Owner (id)': 'ON DELETE SET NULL ON UPDATE CASCADE',
      'primary key Pet': '(id)',
      'unique index Pet (kind, label)': '',
      'index Pet using gin (data jsonb_path_ops)': '',
      'table toys': '',
      'column toys.id': 'integer NOT NULL',
      'column toys.owner_id': 'integer NOT NULL',
      'foreign key toys (owner_id) → Owner (id)': 'ON DELETE RESTRICT ON UPDATE NO ACTION',
      'primary key toys': '(id)',
    });
  });

  it('refuses what it cannot compare instead of passing silently', () => {
    expect(() =>
      expectedSchemaFacts(`${header}
        model Post {
          id   Int   @id
          tags Tag[]
        }
        model Tag {
          id    Int    @id
          posts Post[]
        }`),
    ).toThrow('implicit many-to-many relation PostToTag is not supported');
    expect(() => expectedSchemaFacts(`${header} model Broken {`)).toThrow('prisma/schema.prisma does not parse');
  });

  it('diffSchemas lists nothing for equal inputs and every kind of difference otherwise', () => {
    const expected = [
      { key: 'table t', value: '', table: 't' },
      { key: 'column t.a', value: 'text NULL', table: 't' },
      { key: 'column t.b', value: 'text NULL', table: 't' },
    ];
    expect(diffSchemas(expected, expected)).toEqual([]);
    expect(
      diffSchemas(expected, [
        { key: 'table t', value: '', table: 't' },
        { key: 'column t.a', value: 'integer NULL', table: 't' },
        { key: 'column t.c', value: 'text NULL', table: 't' },
      ]),
    ).toEqual([
      'different in the database: column t.a: schema.prisma says text NULL, the database has integer NULL',
      'missing from the database: column t.b: text NULL',
      'not in schema.prisma: column t.c: text NULL',
    ]);
  });
});
