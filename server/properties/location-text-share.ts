// How common a piece of location text is among listings, from PostgreSQL's own
// statistics of properties.location (pg_stats: its most common values and a
// histogram of sampled values, what the planner estimates `location ILIKE
// '%text%'` from). All Properties' substring fallback asks it to choose its
// plan (verified-listings-sql.ts, `commonText`). The share only chooses a plan,
// never the rows, so a sample some minutes old serves as well as a new one,
// and each process keeps its own (nothing another process needs).
import { readRows, type Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';

/** PostgreSQL's sample of the location column (both lists empty before the table is first analysed). */
export interface LocationSample {
  commonValues: string[];
  /** The share of all rows each common value has, in the same order. */
  commonShares: number[];
  /** Sampled values other than the common ones, equally spaced in sort order. */
  histogram: string[];
}

/** The share of locations that contain `text` (case-insensitive), estimated from `sample` as the planner does. */
export function shareContaining(sample: LocationSample, text: string): number {
  const needle = text.toLowerCase();
  const contains = (value: string) => value.toLowerCase().includes(needle);
  let common = 0;
  let commonTotal = 0;
  sample.commonValues.forEach((value, i) => {
    commonTotal += sample.commonShares[i] ?? 0;
    if (contains(value)) common += sample.commonShares[i] ?? 0;
  });
  const others = sample.histogram.length ? sample.histogram.filter(contains).length / sample.histogram.length : 0;
  return common + Math.max(0, 1 - commonTotal) * others;
}

/** Reads the location column's statistics; an empty sample if there are none (never analysed) or they cannot be read. */
async function readLocationSample(db: Db): Promise<LocationSample> {
  const [row] = await readRows<{ common_values: string[] | null; common_shares: number[] | null; histogram: string[] | null }>(
    db,
    Prisma.sql`SELECT most_common_vals::text::text[] AS common_values, most_common_freqs AS common_shares, histogram_bounds::text::text[] AS histogram
               FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'properties' AND attname = 'location'`,
  );
  return { commonValues: row?.common_values ?? [], commonShares: row?.common_shares ?? [], histogram: row?.histogram ?? [] };
}

const EMPTY_SAMPLE: LocationSample = { commonValues: [], commonShares: [], histogram: [] };

/**
 * `share(text)`: the estimated share of locations containing `text`, from a
 * sample read at most once per `maxAgeMs` (concurrent callers share a read; a
 * failed read counts as no statistics, so the search keeps its usual plan).
 */
export function createLocationTextShare(db: Db, { maxAgeMs = 10 * 60_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {}) {
  let kept: { sample: LocationSample; readAt: number } | null = null;
  let reading: Promise<LocationSample> | null = null;
  return async function share(text: string): Promise<number> {
    if (!kept || now() - kept.readAt > maxAgeMs) {
      reading ??= readLocationSample(db)
        .catch(() => EMPTY_SAMPLE)
        .finally(() => {
          reading = null;
        });
      kept = { sample: await reading, readAt: now() };
    }
    return shareContaining(kept.sample, text);
  };
}
