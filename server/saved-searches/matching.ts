// Saved-search matching, in SQL, in one place: one statement per change of a
// listing (its verification, an edit of what searches filter on) finds every
// saved search it newly matches (it matches now and did not match the listing as
// it was before the change; not one query per saved search), records the match
// (once per listing and change: the primary key of saved_search_matches, so a
// retried job or two workers running the same change record and notify once)
// and writes each owner's notification, all in the job's transaction. The location term is a column (location_term); the
// filters are read from the criteria document (version 2, `filter`: only the
// filters set are present), one condition each in MATCHING_CONDITION below,
// with the same meaning as on the All Properties page (properties.service.ts).
import { jobHandler, jobKind, type JobHandler } from '../jobs/job-queue';
import type { Db } from '../db/client';
import type { Notifier } from '../notifications/notifier';

/**
 * `changeId`: the change that made the listing worth matching (the listing event
 * it recorded, or an id made in its transaction); jobs queued before changes had
 * ids match once ever per saved search (the nil id). `before`: the listing's
 * MATCHED_COLUMNS before an edit (beforeMatchingSql), none for a verification.
 */
export const savedSearchMatchingJob = jobKind<{ propertyId: string; changeId?: string; before?: object | null }>({
  name: 'saved-search-matching',
  options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
});

/** A filter value of saved search `s` (NULL when it does not set it). */
const F = (key: string) => `(s.criteria->'filter'->>'${key}')`;
/** An area bound of the filter in square metres, rounded as the service rounds listings' areas. */
const AREA_SQM = (key: string) => `CASE WHEN ${F('areaUnit')} = 'sq_ft' THEN round(${F(key)}::numeric * 0.09290304, 2) ELSE ${F(key)}::numeric END`;

/**
 * Does saved search `s` match listing `l`, the price aside (PRICE_CONDITION below)? (Sort order never matters for
 * matching.) A filter the search does not set matches everything; one it sets
 * needs the listing's fact (a listing without bedrooms never matches "3+").
 */
const MATCHING_CONDITION_BUT_PRICE = `s.frequency <> 'off' AND strpos(lower(l.location), s.location_term) > 0
  AND (jsonb_array_length(coalesce(s.criteria->'filter'->'types', '[]'::jsonb)) = 0 OR s.criteria->'filter'->'types' ? l.property_type::text)
  AND (${F('minBedrooms')} IS NULL OR l.bedrooms >= ${F('minBedrooms')}::int)
  AND (${F('minBathrooms')} IS NULL OR l.bathrooms >= ${F('minBathrooms')}::int)
  AND (${F('areaMin')} IS NULL OR l.floor_area_sqm >= ${AREA_SQM('areaMin')})
  AND (${F('areaMax')} IS NULL OR l.floor_area_sqm <= ${AREA_SQM('areaMax')})
  AND (l.sale_state <> 'sold' OR ${F('includeSold')} = 'true')
  AND (${F('place')} IS NULL OR ${F('place')} IN ('area:' || l.area_key, 'city:' || l.city_key, 'district:' || l.district_key))
  AND (${F('keywords')} IS NULL OR l.search_vector @@ websearch_to_tsquery(opennest_text_search_config(), ${F('keywords')}))
  AND (jsonb_array_length(coalesce(s.criteria->'filter'->'amenities', '[]'::jsonb)) = 0
       OR l.amenities @> ARRAY(SELECT jsonb_array_elements_text(s.criteria->'filter'->'amenities')))
  AND (${F('openHouseSoon')} IS DISTINCT FROM 'true'
       OR EXISTS (SELECT 1 FROM open_houses oh WHERE oh.property_id = l.id AND oh.ends_at > now() AND oh.starts_at < now() + interval '7 days'))`;

/** A saved search's price bounds (SQL expressions, NULL when unset): read from its criteria, or from columns already read out of them. */
interface PriceBounds {
  low: string;
  high: string;
}
const CRITERIA_PRICE_BOUNDS: PriceBounds = { low: `${F('priceMin')}::numeric`, high: `${F('priceMax')}::numeric` };

/** The price terms of the rule: does saved search `s`'s price filter admit an asking range from `min` to `max` (SQL expressions)? */
const PRICE_CONDITION = (min: string, max: string, { low, high }: PriceBounds = CRITERIA_PRICE_BOUNDS) => `(${low} IS NULL OR ${max} >= ${low})
  AND (${high} IS NULL OR ${min} <= ${high})`;

/** The one matching rule: saved search `s` matches listing `l`. */
const MATCHING_CONDITION = `${MATCHING_CONDITION_BUT_PRICE} AND ${PRICE_CONDITION('l.price_min', 'l.price_max')}`;

/** What MATCHING_CONDITION reads of a listing. */
const MATCHED_COLUMNS = 'id, title, location, price_min, price_max, property_type, bedrooms, bathrooms, floor_area_sqm, sale_state, area_key, city_key, district_key, amenities, search_vector';

/** What matching reads of a listing, as it is now: an edit reads it under its row lock before it writes, for its job's `before`. */
export async function matchedColumns(tx: Parameters<Notifier['notifyFrom']>[0], propertyId: string): Promise<object | null> {
  const [row] = await tx.$queryRawUnsafe<Array<{ before: object }>>(`SELECT to_jsonb(m) AS before FROM (SELECT ${MATCHED_COLUMNS} FROM properties WHERE id = $1::uuid) m`, propertyId);
  return row?.before ?? null;
}

/** The listing as buyers may see it (verified, not deleted, agent not fraud), or no row; and as it was before the change ($3). */
const LISTABLE = `
  listing AS (
    SELECT ${MATCHED_COLUMNS.split(', ').map((column) => `p.${column}`).join(', ')}
    FROM properties p JOIN users a ON a.id = p.agent_id
    WHERE p.id = $1::uuid AND p.status = 'verified' AND p.deleted_at IS NULL AND a.role <> 'fraud'),
  listing_before AS (SELECT * FROM jsonb_populate_record(NULL::properties, $3::jsonb) WHERE $3::jsonb IS NOT NULL),
  matched AS (
    INSERT INTO saved_search_matches (saved_search_id, property_id, change_id)
    SELECT s.id, l.id, $2::uuid FROM listing l JOIN saved_searches s ON ${MATCHING_CONDITION}
    -- (the inner l is the listing before the change)
    WHERE NOT EXISTS (SELECT 1 FROM listing_before l WHERE ${MATCHING_CONDITION})
    ON CONFLICT DO NOTHING
    RETURNING saved_search_id, property_id, change_id)`;

/** The change of matches made before changes had ids: their notifications keep the old key. */
const NO_CHANGE_ID = '00000000-0000-0000-0000-000000000000';

/** One notification draft per new match (see insertNotificationsSql); the e-mail comes no more often than the search's frequency. */
const DRAFTS = `
  SELECT s.user_id AS recipient_id, 'saved_search_match'::"NotificationType" AS type, l.id AS subject_id,
         format('New listing for your saved search "%s": %s in %s', s.name, l.title, l.location) AS text,
         'saved-search:' || s.id || ':' || l.id || CASE WHEN m.change_id = '${NO_CHANGE_ID}' THEN '' ELSE ':' || m.change_id END AS dedupe_key,
         'instant'::"EmailDelivery" AS default_delivery,
         s.frequency::text::"EmailDelivery" AS at_most
  FROM matched m JOIN saved_searches s ON s.id = m.saved_search_id JOIN listing l ON l.id = m.property_id`;

/** Matches listing `propertyId`, after change `changeId`, against every saved search inside `tx`; returns how many owners were notified. */
export async function matchListing(tx: Parameters<Notifier['notifyFrom']>[0], notifier: Notifier, propertyId: string, changeId = NO_CHANGE_ID, before: object | null = null): Promise<number> {
  return (await notifier.notifyFrom(tx, DRAFTS, [propertyId, changeId, before ? JSON.stringify(before) : null], LISTABLE)).length;
}

export function createMatchingJobHandler({ db, notifier }: { db: Db; notifier: Notifier }): JobHandler {
  return jobHandler(savedSearchMatchingJob, async ({ propertyId, changeId, before }) => {
    await db.$transaction((tx) => matchListing(tx, notifier, propertyId, changeId, before), { timeout: 120_000 });
  });
}

/**
 * The demand curve of listing `propertyId` (issue 23), by the same rule: for
 * each factor, how many saved searches would match it if both ends of its
 * asking range were multiplied by that factor (rounded to the cent), all else
 * as it is now. Returns the counts in the order of `factors` (empty when the
 * listing is gone).
 *
 * One statement and one pass over the searches. The asking range's ends grow
 * with the factor, so a search's price terms ((no low or max >= low) and (no
 * high or min <= high)) admit a run of consecutive factors, in ascending
 * order: from the first whose max reaches its low to the last whose min stays
 * within its high. Each search's run is two look-ups in the sorted ends
 * (width_bucket); the statement returns how many searches have each run, and
 * the counts per factor are added up here. (Counting each factor's price terms
 * over the searches instead took 13 passes of numeric arithmetic: 232 ms of a
 * 100,000-search statement, against the 89 ms of finding the searches.)
 */
export async function matchingCountsAtPrices(db: Db, propertyId: string, factors: readonly string[]): Promise<number[]> {
  const ascending = factors.map((factor, index) => ({ factor, index })).sort((a, b) => Number(a.factor) - Number(b.factor));
  const rows = await db.$queryRawUnsafe<Array<{ first: number; last: number; searches: number }>>(
    `WITH l AS (SELECT ${MATCHED_COLUMNS} FROM properties WHERE id = $1::uuid),
     -- Both ends at every factor, ascending; the maxima negated and reversed, so that counting those >= a low is width_bucket's "<=".
     asking AS MATERIALIZED (
       SELECT array_agg(round(l.price_min * step.factor, 2) ORDER BY step.position) AS mins,
              array_agg(-round(l.price_max * step.factor, 2) ORDER BY step.position DESC) AS negated_maxes,
              count(*)::int AS steps
       FROM l CROSS JOIN unnest($2::numeric[]) WITH ORDINALITY AS step(factor, position)),
     -- Found first (the planner would otherwise read every search's price bounds before the rest of the rule).
     s AS MATERIALIZED (SELECT ${CRITERIA_PRICE_BOUNDS.low} AS low, ${CRITERIA_PRICE_BOUNDS.high} AS high FROM l JOIN saved_searches s ON ${MATCHING_CONDITION_BUT_PRICE}),
     runs AS (
       SELECT CASE WHEN s.low IS NULL THEN 0 ELSE asking.steps - width_bucket(-s.low, asking.negated_maxes) END AS first,
              CASE WHEN s.high IS NULL THEN asking.steps - 1 ELSE width_bucket(s.high, asking.mins) - 1 END AS last
       FROM s CROSS JOIN asking)
     SELECT first, last, count(*)::int AS searches FROM runs WHERE first <= last GROUP BY first, last
     -- The listing itself, so that "gone" and "no search matches" differ.
     UNION ALL SELECT -1, -1, 0 FROM l`,
    propertyId,
    ascending.map(({ factor }) => factor),
  );
  if (rows.length === 0) return [];
  const inOrder = ascending.map(() => 0);
  for (const { first, last, searches } of rows) for (let step = Math.max(first, 0); step <= last; step += 1) inOrder[step] += searches;
  const counts = factors.map(() => 0);
  ascending.forEach(({ index }, step) => (counts[index] = inOrder[step]));
  return counts;
}

/** Does saved search `savedSearchId` match listing `propertyId` as it is now? (One search at a time: the brute-force check of the demand curve's tests.) */
export async function savedSearchMatches(db: Db, savedSearchId: string, propertyId: string): Promise<boolean> {
  const [row] = await db.$queryRawUnsafe<Array<{ matches: boolean }>>(
    `SELECT EXISTS (SELECT 1 FROM (SELECT ${MATCHED_COLUMNS} FROM properties WHERE id = $1::uuid) l, saved_searches s WHERE s.id = $2::uuid AND ${MATCHING_CONDITION}) AS matches`,
    propertyId,
    savedSearchId,
  );
  return row.matches;
}
