// Benchmark data: a few hundred agents and many listings, written straight
// through `pg` with multi-row INSERTs (unnest of column arrays, thousands of rows
// per statement), then VACUUM (ANALYZE) so the planner has real statistics.
// A seeded PRNG makes every run with the same settings produce the same rows.
import pg from 'pg';
import { insertBuyers } from './accounts';

export interface SeedOptions {
  databaseUrl: string;
  properties: number;
  agents: number;
  /** PRNG seed: the same seed and counts give the same data. */
  seed: number;
  batchSize?: number;
  /**
   * Structured addresses (issue 19; the default): street, area (the city's
   * neighbourhood), city, a 4-digit postcode per neighbourhood, country BD, and
   * the location line made from them. false: only today's free-text location,
   * as before the structured-address migration (its migration test loads that).
   */
  structuredAddress?: boolean;
}

export interface SeedStats {
  agents: number;
  properties: number;
  byStatus: Record<string, number>;
  deleted: number;
  advertised: number;
  /** Verified, not deleted: what the all-properties page can show. */
  listable: number;
  priceRange: { min: string; max: string };
  createdRange: { min: string; max: string };
  tableSize: string;
  indexSizes: Array<{ name: string; size: string }>;
  insertMs: number;
  vacuumMs: number;
}

// Cities with their neighbourhoods. Weights give Dhaka about 5 % of all listings
// and each of its neighbourhoods (Gulshan, Banani...) about 0.5 %.
export const CITIES: Array<{ city: string; weight: number; districts: string[] }> = [
  { city: 'Dhaka', weight: 1.2, districts: ['Gulshan', 'Banani', 'Dhanmondi', 'Uttara', 'Mirpur', 'Mohammadpur', 'Bashundhara', 'Baridhara', 'Motijheel', 'Tejgaon'] },
  { city: 'Chattogram', weight: 1.3, districts: ['Agrabad', 'Nasirabad', 'Khulshi', 'Halishahar', 'Panchlaish', 'Patenga'] },
  { city: 'Sylhet', weight: 1, districts: ['Zindabazar', 'Amberkhana', 'Upashahar', 'Shibganj', 'Tilagor'] },
  { city: 'Khulna', weight: 1, districts: ['Sonadanga', 'Boyra', 'Khalishpur', 'Daulatpur', 'Gollamari'] },
  { city: 'Rajshahi', weight: 1, districts: ['Shaheb Bazar', 'Uposhohor', 'Kazla', 'Padma Residential', 'Binodpur'] },
  { city: 'Barishal', weight: 0.9, districts: ['Nathullabad', 'Rupatali', 'Bandh Road', 'Kashipur'] },
  { city: 'Rangpur', weight: 0.9, districts: ['Jahaj Company More', 'Dhap', 'Shapla Chattar', 'Lalbag'] },
  { city: 'Mymensingh', weight: 0.9, districts: ['Ganginarpar', 'Charpara', 'Kewatkhali', 'Shankipara'] },
  { city: 'Cumilla', weight: 0.9, districts: ['Kandirpar', 'Tomsom Bridge', 'Jhawtola', 'Shashongacha'] },
  { city: 'Narayanganj', weight: 0.9, districts: ['Chashara', 'Fatullah', 'Siddhirganj', 'Bandar'] },
  { city: 'Gazipur', weight: 0.9, districts: ['Tongi', 'Joydebpur', 'Board Bazar', 'Konabari'] },
  { city: "Cox's Bazar", weight: 0.8, districts: ['Kolatoli', 'Sugandha Point', 'Jhilongja', 'Laboni Point'] },
  { city: 'Jashore', weight: 0.8, districts: ['Ghope', 'Palbari', 'Rail Road', 'Shankarpur'] },
  { city: 'Bogura', weight: 0.8, districts: ['Sherpur Road', 'Jaleshwaritola', 'Malotinagar', 'Namazgarh'] },
  { city: 'Dinajpur', weight: 0.7, districts: ['Balubari', 'Munshipara', 'Kalitola', 'Pulhat'] },
  { city: 'Tangail', weight: 0.7, districts: ['Akur Takur', 'Kodalia', 'Shantikunja', 'Bepari Para'] },
  { city: 'Noakhali', weight: 0.7, districts: ['Maijdee', 'Sonapur', 'Chowmuhani', 'Begumganj'] },
  { city: 'Feni', weight: 0.6, districts: ['Shahid Sohrab Road', 'Trunk Road', 'Mizan Road', 'Ukil Para'] },
  { city: 'Brahmanbaria', weight: 0.6, districts: ['Kawtoli', 'Medda', 'Paikpara', 'Fulbaria'] },
  { city: 'Pabna', weight: 0.6, districts: ['Shalgaria', 'Radhanagar', 'Laskarpur', 'Dilalpur'] },
  { city: 'Kushtia', weight: 0.6, districts: ['Majampur', 'Courtpara', 'Thanapara', 'Mongolbaria'] },
  { city: 'Faridpur', weight: 0.6, districts: ['Jhiltuli', 'Goalchamot', 'Alipur', 'Tepakhola'] },
  { city: 'Sirajganj', weight: 0.5, districts: ['Mujib Sarak', 'Dhanbandhi', 'Kalibari', 'Raypur'] },
  { city: 'Jamalpur', weight: 0.5, districts: ['Sakal Bazar', 'Nayapara', 'Pathalia', 'Bakultala'] },
  { city: 'Satkhira', weight: 0.5, districts: ['Palashpole', 'Sultanpur', 'Katia', 'Bypass Road'] },
  { city: 'Bhola', weight: 0.4, districts: ['Kalinath Bazar', 'Bapta', 'Charnoabad', 'Uttar Bhola'] },
  { city: 'Patuakhali', weight: 0.4, districts: ['Natun Bazar', 'Sabujbag', 'Kalikapur', 'Puran Bazar'] },
  { city: 'Chandpur', weight: 0.5, districts: ['Puran Bazar', 'Bishnudi', 'Babur Hat', 'Mission Road'] },
  { city: 'Narsingdi', weight: 0.5, districts: ['Bilasdi', 'Bashail', 'Velanagar', 'Panchdona'] },
  { city: 'Habiganj', weight: 0.4, districts: ['Shayestaganj', 'Kamarkhola', 'Gosainagar', 'Chowdhury Bazar'] },
];

const STREETS = ['Lake Road', 'Station Road', 'College Road', 'Hospital Road', 'Circular Road', 'Main Road', 'Bank Road', 'Court Road', 'Green Road', 'Park Avenue', 'River View Lane', 'School Road', 'Temple Road', 'Mosque Lane'];
const ADJECTIVES = ['Spacious', 'Bright', 'Modern', 'Cosy', 'Renovated', 'Lake-view', 'Corner', 'Quiet', 'Luxury', 'Furnished', 'Affordable', 'Sunny', 'Airy', 'Family-friendly', 'New'];
const KINDS = ['apartment', 'duplex', 'villa', 'townhouse', 'studio', 'penthouse', 'family home', 'cottage', 'bungalow', 'flat'];
const FIRST_NAMES = ['Rahim', 'Karim', 'Nusrat', 'Farhana', 'Tanvir', 'Sadia', 'Imran', 'Ayesha', 'Rafiq', 'Shirin', 'Habib', 'Mitu', 'Arif', 'Tahmina', 'Jamal', 'Ruma', 'Sabbir', 'Lamia', 'Fahim', 'Anika', 'Mahmud', 'Nabila', 'Rezaul', 'Sumaiya', 'Zahid'];
const LAST_NAMES = ['Ahmed', 'Hossain', 'Rahman', 'Islam', 'Chowdhury', 'Khan', 'Uddin', 'Akter', 'Begum', 'Sarkar', 'Das', 'Roy', 'Talukder', 'Mia', 'Siddique', 'Haque', 'Karim', 'Bhuiyan'];

const DAY = 86_400_000;

/** mulberry32: small, fast, good enough for test data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = ReturnType<typeof prng>;
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const intBetween = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** A UUIDv7 (what the app's ids are) for a given time, its random bits from the PRNG. */
function uuidv7(ms: number, random: Random): string {
  const bytes = new Uint8Array(16);
  let time = ms;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  for (let i = 6; i < 16; i++) bytes[i] = Math.floor(random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Integer cents as decimal text with two places. */
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function weightedCityIndex(random: Random) {
  const total = CITIES.reduce((sum, c) => sum + c.weight, 0);
  let r = random() * total;
  for (const [index, c] of CITIES.entries()) {
    r -= c.weight;
    if (r < 0) return index;
  }
  return CITIES.length - 1;
}

interface SeededAddress {
  /** The free-text location as listings had it before structured addresses. */
  text: string;
  street: string | null;
  area: string;
  city: string;
  /** 4 digits, one per neighbourhood (as Bangladesh's postcodes are per area). */
  postcode: string;
}

function location(random: Random): SeededAddress {
  const cityIndex = weightedCityIndex(random);
  const { city, districts } = CITIES[cityIndex];
  const districtIndex = Math.floor(random() * districts.length);
  const area = districts[districtIndex];
  const postcode = String(1000 + cityIndex * 100 + districtIndex * 7);
  let street: string | null;
  switch (intBetween(random, 0, 3)) {
    case 0:
      street = `House ${intBetween(random, 1, 120)}, Road ${intBetween(random, 1, 40)}`;
      break;
    case 1:
      street = `Flat ${intBetween(random, 1, 12)}${pick(random, ['A', 'B', 'C', 'D'])}, ${intBetween(random, 1, 300)} ${pick(random, STREETS)}`;
      break;
    case 2:
      street = `Sector ${intBetween(random, 1, 18)}`;
      break;
    default:
      street = null;
  }
  return { text: [street, area, city].filter(Boolean).join(', '), street, area, city, postcode };
}

/** Log-uniform between 15,000 and 30,000,000 (cents); a third rounded to whole thousands, so equal prices (cursor ties) occur. */
function priceCents(random: Random): number {
  const lo = Math.log(15_000);
  const hi = Math.log(30_000_000);
  const value = Math.exp(lo + random() * (hi - lo));
  return random() < 0.33 ? Math.round(value / 1000) * 100_000 : Math.round(value * 100);
}

export async function seedBenchmarkData({ databaseUrl, properties, agents, seed, batchSize = 5000, structuredAddress = true }: SeedOptions): Promise<SeedStats> {
  const random = prng(seed);
  const now = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();

    // Agents: created over the last four years.
    const agentIds: string[] = [];
    const agentRows = { id: [] as string[], uid: [] as string[], email: [] as string[], name: [] as string[], image: [] as string[], created: [] as string[] };
    for (let i = 0; i < agents; i++) {
      const created = now - (4 * 365 - Math.floor((i / agents) * 365)) * DAY - intBetween(random, 0, DAY);
      const id = uuidv7(created, random);
      agentIds.push(id);
      agentRows.id.push(id);
      agentRows.uid.push(`bench-agent-${i + 1}`);
      agentRows.email.push(`agent-${i + 1}@bench.opennest.test`);
      agentRows.name.push(`${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`);
      agentRows.image.push(`/uploads/${uuidv7(created, random)}.webp`);
      agentRows.created.push(new Date(created).toISOString());
    }
    await client.query(
      `INSERT INTO users (id, firebase_uid, email, name, image, role, created_at, last_log_in)
       SELECT id, uid, email, name, image, 'agent', created, created
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) AS t(id, uid, email, name, image, created)`,
      [agentRows.id, agentRows.uid, agentRows.email, agentRows.name, agentRows.image, agentRows.created],
    );

    // The places' counts are made once after the load (refresh_places), not row by row.
    if (structuredAddress) await client.query('ALTER TABLE properties DISABLE TRIGGER properties_places_count');
    // Listings: created over the last three years (more recently, more of them),
    // inserted oldest first as a live table would have been filled.
    const createdTimes = Array.from({ length: properties }, () => now - Math.floor(Math.pow(random(), 0.7) * 3 * 365 * DAY)).sort((a, b) => a - b);
    for (let start = 0; start < properties; start += batchSize) {
      const end = Math.min(properties, start + batchSize);
      const cols = {
        id: [] as string[], agent: [] as string[], title: [] as string[], location: [] as string[], image: [] as string[],
        description: [] as Array<string | null>, priceMin: [] as string[], priceMax: [] as string[], status: [] as string[],
        advertised: [] as boolean[], created: [] as string[], updated: [] as string[], deleted: [] as Array<string | null>,
        street: [] as Array<string | null>, area: [] as string[], city: [] as string[], postcode: [] as string[],
      };
      for (let i = start; i < end; i++) {
        const created = createdTimes[i];
        const roll = random();
        const status = roll < 0.85 ? 'verified' : roll < 0.95 ? 'pending' : 'rejected';
        const deleted = random() < 0.01 ? Math.min(now, created + intBetween(random, 1, 90) * DAY) : null;
        const min = priceCents(random);
        const max = min + Math.round(min * random() * 0.25);
        const address = location(random);
        // With structured addresses, the line is made from the parts as the service makes it (common/address.ts addressLine).
        const where = structuredAddress ? `${address.text} ${address.postcode}` : address.text;
        const bedrooms = intBetween(random, 1, 6);
        const title = `${pick(random, ADJECTIVES)} ${bedrooms}-bed ${pick(random, KINDS)}`;
        cols.id.push(uuidv7(created, random));
        cols.agent.push(pick(random, agentIds));
        cols.title.push(title);
        cols.location.push(where);
        cols.street.push(address.street);
        cols.area.push(address.area);
        cols.city.push(address.city);
        cols.postcode.push(address.postcode);
        cols.image.push(`/uploads/${uuidv7(created, random)}.webp`);
        cols.description.push(random() < 0.1 ? null : `${title} in ${where}: ${intBetween(random, 450, 4200)} sq ft, floor ${intBetween(random, 0, 14)}, ${pick(random, ['south facing', 'lift and generator', 'car parking', 'near school', 'gas connection', 'rooftop garden'])}.`);
        cols.priceMin.push(money(min));
        cols.priceMax.push(money(max));
        cols.status.push(status);
        cols.advertised.push(status === 'verified' && deleted === null && random() < 0.03);
        cols.created.push(new Date(created).toISOString());
        cols.updated.push(new Date(Math.min(now, created + intBetween(random, 0, 30) * DAY)).toISOString());
        cols.deleted.push(deleted === null ? null : new Date(deleted).toISOString());
      }
      const values = [cols.id, cols.agent, cols.title, cols.location, cols.image, cols.description, cols.priceMin, cols.priceMax, cols.status, cols.advertised, cols.created, cols.updated, cols.deleted];
      const types = `$1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::numeric[],
                     $9::"PropertyStatus"[], $10::boolean[], $11::timestamptz[], $12::timestamptz[], $13::timestamptz[]`;
      if (structuredAddress) {
        await client.query(
          `INSERT INTO properties (id, agent_id, title, location, image, description, price_min, price_max, status, is_advertised, created_at, updated_at, deleted_at,
                                   street_line, area, city, postcode, country_code)
           SELECT *, 'BD' FROM unnest(${types}, $14::text[], $15::text[], $16::text[], $17::text[])`,
          [...values, cols.street, cols.area, cols.city, cols.postcode],
        );
      } else {
        await client.query(`INSERT INTO properties (id, agent_id, title, location, image, description, price_min, price_max, status, is_advertised, created_at, updated_at, deleted_at) SELECT * FROM unnest(${types})`, values);
      }
    }
    if (structuredAddress) {
      await client.query('ALTER TABLE properties ENABLE TRIGGER properties_places_count');
      await client.query('SELECT refresh_places()');
      await client.query('VACUUM (ANALYZE) places');
    }
    const insertMs = performance.now() - started;

    const vacuumStarted = performance.now();
    await client.query('VACUUM (ANALYZE) users');
    await client.query('VACUUM (ANALYZE) properties');
    const vacuumMs = performance.now() - vacuumStarted;

    return { ...(await collectStats(client)), insertMs, vacuumMs };
  } finally {
    await client.end();
  }
}

async function collectStats(client: pg.Client): Promise<Omit<SeedStats, 'insertMs' | 'vacuumMs'>> {
  const { rows: statusRows } = await client.query<{ status: string; n: string }>('SELECT status::text, count(*) AS n FROM properties GROUP BY 1 ORDER BY 1');
  const { rows: [summary] } = await client.query<{ total: string; deleted: string; advertised: string; listable: string; pmin: string; pmax: string; cmin: Date; cmax: Date; agents: string; size: string }>(`
    SELECT count(*) AS total,
           count(*) FILTER (WHERE deleted_at IS NOT NULL) AS deleted,
           count(*) FILTER (WHERE is_advertised) AS advertised,
           count(*) FILTER (WHERE status = 'verified' AND deleted_at IS NULL) AS listable,
           min(price_min)::text AS pmin, max(price_min)::text AS pmax, min(created_at) AS cmin, max(created_at) AS cmax,
           (SELECT count(*) FROM users WHERE role = 'agent') AS agents,
           pg_size_pretty(pg_table_size('properties')) AS size
    FROM properties`);
  const { rows: indexRows } = await client.query<{ name: string; size: string }>(`
    SELECT indexrelname AS name, pg_size_pretty(pg_relation_size(indexrelid)) AS size
    FROM pg_stat_user_indexes WHERE relname = 'properties' ORDER BY indexrelname`);
  return {
    agents: Number(summary.agents),
    properties: Number(summary.total),
    byStatus: Object.fromEntries(statusRows.map((r) => [r.status, Number(r.n)])),
    deleted: Number(summary.deleted),
    advertised: Number(summary.advertised),
    listable: Number(summary.listable),
    priceRange: { min: summary.pmin, max: summary.pmax },
    createdRange: { min: summary.cmin.toISOString().slice(0, 10), max: summary.cmax.toISOString().slice(0, 10) },
    tableSize: summary.size,
    indexSizes: indexRows,
  };
}

/** How many listable rows a location search matches (what the trigram index has to find). */
export async function countMatches(databaseUrl: string, terms: string[]): Promise<Array<{ term: string; rows: number; share: number }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: [{ n: listable }] } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM properties WHERE status = 'verified' AND deleted_at IS NULL`);
    const out = [];
    for (const term of terms) {
      const { rows: [{ n }] } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM properties WHERE status = 'verified' AND deleted_at IS NULL AND location ILIKE $1`,
        [`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
      );
      out.push({ term, rows: Number(n), share: Number(n) / Math.max(1, Number(listable)) });
    }
    return out;
  } finally {
    await client.end();
  }
}

export interface ScenarioRecords {
  /** A verified, advertised listing with `reviews` reviews (the details scenario). */
  reviewedPropertyId: string;
  reviews: number;
  /** Listings moved to the signed-in agent, and the pending offers on them. */
  agentListings: number;
  offers: number;
}

/**
 * The records the details and requested-offers scenarios read: `buyers` buyer
 * accounts; `agentListings` verified listings given to the signed-in agent
 * `agentId` with one pending offer from each buyer on each (buyers x listings
 * offers); one review from each buyer on an advertised listing of another agent.
 */
export async function seedScenarioRecords(
  databaseUrl: string,
  { agentId, buyers = 20, agentListings = 50 }: { agentId: string; buyers?: number; agentListings?: number },
): Promise<ScenarioRecords> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const buyerIds = await insertBuyers(client, 'Buyer', buyers);
    const { rows: listings } = await client.query<{ id: string }>(
      `UPDATE properties SET agent_id = $1
       WHERE id IN (SELECT id FROM properties WHERE status = 'verified' AND deleted_at IS NULL AND NOT is_advertised ORDER BY id LIMIT $2)
       RETURNING id`,
      [agentId, agentListings],
    );
    const { rowCount: offers } = await client.query(
      `INSERT INTO offers (id, property_id, buyer_id, agent_id, amount, buying_date, status, created_at, updated_at)
       SELECT gen_random_uuid(), p.id, b.id, p.agent_id, p.price_min, CURRENT_DATE + 30, 'pending',
              now() - make_interval(secs => row_number() OVER ()), now()
       FROM properties p CROSS JOIN unnest($2::uuid[]) AS b(id)
       WHERE p.id = ANY($1::uuid[])`,
      [listings.map((l) => l.id), buyerIds],
    );
    const { rows: [reviewed] } = await client.query<{ id: string }>(
      `SELECT id FROM properties WHERE status = 'verified' AND deleted_at IS NULL AND is_advertised AND agent_id <> $1 ORDER BY id LIMIT 1`,
      [agentId],
    );
    const { rowCount: reviews } = await client.query(
      `INSERT INTO reviews (id, property_id, user_id, text, created_at)
       SELECT gen_random_uuid(), $1, b.id, 'A fair price and a quick answer from the agent; the flat was as the photos showed.', now() - make_interval(mins => ordinality::int)
       FROM unnest($2::uuid[]) WITH ORDINALITY AS b(id, ordinality)`,
      [reviewed.id, buyerIds],
    );
    await client.query('COMMIT');
    await client.query('VACUUM (ANALYZE) offers, reviews, users');
    return { reviewedPropertyId: reviewed.id, reviews: reviews ?? 0, agentListings: listings.length, offers: offers ?? 0 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
