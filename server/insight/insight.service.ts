// What no portal shows (issue 23): agents' measured reply time (reply-time.ts
// keeps it), live demand for a listing (saved-searches/matching.ts counts it by
// the one matching rule) and the verified record of a sale. Every threshold is
// applied here, before anything leaves the server: a reply time below 5
// questions, and any demand count below 3, are not given at all.
import { Prisma } from '../generated/prisma/client';
import type { Property as PropertyRecord } from '../generated/prisma/client';
import { requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import { matchingCountsAtPrices } from '../saved-searches/matching';
import { liveListing, PROPERTY_NOT_FOUND, visibleTo } from '../properties/listing-visibility';
import { badInput, forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { cursorId, cursorTime, decodeCursor, encodeCursor, OWN_LIST_PAGES, pageSize, toPage, type Page } from '../shared/pagination';
import { insightAccess } from './insight.access';
import { readFigure } from './reply-time';

/** Any demand count below this is given as "fewer than 3" (count null): enforced here, not only in the UI. */
export const MIN_SHOWN_COUNT = 3;

/** The bounds of a demand curve's step and range, in percent (else BAD_USER_INPUT). */
export const DEMAND_STEP_PERCENT = { min: 1, max: 25 } as const;
export const DEMAND_RANGE_PERCENT_MAX = 50;
export const DEMAND_MAX_POINTS = 61;

export interface ShownCount {
  count: number | null;
  fewerThan: number | null;
}

/** A count as it may leave the server: below MIN_SHOWN_COUNT only "fewer than 3". */
export const shownCount = (count: number): ShownCount => (count < MIN_SHOWN_COUNT ? { count: null, fewerThan: MIN_SHOWN_COUNT } : { count, fewerThan: null });

export interface ReplyTimeView {
  agentId: string;
  basedOn: number;
  enough: boolean;
  medianMinutes: number | null;
  withinDayPercent: number | null;
}

export interface UnansweredQuestionView {
  id: string;
  kind: 'message' | 'viewing';
  askedAt: string;
  nudged: boolean;
  propertyId: string | null;
  propertyTitle: string | null;
  buyerName: string | null;
}

export interface DemandPointView {
  changePercent: number;
  priceMin: string;
  priceMax: string;
  matchingSearches: ShownCount;
}

export interface ListingDemandView {
  property: PropertyRecord;
  matchingSearches: ShownCount;
  wishlisted: ShownCount;
  curve: DemandPointView[];
}

export interface SaleRecordView {
  propertyId: string;
  daysToAcceptedOffer: number;
  offers: number;
  amountWithheld: boolean;
  soldAmount: string | null;
  askingMin: string;
  askingMax: string;
  percentOfAskingMidpoint: number | null;
}

/** Below this many sales in an area, no median price is given ("not enough sales"). */
export const MIN_AREA_SALES = 3;

export interface AreaSalePricesView {
  area: string | null;
  city: string | null;
  sales: number;
  enough: boolean;
  medianPricePerSqm: string | null;
}

const DAY_MS = 86_400_000;
const UNANSWERED_ORDER = 'OLDEST_ASKED';

/** The curve's steps, checked: whole percents from -range to +range. */
export function demandSteps(stepPercent: number | null | undefined, rangePercent: number | null | undefined): number[] {
  const step = stepPercent ?? 5;
  const range = rangePercent ?? 30;
  if (!Number.isInteger(step) || step < DEMAND_STEP_PERCENT.min || step > DEMAND_STEP_PERCENT.max)
    throw badInput(`The price step must be a whole percentage from ${DEMAND_STEP_PERCENT.min} to ${DEMAND_STEP_PERCENT.max}.`, { stepPercent: 'Out of range' });
  if (!Number.isInteger(range) || range < step || range > DEMAND_RANGE_PERCENT_MAX)
    throw badInput(`The price range must be a whole percentage from the step (${step}) to ${DEMAND_RANGE_PERCENT_MAX}.`, { rangePercent: 'Out of range' });
  const points = 2 * Math.floor(range / step) + 1;
  if (points > DEMAND_MAX_POINTS) throw badInput(`At most ${DEMAND_MAX_POINTS} prices at once: choose a larger step or a smaller range.`, { stepPercent: 'Too many points' });
  const half = Math.floor(range / step);
  return Array.from({ length: points }, (_, index) => (index - half) * step);
}

const toView = (agentId: string, figure: Awaited<ReturnType<typeof readFigure>>): ReplyTimeView => ({
  agentId,
  basedOn: figure.counted,
  enough: figure.enough,
  medianMinutes: figure.medianSeconds === null ? null : Math.round(figure.medianSeconds / 60),
  withinDayPercent: figure.withinDayShare === null ? null : Math.round(figure.withinDayShare * 100),
});

const NO_SALE_RECORD = 'This listing has no sale through OpenNest with a confirmed payment.';

export function createInsightService({ db }: { db: Db }) {
  /** The listing the caller asks about for its demand or its sale: its agent's own, any for admins. */
  async function ownListing(caller: Caller, rawPropertyId: string, roles: Parameters<typeof requireViewer>[1], what: string): Promise<PropertyRecord> {
    const viewer = requireViewer(caller, roles);
    const property = await db.property.findFirst({ where: { id: parseId(rawPropertyId, 'property id'), ...liveListing } });
    if (!property) throw notFound(PROPERTY_NOT_FOUND);
    if (viewer.role !== 'admin' && property.agentId !== viewer.id) throw forbidden(`You can only see the ${what} of your own listings.`);
    return property;
  }

  /** The sale record of `property`, from its confirmed payment and its offers; null when it has none. */
  async function recordOf(property: PropertyRecord): Promise<SaleRecordView | null> {
    const [sale] = await db.$queryRaw<
      Array<{ amount: Prisma.Decimal; amount_withheld: boolean; offers: number; accepted_at: Date | null; asking_min: string; asking_max: string }>
    >`
      WITH bought AS (
        SELECT o.amount, o.amount_withheld FROM offers o
        WHERE o.property_id = ${property.id}::uuid AND o.status = 'bought' AND o.transaction_id IS NOT NULL),
      accepted AS (
        SELECT max(e.created_at) AS at FROM listing_events e WHERE e.property_id = ${property.id}::uuid AND e.kind = 'offer_accepted'),
      -- The asking range when the offer was accepted: the range before the first price change after it, else today's.
      later_change AS (
        SELECT e.data FROM listing_events e, accepted
        WHERE e.property_id = ${property.id}::uuid AND e.kind = 'price_changed' AND e.created_at > accepted.at
        ORDER BY e.created_at, e.id LIMIT 1)
      SELECT bought.amount, bought.amount_withheld,
             (SELECT count(*)::int FROM offers o WHERE o.property_id = ${property.id}::uuid) AS offers,
             accepted.at AS accepted_at,
             coalesce((SELECT data->'before'->>'priceMin' FROM later_change), ${property.priceMin.toFixed(2)}) AS asking_min,
             coalesce((SELECT data->'before'->>'priceMax' FROM later_change), ${property.priceMax.toFixed(2)}) AS asking_max
      FROM bought, accepted`;
    if (!sale || !sale.accepted_at) return null;
    const askingMin = new Prisma.Decimal(sale.asking_min);
    const askingMax = new Prisma.Decimal(sale.asking_max);
    const midpoint = askingMin.plus(askingMax).dividedBy(2);
    return {
      propertyId: property.id,
      daysToAcceptedOffer: Math.max(0, Math.floor((sale.accepted_at.getTime() - property.createdAt.getTime()) / DAY_MS)),
      offers: sale.offers,
      amountWithheld: sale.amount_withheld,
      soldAmount: sale.amount_withheld ? null : new Prisma.Decimal(sale.amount).toFixed(2),
      askingMin: askingMin.toFixed(2),
      askingMax: askingMax.toFixed(2),
      percentOfAskingMidpoint: sale.amount_withheld || midpoint.isZero() ? null : new Prisma.Decimal(sale.amount).dividedBy(midpoint).times(100).toDecimalPlaces(1).toNumber(),
    };
  }

  return {
    /** An agent's reply time, from the kept figure (one primary-key read). */
    async agentReplyTime(caller: Caller, rawAgentId: string): Promise<ReplyTimeView> {
      requireViewer(caller, insightAccess.agentReplyTime.roles);
      const agentId = parseId(rawAgentId, 'agent id');
      return toView(agentId, await readFigure(db, agentId));
    },

    async myReplyTime(caller: Caller): Promise<ReplyTimeView> {
      const viewer = requireViewer(caller, insightAccess.myReplyTime.roles);
      return toView(viewer.id, await readFigure(db, viewer.id));
    },

    /** The calling agent's unanswered questions, oldest first (index reply_questions(agent_id, answered_at, asked_at, subject_id)). */
    async myUnansweredQuestions(caller: Caller, { first, after }: { first?: number | null; after?: string | null }): Promise<Page<UnansweredQuestionView>> {
      const viewer = requireViewer(caller, insightAccess.myUnansweredQuestions.roles);
      const size = pageSize(first, OWN_LIST_PAGES);
      const cursor = after ? decodeCursor(after, UNANSWERED_ORDER) : null;
      const at = cursor ? cursorTime(cursor) : null;
      const id = cursor ? cursorId(cursor) : null;
      const rows = await db.$queryRaw<Array<{ subject_id: string; kind: 'message' | 'viewing'; asked_at: Date; nudged: boolean; property_id: string | null; title: string | null; buyer: string | null }>>`
        SELECT q.subject_id::text, q.kind, q.asked_at, q.nudged_at IS NOT NULL AS nudged,
               p.id::text AS property_id, p.title, b.name AS buyer
        FROM reply_questions q
        LEFT JOIN conversations c ON q.kind = 'message' AND c.id = q.subject_id
        LEFT JOIN viewings v ON q.kind = 'viewing' AND v.id = q.subject_id
        LEFT JOIN properties p ON p.id = coalesce(c.property_id, v.property_id)
        LEFT JOIN users b ON b.id = coalesce(c.buyer_id, v.buyer_id)
        WHERE q.agent_id = ${viewer.id}::uuid AND q.answered_at IS NULL
          AND (${at}::timestamptz IS NULL OR (q.asked_at, q.subject_id) > (${at}::timestamptz, ${id}::uuid))
        ORDER BY q.asked_at, q.subject_id
        LIMIT ${size + 1}::int`;
      return toPage(
        rows.map((row) => ({ id: row.subject_id, kind: row.kind, askedAt: row.asked_at.toISOString(), nudged: row.nudged, propertyId: row.property_id, propertyTitle: row.title, buyerName: row.buyer })),
        size,
        (row) => encodeCursor({ sort: UNANSWERED_ORDER, value: row.askedAt, id: row.id }),
      );
    },

    /** Live demand for a listing: counts only, none below 3; the curve by the one matching rule, in one statement. */
    async listingDemand(caller: Caller, rawPropertyId: string, stepPercent?: number | null, rangePercent?: number | null): Promise<ListingDemandView> {
      const property = await ownListing(caller, rawPropertyId, insightAccess.listingDemand.roles, 'demand');
      const steps = demandSteps(stepPercent, rangePercent);
      const factors = steps.map((percent) => new Prisma.Decimal(100 + percent).dividedBy(100).toFixed(2));
      // One after the other: the curve's statement is slow, and a request that held two pool connections at once
      // would leave too few for the others when many agents look at once (a 503 under the bench's load).
      const counts = await matchingCountsAtPrices(db, property.id, factors);
      const wishlisted = await db.wishlistItem.count({ where: { propertyId: property.id } });
      const curve = steps.map((changePercent, index) => ({
        changePercent,
        priceMin: property.priceMin.times(factors[index]).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP).toFixed(2),
        priceMax: property.priceMax.times(factors[index]).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP).toFixed(2),
        matchingSearches: shownCount(counts[index] ?? 0),
      }));
      return { property, matchingSearches: shownCount(counts[steps.indexOf(0)] ?? 0), wishlisted: shownCount(wishlisted), curve };
    },

    /** The verified record of a listing's sale, for anyone who may open the listing. */
    async saleRecord(caller: Caller, rawPropertyId: string): Promise<SaleRecordView | null> {
      const viewer = requireViewer(caller, insightAccess.saleRecord.roles);
      const property = await db.property.findFirst({ where: { id: parseId(rawPropertyId, 'property id'), ...visibleTo(viewer) } });
      if (!property) throw notFound(PROPERTY_NOT_FOUND);
      return property.saleState === 'sold' ? recordOf(property) : null;
    },

    /**
     * The listing's area's sales in the last 12 months: sold through OpenNest
     * with the payment confirmed (offers.transaction_id), a floor area known, the
     * amount not withheld (a withheld amount must not show through a median), the
     * sale recorded (listing event 'sold') within the 12 months. Index
     * properties(area_key, ...); the median is the lower middle (percentile_disc, exact).
     */
    async areaSalePrices(caller: Caller, rawPropertyId: string): Promise<AreaSalePricesView> {
      const viewer = requireViewer(caller, insightAccess.areaSalePrices.roles);
      const property = await db.property.findFirst({ where: { id: parseId(rawPropertyId, 'property id'), ...visibleTo(viewer) } });
      if (!property) throw notFound(PROPERTY_NOT_FOUND);
      if (!property.areaKey) return { area: null, city: property.city, sales: 0, enough: false, medianPricePerSqm: null };
      const [row] = await db.$queryRaw<Array<{ sales: number; median: Prisma.Decimal | null }>>`
        SELECT count(*)::int AS sales, percentile_disc(0.5) WITHIN GROUP (ORDER BY round(o.amount / p.floor_area_sqm, 2)) AS median
        FROM properties p
        JOIN offers o ON o.property_id = p.id AND o.status = 'bought' AND o.transaction_id IS NOT NULL AND NOT o.amount_withheld
        WHERE p.area_key = ${property.areaKey} AND p.deleted_at IS NULL AND p.floor_area_sqm > 0
          AND EXISTS (SELECT 1 FROM listing_events e WHERE e.property_id = p.id AND e.kind = 'sold' AND e.created_at > now() - interval '12 months')`;
      const enough = row.sales >= MIN_AREA_SALES;
      return { area: property.area, city: property.city, sales: row.sales, enough, medianPricePerSqm: enough && row.median !== null ? new Prisma.Decimal(row.median).toFixed(2) : null };
    },

    /** The seller's agent withholds (or shows again) the sold amount of one sale (a compare-and-set on the bought offer). */
    async withholdSaleAmount(caller: Caller, rawPropertyId: string, withheld: boolean): Promise<SaleRecordView> {
      const property = await ownListing(caller, rawPropertyId, insightAccess.withholdSaleAmount.roles, 'sales');
      // Refused before anything changes: a listing without a sale record (no confirmed payment, or no
      // accepted offer on its history) keeps its offers as they are. A record, once there, stays (a sale is final).
      if (!(await recordOf(property))) throw badInput(NO_SALE_RECORD);
      await db.offer.updateMany({ where: { propertyId: property.id, status: 'bought', transactionId: { not: null } }, data: { amountWithheld: withheld } });
      return (await recordOf(property))!;
    },
  };
}

export type InsightService = ReturnType<typeof createInsightService>;
