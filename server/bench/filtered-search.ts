// The filtered All Properties scenario (issue 11): location + price range +
// property type + minimum bedrooms, sorted by price, through the app under
// load, beside the plain location search measured the same way and at the same
// time; then EXPLAIN of the list and of the capped count as the app sends them.
// Self-contained: it gives the seeded listings facts first (deterministic, from
// each id), so the seed itself is unchanged.
import type pg from 'pg';
import type { RecordingApp, Statement } from './capture';
import { explain } from './explain';
import { runAutocannon, type LoadResult } from './load';

const PLAIN_QUERY = `query Plain($search: String) {
  verifiedProperties(search: $search, sort: PRICE_ASC, first: 24) {
    nodes { id title location thumbnail priceMin priceMax agent { name image } }
    pageInfo { endCursor hasNextPage }
  }
}`;

// The page's two requests (the list and its count) in one: what a filtered page costs.
const FILTERED_QUERY = `query Filtered($search: String, $filter: PropertyFilter) {
  verifiedProperties(search: $search, sort: PRICE_ASC, filter: $filter, first: 24) {
    nodes { id title location thumbnail priceMin priceMax propertyType bedrooms bathrooms floorArea areaUnit saleState agent { name image } }
    pageInfo { endCursor hasNextPage }
  }
  verifiedPropertyCount(search: $search, filter: $filter) { count capped }
}`;

export interface FilteredSearchResult {
  filter: Record<string, unknown>;
  factsMs: number;
  plain: LoadResult;
  filtered: LoadResult;
  matches: { count: number; capped: boolean };
  firstPage: number;
  plans: Array<{ name: string; lines: string[]; indexes: string[] }>;
}

/** Gives every seeded listing facts a buyer filters on: a type, rooms for homes, an area (sq ft). */
async function addFacts(pool: pg.Pool) {
  await pool.query(`
    WITH roll AS (SELECT id, abs(hashtext(id::text)) AS h FROM properties),
    typed AS (SELECT id, h, (ARRAY['house','apartment','apartment','townhouse','land','commercial'])[1 + h % 6]::"PropertyType" AS t FROM roll)
    UPDATE properties p SET
      property_type = typed.t,
      bedrooms = CASE WHEN typed.t IN ('house','apartment','townhouse') THEN 1 + (typed.h / 7) % 6 END,
      bathrooms = CASE WHEN typed.t IN ('house','apartment','townhouse') THEN 1 + (typed.h / 43) % 4 END,
      floor_area = 450 + (typed.h / 301) % 3800,
      area_unit = 'sq_ft',
      floor_area_sqm = round((450 + (typed.h / 301) % 3800) * 0.09290304, 2)
    FROM typed WHERE typed.id = p.id`);
  await pool.query('VACUUM (ANALYZE) properties');
}

export async function runFilteredSearchScenario(options: {
  pool: pg.Pool;
  appUrl: string;
  recorder: RecordingApp;
  token: string;
  search: string;
  connections: number;
  warmupS: number;
  durationS: number;
}): Promise<FilteredSearchResult> {
  const { pool, appUrl, recorder, token, search, connections, warmupS, durationS } = options;
  const factsStarted = performance.now();
  await addFacts(pool);
  const factsMs = performance.now() - factsStarted;

  // A price band around the lower-middle of the listed prices (25th to 50th percentile of price_min).
  const { rows: [band] } = await pool.query<{ low: string; high: string }>(
    `SELECT round(percentile_cont(0.25) WITHIN GROUP (ORDER BY price_min))::text AS low, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY price_min))::text AS high
     FROM properties WHERE status = 'verified' AND deleted_at IS NULL`,
  );
  const filter = { priceMin: band.low, priceMax: band.high, types: ['house', 'townhouse'], minBedrooms: 3 };

  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const post = async (body: string) => {
    const response = await fetch(`${appUrl}/graphql`, { method: 'POST', headers, body });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"errors"')) throw new Error(`filtered scenario: request failed (${response.status}): ${text.slice(0, 400)}`);
    return text;
  };
  const plainBody = JSON.stringify({ operationName: 'Plain', query: PLAIN_QUERY, variables: { search } });
  const filteredBody = JSON.stringify({ operationName: 'Filtered', query: FILTERED_QUERY, variables: { search, filter } });
  const plainAnswer = await post(plainBody);
  const filteredAnswer = await post(filteredBody);
  const answer = JSON.parse(filteredAnswer) as { data: { verifiedProperties: { nodes: Array<{ priceMin: string; priceMax: string; propertyType: string; bedrooms: number }> }; verifiedPropertyCount: { count: number; capped: boolean } } };
  const nodes = answer.data.verifiedProperties.nodes;
  const wrong = nodes.find((n) => Number(n.priceMax) < Number(filter.priceMin) || Number(n.priceMin) > Number(filter.priceMax) || !filter.types.includes(n.propertyType) || n.bedrooms < 3);
  if (!nodes.length || wrong) throw new Error(`filtered scenario: unexpected page (${nodes.length} nodes${wrong ? `, a node outside the filter: ${JSON.stringify(wrong)}` : ''})`);

  const measure = async (body: string, expectBody: string) => {
    const target = { url: `${appUrl}/graphql`, headers, body, expectBody };
    if (warmupS) await runAutocannon(target, connections, warmupS);
    return runAutocannon(target, connections, durationS);
  };
  const plain = await measure(plainBody, plainAnswer);
  const filtered = await measure(filteredBody, filteredAnswer);

  // The SQL the app sends for the filtered page, and its plans.
  const statements = await recorder.record(() => fetch(`${recorder.url}/graphql`, { method: 'POST', headers, body: filteredBody }).then((r) => r.text()));
  const onProperties = statements.filter((s: Statement) => /\bFROM\s+"public"\."properties"/i.test(s.text));
  const plans: FilteredSearchResult['plans'] = [];
  for (const [index, statement] of onProperties.entries()) {
    await explain(pool, statement);
    const plan = await explain(pool, statement);
    plans.push({
      name: /count\(/i.test(statement.text) ? 'count (capped)' : index === 0 ? 'list' : `statement ${index + 1}`,
      lines: plan.lines,
      indexes: [...new Set(plan.nodes.filter((n) => n.index).map((n) => `${n.type} using ${n.index}`))],
    });
  }
  return { filter, factsMs, plain, filtered, matches: answer.data.verifiedPropertyCount, firstPage: nodes.length, plans };
}
