// Agents' numbers: how each of an agent's listings is doing. Views of the
// details page are counted here (one per viewer per listing per UTC day);
// wishlist adds and offers are read from their own tables by the day their rows
// were created; days on market is the details page's "days on OpenNest".
//
// What is kept about viewers: nothing but counts. While a day lasts, the fact
// that someone was counted is a keyed hash, HMAC-SHA256(that day's secret,
// listing + viewer), where the viewer is their user id when signed in, else
// their IP address and user agent. The day's secret is random, lives in
// PostgreSQL (so every process shares it) and is deleted with that day's keys
// by the listing-view-cleanup job shortly after the day ends: from then on the
// keys are gone and the secret that could link a key to a person with them.
import { createHmac, randomBytes } from 'node:crypto';
import { requireViewer, type Caller } from '../context/caller';
import { runStatement, type Db } from '../db/client';
import type { Logger } from '../infra/logger';
import { Prisma, type Property as PropertyRecord, type User as UserRecord } from '../generated/prisma/client';
import { forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { newestFirstQuery, type Page } from '../shared/pagination';
import { daysOnOpenNest } from '../properties/listing-history';
import { liveListing } from '../properties/listing-visibility';
import { jobHandler, jobKind, type JobHandler } from '../jobs/job-queue';
import { listingNumbersAccess } from './listing-numbers.access';

/** How many days the chart shows, today included. */
export const SERIES_DAYS = 30;

export interface ListingNumbersDay {
  day: string;
  views: number;
  wishlistAdds: number;
  offers: number;
}

export interface ListingNumbers {
  property: PropertyRecord;
  views: number;
  wishlistAdds: number;
  offers: number;
  /** Viewings booked or requested (whatever became of them), viewings held (confirmed and over), their average rating (null: none yet). */
  viewingsBooked: number;
  viewingsHeld: number;
  averageFeedback: number | null;
  feedbackCount: number;
  daysOnMarket: number;
  days: ListingNumbersDay[];
}

/** Who opened a details page, as the request tells it (the caller from the token; the address for anonymous readers). */
export interface DetailsVisitor {
  viewer: Pick<UserRecord, 'id' | 'role'> | null;
  clientIp: string | null;
  userAgent: string | null;
}

/** The UTC calendar day of an instant, as PostgreSQL's date text (YYYY-MM-DD). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface ListingNumbersDeps {
  db: Db;
  log: Logger;
  /** What "now" is (tests pass another day; the app uses the real clock). */
  clock?: () => Date;
}

export function createListingNumbersService({ db, log, clock = () => new Date() }: ListingNumbersDeps) {
  // A day's secret never changes once created, so each process keeps the one it last read.
  let cachedSecret: { day: string; secret: Buffer } | null = null;

  async function secretFor(day: string): Promise<Buffer> {
    if (cachedSecret?.day === day) return cachedSecret.secret;
    // The first process to need today's secret creates it; the others read it.
    // (A statement that lost the race to a concurrent insert sees neither row in
    // its snapshot; the plain read after it does.)
    const [created] = await db.$queryRaw<Array<{ secret: Uint8Array }>>`
      INSERT INTO listing_view_secrets (day, secret) VALUES (${day}::date, ${randomBytes(32)})
      ON CONFLICT (day) DO NOTHING RETURNING secret`;
    const row = created ?? (await db.$queryRaw<Array<{ secret: Uint8Array }>>`SELECT secret FROM listing_view_secrets WHERE day = ${day}::date`)[0];
    if (!row) throw new Error(`No listing-view secret for ${day}.`);
    cachedSecret = { day, secret: Buffer.from(row.secret) };
    return cachedSecret.secret;
  }

  /** Who the visitor is, for telling them apart today; null when they cannot be told apart. */
  function visitorIdentity({ viewer, clientIp, userAgent }: DetailsVisitor): string | null {
    if (viewer) return `user\n${viewer.id}`;
    return clientIp ? `anonymous\n${clientIp}\n${userAgent ?? ''}` : null;
  }

  /** The listings' numbers, in the order given: four statements whatever their number. */
  async function numbersOf(properties: PropertyRecord[]): Promise<ListingNumbers[]> {
    if (!properties.length) return [];
    const ids = properties.map((property) => property.id);
    const now = clock();
    const today = utcDay(now);
    const [totals, series, relistings] = await Promise.all([
      db.$queryRaw<Array<{ property_id: string; views: number; wishlist_adds: number; offers: number; viewings_booked: number; viewings_held: number; average_feedback: number | null; feedback_count: number }>>`
        SELECT listing.id AS property_id,
               (SELECT coalesce(sum(v.views), 0)::int FROM listing_view_days v WHERE v.property_id = listing.id) AS views,
               (SELECT count(*)::int FROM wishlist_items w WHERE w.property_id = listing.id) AS wishlist_adds,
               (SELECT count(*)::int FROM offers o WHERE o.property_id = listing.id) AS offers,
               (SELECT count(*)::int FROM viewings vw WHERE vw.property_id = listing.id) AS viewings_booked,
               (SELECT count(*)::int FROM viewings vw WHERE vw.property_id = listing.id AND vw.status = 'confirmed' AND vw.ends_at <= ${now}::timestamptz) AS viewings_held,
               (SELECT round(avg(f.rating), 1)::float8 FROM viewing_feedback f JOIN viewings vw ON vw.id = f.viewing_id WHERE vw.property_id = listing.id) AS average_feedback,
               (SELECT count(*)::int FROM viewing_feedback f JOIN viewings vw ON vw.id = f.viewing_id WHERE vw.property_id = listing.id) AS feedback_count
        FROM unnest(${ids}::uuid[]) AS listing(id)`,
      // Every listing × every one of the last 30 days (zero where nothing happened), oldest first;
      // wishlist entries and offers are grouped by the UTC day their rows were created.
      db.$queryRaw<Array<{ property_id: string; day: string; views: number; wishlist_adds: number; offers: number }>>`
        WITH listing AS (SELECT unnest(${ids}::uuid[]) AS id),
        calendar AS (
          SELECT generate_series(${today}::date - ${SERIES_DAYS - 1}::int, ${today}::date, interval '1 day')::date AS day
        ),
        since AS (SELECT ((${today}::date - ${SERIES_DAYS - 1}::int)::timestamp AT TIME ZONE 'UTC') AS at),
        wishlist_days AS (
          SELECT w.property_id, (w.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
          FROM wishlist_items w, since WHERE w.property_id = ANY(${ids}::uuid[]) AND w.created_at >= since.at
          GROUP BY 1, 2
        ),
        offer_days AS (
          SELECT o.property_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
          FROM offers o, since WHERE o.property_id = ANY(${ids}::uuid[]) AND o.created_at >= since.at
          GROUP BY 1, 2
        )
        SELECT listing.id AS property_id, to_char(calendar.day, 'YYYY-MM-DD') AS day,
               coalesce(v.views, 0) AS views, coalesce(w.n, 0) AS wishlist_adds, coalesce(o.n, 0) AS offers
        FROM listing CROSS JOIN calendar
        LEFT JOIN listing_view_days v ON v.property_id = listing.id AND v.day = calendar.day
        LEFT JOIN wishlist_days w ON w.property_id = listing.id AND w.day = calendar.day
        LEFT JOIN offer_days o ON o.property_id = listing.id AND o.day = calendar.day
        ORDER BY listing.id, calendar.day`,
      // Days on market is the details page's "days on OpenNest": it needs the relisted and sold events, if any.
      db.listingEvent.findMany({ where: { propertyId: { in: ids }, kind: { in: ['relisted', 'sold'] } }, select: { propertyId: true, kind: true, data: true, createdAt: true } }),
    ]);
    return properties.map((property) => {
      const total = totals.find((row) => row.property_id === property.id);
      return {
        property,
        views: total?.views ?? 0,
        wishlistAdds: total?.wishlist_adds ?? 0,
        offers: total?.offers ?? 0,
        viewingsBooked: total?.viewings_booked ?? 0,
        viewingsHeld: total?.viewings_held ?? 0,
        averageFeedback: total?.average_feedback ?? null,
        feedbackCount: total?.feedback_count ?? 0,
        daysOnMarket: daysOnOpenNest(property.createdAt, relistings.filter((event) => event.propertyId === property.id), now),
        days: series
          .filter((row) => row.property_id === property.id)
          .map((row) => ({ day: row.day, views: row.views, wishlistAdds: row.wishlist_adds, offers: row.offers })),
      };
    });
  }

  return {
    /**
     * Counts one view of a listing's details page, unless this viewer was
     * already counted for it today, or is its agent or an admin (they look at
     * listings for other reasons). One statement; a failure is logged and
     * swallowed, so counting can never turn a page read into an error.
     * Resolves to whether the view was counted.
     */
    async countView(property: Pick<PropertyRecord, 'id' | 'agentId'>, visitor: DetailsVisitor): Promise<boolean> {
      if (visitor.viewer && (visitor.viewer.role === 'admin' || visitor.viewer.id === property.agentId)) return false;
      const identity = visitorIdentity(visitor);
      if (!identity) return false;
      try {
        const day = utcDay(clock());
        const viewerKey = createHmac('sha256', await secretFor(day)).update(`${property.id}\n${identity}`).digest();
        // The key is new today → the day's counter goes up by one; seen already → nothing happens.
        // Through the driver (runStatement): every details page visit sends it.
        const counted = await runStatement(
          db,
          Prisma.sql`
          WITH fresh AS (
            INSERT INTO listing_view_keys (day, viewer_key) VALUES (${day}::date, ${viewerKey})
            ON CONFLICT DO NOTHING RETURNING day
          )
          INSERT INTO listing_view_days (property_id, day, views)
          SELECT ${property.id}::uuid, day, 1 FROM fresh
          ON CONFLICT (property_id, day) DO UPDATE SET views = listing_view_days.views + 1`,
        );
        return counted > 0;
      } catch (error) {
        log.warn({ err: error, propertyId: property.id }, 'could not count a listing view');
        return false;
      }
    },

    /** The calling agent's own listings' numbers, newest listing first, a page at a time. */
    async forAgent(caller: Caller, paging: { first?: number | null; after?: string | null }): Promise<Page<ListingNumbers>> {
      const viewer = requireViewer(caller, listingNumbersAccess.myListingNumbers.roles);
      const query = newestFirstQuery(paging, { fallback: 10, max: 24 });
      const rows = await db.property.findMany({ where: { agentId: viewer.id, ...liveListing, ...query.where }, orderBy: query.orderBy, take: query.take });
      const page = query.page(rows);
      return { nodes: await numbersOf(page.nodes), pageInfo: page.pageInfo };
    },

    /** One listing's numbers: for its agent, and for admins. */
    async forListing(caller: Caller, rawPropertyId: string): Promise<ListingNumbers> {
      const viewer = requireViewer(caller, listingNumbersAccess.listingNumbers.roles);
      const property = await db.property.findFirst({ where: { id: parseId(rawPropertyId, 'property id'), ...liveListing } });
      if (!property) throw notFound('Property not found.');
      if (viewer.role !== 'admin' && property.agentId !== viewer.id) throw forbidden('You can only see the numbers of your own listings.');
      const [numbers] = await numbersOf([property]);
      return numbers;
    },

    /** Forgets who was counted before `today` (UTC), with the secrets their keys were made with. */
    async forgetViewersBefore(today: string = utcDay(clock())): Promise<{ keys: number; secrets: number }> {
      const [keys, secrets] = await db.$transaction([
        db.$executeRaw`DELETE FROM listing_view_keys WHERE day < ${today}::date`,
        db.$executeRaw`DELETE FROM listing_view_secrets WHERE day < ${today}::date`,
      ]);
      return { keys, secrets };
    },
  };
}

export type ListingNumbersService = ReturnType<typeof createListingNumbersService>;

/**
 * Shortly after each UTC midnight: yesterday's viewer keys and secret are
 * deleted (nothing needs them once the day is over; the counts stay).
 */
export const listingViewCleanupJob = jobKind<object>({
  name: 'listing-view-cleanup',
  options: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  schedule: '5 0 * * *',
});

export const createListingViewCleanupHandler = ({ db, log }: { db: Db; log: Logger }): JobHandler =>
  jobHandler(listingViewCleanupJob, async () => {
    const forgotten = await createListingNumbersService({ db, log }).forgetViewersBefore();
    log.info(forgotten, 'forgot earlier days’ listing viewers');
  });
