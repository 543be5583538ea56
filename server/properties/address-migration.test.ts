// The structured-address migration (20261127100000_structured_address) on the
// data it meets in the field: a copy of the demo listings and of the
// benchmark's seed, loaded into a database migrated up to just before it, then
// migrated. Its SQL split must agree with common/address.ts splitLocation (what
// REST callers that send only `location` get), the places must count exactly
// the listed homes, and the triggers must keep them counted afterwards. The
// later 20261128130000_places_count_fraud recounts them without the homes of
// agents marked as fraud (one bench agent is marked before migrating), and its
// triggers keep that rule when a role changes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { splitLocation, postcodeDistrict, placeKey, type AddressParts } from '@opennest/common/address';
import { DEMO_LISTINGS } from '../../prisma/demo/catalogue';
import { seedBenchmarkData } from '../../bench/seed';
import { createEmptyDatabase } from '../test/database';
import { applyMigrations, migrationsDir, readMigrations } from '../db/migrate';

const MIGRATION = '20261127100000_structured_address';
const AGENT_ID = '01900000-0000-7000-8000-000000000001';

/** Locations the demo and the bench do not have: postcodes, GB addresses, one that cannot be split. */
const EXTRA_LOCATIONS: Array<[string, AddressParts]> = [
  ['221B Baker Street, Marylebone, London NW1 6XE', { streetLine: '221B Baker Street', area: 'Marylebone', city: 'London', postcode: 'NW1 6XE', countryCode: 'GB' }],
  ['Flat 2,  5 High St , Camden, London, nw1 8ql', { streetLine: 'Flat 2, 5 High St', area: 'Camden', city: 'London', postcode: 'NW1 8QL', countryCode: 'GB' }],
  ['Road 27, Dhanmondi, Dhaka 1209', { streetLine: 'Road 27', area: 'Dhanmondi', city: 'Dhaka', postcode: '1209', countryCode: null }],
  // Area and city only (the demo's locations before they had full addresses): the agent completes the rest.
  ['Gulshan, Dhaka', { streetLine: null, area: 'Gulshan', city: 'Dhaka', postcode: null, countryCode: null }],
  ["Cox's Bazar, Chattogram", { streetLine: null, area: "Cox's Bazar", city: 'Chattogram', postcode: null, countryCode: null }],
  ['Dhaka', { streetLine: null, area: null, city: null, postcode: null, countryCode: null }],
  [' , Somewhere ,', { streetLine: null, area: null, city: null, postcode: null, countryCode: null }],
];

let database: { url: string; drop(): Promise<void> };
let client: pg.Client;
let tempDir: string;

beforeAll(async () => {
  database = await createEmptyDatabase();
  // Migrate to just before the structured address, from a copy of the earlier migrations.
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'address-migration-'));
  const earlier = (await readMigrations()).filter((m) => m.name < MIGRATION);
  for (const m of earlier) await fs.cp(path.join(migrationsDir, m.name), path.join(tempDir, m.name), { recursive: true });
  await applyMigrations(database.url, undefined, tempDir);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`INSERT INTO users (id, firebase_uid, email, name, role) VALUES ($1, 'demo-agent', 'agent@demo.test', 'Demo Agent', 'agent')`, [AGENT_ID]);
  const demo = [...DEMO_LISTINGS.map((l) => ({ title: l.title, location: l.location, status: l.status, saleState: l.saleState })), ...EXTRA_LOCATIONS.map(([location], i) => ({ title: `Extra ${i}`, location, status: 'verified', saleState: 'available' }))];
  await client.query(
    `INSERT INTO properties (id, agent_id, title, location, image, price_min, price_max, status, sale_state, updated_at)
     SELECT gen_random_uuid(), $1, t, l, '/uploads/x.webp', 100, 200, s::"PropertyStatus", ss::"SaleState", now()
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS u(t, l, s, ss)`,
    [AGENT_ID, demo.map((d) => d.title), demo.map((d) => d.location), demo.map((d) => d.status), demo.map((d) => d.saleState)],
  );
  await seedBenchmarkData({ databaseUrl: database.url, properties: 3000, agents: 10, seed: 19, structuredAddress: false });
  // A bench agent with verified listings was marked as fraud before the places existed.
  await client.query(`UPDATE users SET role = 'fraud' WHERE id = (SELECT agent_id FROM properties WHERE status = 'verified' AND agent_id <> $1 ORDER BY agent_id LIMIT 1)`, [AGENT_ID]);
  await applyMigrations(database.url);
}, 180_000);

afterAll(async () => {
  await client?.end();
  await database?.drop();
  if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
});

/**
 * Places whose count differs from a fresh count of the homes buyers can find
 * there (the rule of listing-visibility.ts PUBLIC_LISTING_SQL, not sold).
 */
async function miscounted() {
  const { rows } = await client.query(`
    WITH listed AS (SELECT p.* FROM properties p JOIN users a ON a.id = p.agent_id WHERE p.status = 'verified' AND p.deleted_at IS NULL AND a.role <> 'fraud' AND p.sale_state <> 'sold'),
    expected AS (
      SELECT 'area'::"PlaceKind" AS kind, area_key AS key, count(*)::int AS n FROM listed WHERE area_key IS NOT NULL GROUP BY 2
      UNION ALL SELECT 'city', city_key, count(*)::int FROM listed WHERE city_key IS NOT NULL GROUP BY 2
      UNION ALL SELECT 'district', district_key, count(*)::int FROM listed WHERE district_key IS NOT NULL GROUP BY 2)
    SELECT coalesce(e.kind, p.kind) AS kind, coalesce(e.key, p.key) AS key, e.n AS expected, p.listed_count AS counted
    FROM expected e FULL JOIN places p ON p.kind = e.kind AND p.key = e.key
    WHERE coalesce(e.n, 0) <> coalesce(p.listed_count, 0)`);
  return rows;
}

interface Row extends AddressParts {
  id: string;
  location: string;
  area_key: string | null;
  city_key: string | null;
  district_key: string | null;
}

const rows = async () =>
  (await client.query<Row>(`SELECT id, location, street_line AS "streetLine", area, city, postcode, country_code AS "countryCode", area_key, city_key, district_key FROM properties ORDER BY location`)).rows;

describe(`${MIGRATION} on the demo data and the bench seed`, () => {
  it('splits every location as common/address.ts splitLocation does, keeping the location as the display line', async () => {
    const all = await rows();
    expect(all.length).toBe(DEMO_LISTINGS.length + EXTRA_LOCATIONS.length + 3000);
    const disagreements = all.filter((r) => JSON.stringify(splitLocation(r.location)) !== JSON.stringify({ streetLine: r.streetLine, area: r.area, city: r.city, postcode: r.postcode, countryCode: r.countryCode }));
    expect(disagreements.slice(0, 5)).toEqual([]);
    // The keys follow the parts, as common/address.ts computes them.
    const wrongKeys = all.filter((r) => r.city_key !== placeKey(r.city) || r.area_key !== (r.city && r.area ? `${placeKey(r.city)}/${placeKey(r.area)}` : null) || r.district_key !== postcodeDistrict(r.postcode, r.countryCode));
    expect(wrongKeys.slice(0, 5)).toEqual([]);
  });

  it('splits the demo locations into street, area, city and postcode (the country is not in the text)', async () => {
    const byLocation = new Map((await rows()).map((r) => [r.location, r]));
    expect(byLocation.get('House 14, Road 71, Gulshan, Dhaka 1212')).toMatchObject({ streetLine: 'House 14, Road 71', area: 'Gulshan', city: 'Dhaka', postcode: '1212', countryCode: null });
    expect(byLocation.get("Marine Drive, Cox's Bazar, Chattogram 4700")).toMatchObject({ streetLine: 'Marine Drive', area: "Cox's Bazar", city: 'Chattogram', postcode: '4700' });
    for (const listing of DEMO_LISTINGS) expect([listing.location, byLocation.get(listing.location)?.postcode]).toEqual([listing.location, expect.any(String)]);
  });

  it.each(EXTRA_LOCATIONS)('splits %j', async (location, parts) => {
    const row = (await rows()).find((r) => r.location === location);
    expect(row).toMatchObject(parts);
    expect(splitLocation(location)).toEqual(parts);
  });

  it('splits every bench location (street, district, city) with no street line lost', async () => {
    const bench = (await rows()).filter((r) => !r.location.startsWith(' ') && r.location.split(',').length >= 2);
    expect(bench.filter((r) => !r.city || !r.area)).toEqual([]);
  });

  it('counts in places exactly the listed homes (verified, not deleted, not sold, agent not marked as fraud) of each area, city and district', async () => {
    expect(await miscounted()).toEqual([]);
    // The fraud agent's listings were there to miscount.
    const { rows: [fraud] } = await client.query(`SELECT count(*)::int AS n FROM properties p JOIN users a ON a.id = p.agent_id WHERE a.role = 'fraud' AND p.status = 'verified' AND p.sale_state <> 'sold'`);
    expect(fraud.n).toBeGreaterThan(0);
    const { rows: [dhaka] } = await client.query(`SELECT name, listed_count FROM places WHERE kind = 'city' AND key = 'dhaka'`);
    expect(dhaka.name).toBe('Dhaka');
    expect(dhaka.listed_count).toBeGreaterThan(100);
  });
});

describe('the place triggers after the migration', () => {
  const count = async (kind: string, key: string) => (await client.query<{ n: number }>(`SELECT listed_count AS n FROM places WHERE kind = $1 AND key = $2`, [kind, key])).rows[0]?.n ?? 0;

  it('move a listing between places, and take it off when it is sold, deleted or unverified', async () => {
    const { rows: [listing] } = await client.query<{ id: string }>(`SELECT id FROM properties WHERE location = '221B Baker Street, Marylebone, London NW1 6XE'`);
    const before = { marylebone: await count('area', 'london/marylebone'), london: await count('city', 'london'), nw1: await count('district', 'GB NW1'), bath: await count('city', 'bath') };
    expect(before.marylebone).toBe(1);
    await client.query(`UPDATE properties SET city = 'Bath', area = 'Lansdown', postcode = 'BA1 5NB' WHERE id = $1`, [listing.id]);
    expect(await count('area', 'london/marylebone')).toBe(0);
    expect(await count('city', 'london')).toBe(before.london - 1);
    expect(await count('district', 'GB NW1')).toBe(before.nw1 - 1);
    expect(await count('city', 'bath')).toBe(before.bath + 1);
    expect(await count('district', 'GB BA1')).toBe(1);
    const { rows: [place] } = await client.query(`SELECT name, within, country_code FROM places WHERE kind = 'area' AND key = 'bath/lansdown'`);
    expect(place).toEqual({ name: 'Lansdown', within: 'Bath', country_code: 'GB' });
    for (const change of [`sale_state = 'sold'`, `deleted_at = now()`, `status = 'pending'`]) {
      await client.query(`UPDATE properties SET ${change} WHERE id = $1`, [listing.id]);
      expect([change, await count('city', 'bath')]).toEqual([change, before.bath]);
      await client.query(`UPDATE properties SET sale_state = 'available', deleted_at = NULL, status = 'verified' WHERE id = $1`, [listing.id]);
      expect(await count('city', 'bath')).toBe(before.bath + 1);
    }
    await client.query(`DELETE FROM properties WHERE id = $1`, [listing.id]);
    expect(await count('city', 'bath')).toBe(before.bath);
  });

  it('takes an agent’s listed homes off their places when the agent is marked as fraud, and puts them back if the role is restored', async () => {
    const { rows: [agent] } = await client.query<{ id: string }>(`
      SELECT p.agent_id AS id FROM properties p JOIN users a ON a.id = p.agent_id
      WHERE a.role = 'agent' AND a.id <> $1 AND p.status = 'verified' AND p.deleted_at IS NULL AND p.sale_state <> 'sold'
      GROUP BY p.agent_id ORDER BY count(*) DESC LIMIT 1`, [AGENT_ID]);
    const places = async () => (await client.query<{ kind: string; key: string; listed_count: number }>(`SELECT kind::text, key, listed_count FROM places ORDER BY kind, key`)).rows;
    const before = await places();
    await client.query(`UPDATE users SET role = 'fraud' WHERE id = $1`, [agent.id]);
    expect(await miscounted()).toEqual([]);
    const marked = await places();
    expect(marked).not.toEqual(before);
    // A listing change of the fraud agent's moves no count; nor does an unrelated change of the account.
    await client.query(`UPDATE properties SET status = 'pending' WHERE id = (SELECT id FROM properties WHERE agent_id = $1 AND status = 'verified' LIMIT 1)`, [agent.id]);
    await client.query(`UPDATE users SET name = 'Renamed' WHERE id = $1`, [agent.id]);
    expect(await places()).toEqual(marked);
    await client.query(`UPDATE users SET role = 'agent' WHERE id = $1`, [agent.id]);
    expect(await miscounted()).toEqual([]);
    await client.query(`UPDATE properties SET status = 'verified' WHERE agent_id = $1 AND status = 'pending'`, [agent.id]);
    expect(await miscounted()).toEqual([]);
  });

  it('refuses coordinates out of range in the database too', async () => {
    await expect(client.query(`UPDATE properties SET latitude = 91, longitude = 0 WHERE location = 'Gulshan, Dhaka'`)).rejects.toMatchObject({ constraint: 'properties_latitude_range' });
    await expect(client.query(`UPDATE properties SET latitude = 0, longitude = 180.5 WHERE location = 'Gulshan, Dhaka'`)).rejects.toMatchObject({ constraint: 'properties_longitude_range' });
  });
});
