// Listings: agents add, edit and remove their own; admins verify, reject and
// advertise; signed-in users find verified ones. Every rule and permission is
// here; GraphQL and REST only translate.
import { emitWebhookEvent, listingObject } from '../webhooks/emit';
import { randomUUID } from 'node:crypto';
import { normalizeMoney } from '@opennest/common/money';
import { addPropertySchema, updatePropertySchema } from '@opennest/common/validation/property';
import { floorAreaInSquareMetres } from '@opennest/common/property-facts';
import { orderedAmenities } from '@opennest/common/amenities';
import { propertyFactsSchema } from '@opennest/common/validation/property-facts';
import { propertyFilterSchema } from '@opennest/common/validation/property-filter';
import { requireSelfOrAdmin, requireViewer, type Caller } from '../context/caller';
import { readRows, type Db } from '../db/client';
import { Prisma, type Property as PropertyRecord, type PropertyStatus, type User as UserRecord } from '../generated/prisma/client';
import { badInput, conflict, forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { cursorId, cursorTime, decodeCursor, encodeCursor, INVALID_CURSOR, newestFirstQuery, OWN_LIST_PAGES, pageSize, toPage, type CursorKey, type Page, type PageArgs } from '../shared/pagination';
import { validateInput } from '../shared/validate';
import { findVisibleListing, liveListing, PROPERTY_NOT_FOUND, publicListing } from './listing-visibility';
import type { Loaders } from '../context/loaders';
import type { Notifier } from '../notifications/notifier';
import type { JobQueue } from '../jobs/job-queue';
import { matchedColumns, savedSearchMatchingJob } from '../saved-searches/matching';
import { queueSavedHomeAlert } from '../wishlist/saved-home-alerts';
import { notifyRejected } from '../offers/offers.service';
import { recordListingEvent, recordPriceChange } from './listing-history';
import { lockListing } from './listing-locks';
import { cancelFutureViewings } from '../viewings/listing-ends';
import type { DetailsVisitor, ListingNumbersService } from '../listing-numbers/listing-numbers.service';
import { similarHomesSql } from './similar-homes';
import { RELAXABLE_FILTER_NAMES, setsFilter, withoutFilter, type RelaxableFilterName } from '@opennest/common/filter-relaxations';
import { COMMON_TEXT_SHARE, listingCountSql, listingPageSql, readListingRows, relaxedCountsSql, SELECT_LIST, type ListingPosition, type ListingQuery, type ListingRow } from './verified-listings-sql';
import { createLocationTextShare } from './location-text-share';
import { propertiesAccess } from './properties.access';
import { addressOfInput } from './address';
import { placeSuggestions } from './places';

export type PropertySort = 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC' | 'AREA_DESC' | 'RELEVANCE';
export const PROPERTY_SORTS: readonly PropertySort[] = ['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'AREA_DESC', 'RELEVANCE'];

export const REJECTED_CANNOT_UPDATE = 'This property is rejected and cannot be updated.';
export { PROPERTY_NOT_FOUND };
export const SEARCH_MAX_LENGTH = 100;

export interface ListVerifiedArgs {
  search?: string | null;
  sort?: PropertySort | null;
  filter?: unknown;
  first?: number | null;
  after?: string | null;
}

/**
 * Counting stops here: a count is a LIMITed scan that ends at this many
 * matches, so even at a million listings a page never counts them all; above
 * it the page says "100+". The rows a count reads are the cap divided by the
 * share of listings that match: a keyword that 4.5 % of listings match read
 * 22,000 rows for a cap of 1,000 at a million listings (15 ms, the largest
 * part of the search's cost there) and reads 2,200 for 100 (1.5 ms). A buyer
 * pages 24 at a time; past a hundred the exact number tells them little.
 */
export const MATCH_COUNT_CAP = 100;

const live = liveListing;

export interface PropertiesDeps {
  db: Db;
  notifier: Notifier;
  jobs: JobQueue;
  /** Counts details-page views (agents' numbers). */
  listingNumbers: Pick<ListingNumbersService, 'countView'>;
}

export function createPropertiesService({ db, notifier, jobs, listingNumbers }: PropertiesDeps) {
  const locationTextShare = createLocationTextShare(db);

  /**
   * Whether the search's text (a substring, no place) is common enough that the
   * price sort's part that contains the minimum should not read its index
   * (verified-listings-sql.ts COMMON_TEXT_SHARE). Asked only where that part exists.
   */
  async function isCommonText({ term, termPlace, filter }: Pick<ListingQuery, 'term' | 'termPlace' | 'filter'>, sort: PropertySort): Promise<boolean> {
    if (!term || termPlace || filter.priceMin === undefined || (sort !== 'PRICE_ASC' && sort !== 'PRICE_DESC')) return false;
    return (await locationTextShare(term)) >= COMMON_TEXT_SHARE;
  }

  /** Details page: verified ones for everyone signed in; others only for their agent and admins (one read per request). */
  async function getVisible(caller: Caller, id: string, loaders: Pick<Loaders, 'visibleListingById'>): Promise<PropertyRecord> {
    requireViewer(caller);
    return findVisibleListing(loaders, id);
  }

  async function findLive(id: string): Promise<PropertyRecord> {
    const property = await db.property.findFirst({ where: { id: parseId(id, 'property id'), ...live } });
    if (!property) throw notFound(PROPERTY_NOT_FOUND);
    return property;
  }

  function assertOwnListing(viewer: UserRecord, property: PropertyRecord) {
    if (property.agentId !== viewer.id) throw forbidden('You can only change your own properties.');
  }


  /**
   * The photos as given (a new order, additions, removals), or a new cover
   * image alone (the spec's update form) in place of photo 0.
   */
  async function replacePhotos(tx: Prisma.TransactionClient, propertyId: string, photos: string[] | undefined, image: string | undefined) {
    if (photos) {
      await tx.propertyPhoto.deleteMany({ where: { propertyId } });
      await tx.propertyPhoto.createMany({ data: photos.map((url, position) => ({ propertyId, url, position })) });
    } else if (image) {
      await tx.propertyPhoto.upsert({ where: { propertyId_position: { propertyId, position: 0 } }, update: { url: image }, create: { propertyId, position: 0, url: image } });
    }
  }

  return {
    /** A listing's history, oldest first (the caller may already see the listing). */
    async history(propertyId: string) {
      return db.listingEvent.findMany({ where: { propertyId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    },

    /** A listing's photo URLs in order; a listing without photo rows has its image as the only one. */
    async photoUrls(property: Pick<PropertyRecord, 'id' | 'image'>): Promise<string[]> {
      const rows = await db.propertyPhoto.findMany({ where: { propertyId: property.id }, orderBy: { position: 'asc' }, select: { url: true } });
      return rows.length ? rows.map((row) => row.url) : [property.image];
    },

    /**
     * All properties page: verified only, searchable by location, filtered
     * (price range overlap, types, bedrooms, bathrooms, area; sold ones only
     * when asked), sorted, paged by cursor; all in one indexed query
     * (verified-listings-sql.ts says why it is SQL).
     */
    async listVerified(caller: Caller, { search, sort, filter, first, after }: ListVerifiedArgs, loaders: PlaceLoaders): Promise<Page<PropertyRecord>> {
      requireViewer(caller);
      const asked = sort ?? 'NEWEST';
      if (!PROPERTY_SORTS.includes(asked)) throw badInput('Unknown sort order.');
      const size = pageSize(first);
      const checked = await verifiedListingSearch(loaders, search, filter);
      // Relevance ranks keywords; without any, every listing is as relevant: newest first.
      const order = asked === 'RELEVANCE' && !checked.filter.keywords ? 'NEWEST' : asked;
      const position = after ? listingPosition(order, decodeCursor(after, order)) : null;
      const query: ListingQuery = { ...checked, sort: order, after: position, limit: size + 1, commonText: await isCommonText(checked, order) };
      const rows = await readListingRows<ListingRow>(db, listingPageSql(query));
      return toPage(rows, size, (row) => encodeCursor({ sort: order, value: sortValue(order, row), id: row.id }));
    },

    /** How many listings the All Properties search and filter match, counted up to MATCH_COUNT_CAP. */
    async countVerified(caller: Caller, { search, filter }: Pick<ListVerifiedArgs, 'search' | 'filter'>, loaders: PlaceLoaders): Promise<{ count: number; capped: boolean }> {
      requireViewer(caller);
      // SELECT count(*) FROM (SELECT ... LIMIT cap): the scan stops at the cap.
      const [{ count }] = await readRows<{ count: number }>(db, listingCountSql(await verifiedListingSearch(loaders, search, filter), MATCH_COUNT_CAP));
      return { count, capped: count >= MATCH_COUNT_CAP };
    },

    /** Places with listed homes like `text`, for the search box and the listing form (places.ts). */
    async placeSuggestions(caller: Caller, text: string, first?: number | null) {
      requireViewer(caller, propertiesAccess.placeSuggestions.roles);
      return placeSuggestions(db, text, first);
    },

    /**
     * The details page's similar homes (similar-homes.ts): up to 6, from the
     * same area then the same city. Two statements at most: the listing (the
     * request's loader, shared with the details read) and the homes.
     */
    async similar(caller: Caller, id: string, loaders: Pick<Loaders, 'visibleListingById'>): Promise<PropertyRecord[]> {
      const listing = await getVisible(caller, id, loaders);
      const sql = similarHomesSql(listing);
      return sql ? readListingRows(db, sql) : [];
    },

    /**
     * For a search that finds few listings: each filter it sets, left out in
     * turn, with how many listings it would then find (capped like the count),
     * all in one statement. No filter set: none.
     */
    async relaxations(caller: Caller, { search, filter }: Pick<ListVerifiedArgs, 'search' | 'filter'>, loaders: PlaceLoaders): Promise<Array<{ filter: RelaxableFilterName; count: { count: number; capped: boolean } }>> {
      requireViewer(caller);
      const query = await verifiedListingSearch(loaders, search, filter);
      const asSearch = { search: query.term, ...query.filter };
      const relaxable = RELAXABLE_FILTER_NAMES.filter((name) => setsFilter(asSearch, name));
      if (!relaxable.length) return [];
      const without = relaxable.map((name) => {
        const { search: term, ...rest } = withoutFilter(asSearch, name);
        return { name, relaxed: { term: term ?? '', termPlace: term ? query.termPlace : null, filter: rest as ValidPropertyFilter } };
      });
      const [row] = await readRows<Record<string, number>>(db, relaxedCountsSql(without, MATCH_COUNT_CAP));
      return relaxable.map((name) => ({ filter: name, count: { count: row[name], capped: row[name] >= MATCH_COUNT_CAP } }));
    },

    /** Home page: verified and advertised, newest first, sold ones left out. No sign-in needed. */
    async listAdvertised(first?: number | null): Promise<PropertyRecord[]> {
      const size = pageSize(first, { fallback: 12, max: 24 });
      return db.property.findMany({
        where: { ...publicListing, isAdvertised: true, saleState: { not: 'sold' } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: size,
      });
    },

    getVisible,

    /**
     * The details page's read (GraphQL `property`, REST `GET /properties/{id}`):
     * the listing as getVisible gives it, and one view counted for its agent's
     * numbers (lists never count). Counting cannot fail the read (see countView).
     */
    async openDetails(
      caller: Caller,
      id: string,
      loaders: Pick<Loaders, 'visibleListingById'>,
      visitor: Omit<DetailsVisitor, 'viewer'>,
    ): Promise<PropertyRecord> {
      const property = await getVisible(caller, id, loaders);
      await listingNumbers.countView(property, { ...visitor, viewer: caller.viewer });
      return property;
    },

    /** The calling agent's own listings, newest first, a page at a time (index properties(agent_id, created_at, id); through the driver, db/records.ts). */
    async listMine(caller: Caller, args: PageArgs): Promise<Page<PropertyRecord>> {
      const viewer = requireViewer(caller, propertiesAccess.myProperties.roles);
      const q = newestFirstQuery(args, OWN_LIST_PAGES);
      return q.page(await readListingRows(db, Prisma.sql`SELECT ${SELECT_LIST} FROM properties p WHERE p.agent_id = ${viewer.id}::uuid AND p.deleted_at IS NULL ${q.sql('p')}`));
    },

    /**
     * Someone's listings by their e-mail (the REST adapter's GET /properties?email=):
     * an agent may ask for their own, an admin for anyone's.
     */
    async listByAgentEmail(caller: Caller, email: string): Promise<PropertyRecord[]> {
      const normalized = requireSelfOrAdmin(caller, email, 'You can only list your own properties.');
      return db.property.findMany({
        where: { agent: { email: normalized }, ...live },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
    },

    /** Manage properties (admin): everything, newest first (through the driver, db/records.ts). */
    async listAll(caller: Caller, { status, first, after }: { status?: PropertyStatus | null; first?: number | null; after?: string | null }): Promise<Page<PropertyRecord>> {
      requireViewer(caller, propertiesAccess.allProperties.roles);
      const q = newestFirstQuery({ first, after }, { fallback: 24, max: 1000 });
      const ofStatus = status ? Prisma.sql`AND p.status = ${status}::"PropertyStatus"` : Prisma.empty;
      return q.page(await readListingRows(db, Prisma.sql`SELECT ${SELECT_LIST} FROM properties p WHERE p.deleted_at IS NULL ${ofStatus} ${q.sql('p')}`));
    },

    /** A new listing by the calling agent, pending until an admin decides. */
    async add(caller: Caller, rawInput: unknown): Promise<PropertyRecord> {
      const viewer = requireViewer(caller, propertiesAccess.addProperty.roles);
      const address = await addressOfInput(rawInput);
      const input = await validateInput(addPropertySchema, { ...(rawInput as object), location: address.location });
      const facts = factsData(await validateInput(propertyFactsSchema, rawInput));
      // The first photo is the cover: image keeps it for the cards, REST and the spec's screens.
      const photos = input.photos ?? [input.image];
      return db.$transaction(async (tx) => {
      const created = await tx.property.create({
        data: {
          ...facts,
          photos: { create: photos.map((url, position) => ({ url, position })) },
          agentId: viewer.id,
          title: input.title,
          location: input.location,
          ...address.columns,
          image: photos[0],
          description: input.description || null,
          priceMin: normalizeMoney(input.priceMin),
          priceMax: normalizeMoney(input.priceMax),
          status: 'pending',
        },
      });
      await recordListingEvent(tx, created.id, 'listed');
      // Deleting a listing and adding the same one again (same agent, same place) does not make it new: its history says so.
      const previous = await tx.property.findFirst({
        where: { agentId: viewer.id, deletedAt: { not: null }, location: { equals: created.location, mode: 'insensitive' } },
        orderBy: { createdAt: 'asc' },
      });
      if (previous) await recordListingEvent(tx, created.id, 'relisted', { previousPropertyId: previous.id, previouslyListedAt: previous.createdAt.toISOString() });
      await notifier.notifyAdmins(tx, {
        type: 'listing_pending',
        subjectId: created.id,
        text: `${viewer.name} listed ${created.title} (${created.location}); it waits for verification.`,
        dedupeKey: `listing-pending:${created.id}`,
      });
      return created;
      });
    },

    /** Edits the calling agent's own listing; status is kept; rejected listings are frozen. */
    async update(caller: Caller, id: string, rawInput: unknown): Promise<PropertyRecord> {
      const viewer = requireViewer(caller, propertiesAccess.updateProperty.roles);
      const property = await findLive(id);
      assertOwnListing(viewer, property);
      if (property.status === 'rejected') throw conflict(REJECTED_CANNOT_UPDATE);
      const address = await addressOfInput(rawInput, property.location);
      const input = await validateInput(updatePropertySchema, { ...(rawInput as object), location: address.location });
      // An update that sends no facts at all (the spec's REST form) keeps the listing's facts.
      const facts = factsGiven(rawInput) ? factsData(await validateInput(propertyFactsSchema, rawInput)) : {};
      const cover = input.photos?.[0] ?? input.image;
      const changes = { location: input.location, priceMin: normalizeMoney(input.priceMin), priceMax: normalizeMoney(input.priceMax) };
      const count = await db.$transaction(async (tx) => {
        // The listing's locks in their order (listing-locks.ts): the count of its
        // places reads the agent's role under the agent's lock, so an agent being
        // marked as fraud meanwhile takes turns with this edit instead of deadlocking.
        await lockListing(tx, property.id);
        // The row is locked so that what matching compares against is what was there before.
        const [before] = await tx.$queryRaw<Array<{ status: string; location: string; price_min: string; price_max: string; facts: string; words: string }>>`
          SELECT status::text AS status, location, search_vector::text AS words, price_min::text AS price_min, price_max::text AS price_max,
                 concat_ws('|', property_type, bedrooms, bathrooms, floor_area, area_unit, year_built, array_to_string(amenities, ',')) AS facts
          FROM properties WHERE id = ${property.id}::uuid FOR UPDATE`;
        // What saved searches matched against before this edit: only searches the edit newly matches hear of it.
        const matchedBefore = await matchedColumns(tx, property.id);
        const photosBefore = input.photos ? (await tx.propertyPhoto.findMany({ where: { propertyId: property.id }, orderBy: { position: 'asc' } })).map((photo) => photo.url) : [];
        // The status check is repeated in the WHERE clause, so an admin's
        // rejection landing in between cannot be overwritten.
        const { count: updated } = await tx.property.updateMany({
          where: { id: property.id, agentId: viewer.id, status: { not: 'rejected' }, ...live },
          data: { title: input.title, ...changes, ...address.columns, ...facts, ...(cover ? { image: cover } : {}), description: input.description || null },
        });
        if (!updated) return updated;
        await replacePhotos(tx, property.id, input.photos, input.image);
        // The change's id for saved searches: its price change's event when it has one, else one made here.
        let changeId: string = randomUUID();
        if (before.price_min !== changes.priceMin || before.price_max !== changes.priceMax) {
          const priceChange = await recordPriceChange(tx, property.id, { priceMin: before.price_min, priceMax: before.price_max }, { priceMin: changes.priceMin, priceMax: changes.priceMax });
          changeId = priceChange.id;
          // Buyers who saved the home hear of a cut (a job, after this commits).
          if (before.status === 'verified') await queueSavedHomeAlert(tx, jobs, priceChange);
          const changed = await tx.property.findUniqueOrThrow({ where: { id: property.id } });
          await emitWebhookEvent(tx, jobs, { type: 'listing.price_changed', resource: `listing:${property.id}`, audience: [property.agentId], object: listingObject(changed) });
        }
        const [factsAfter] = await tx.$queryRaw<Array<{ facts: string; words: string }>>`
          SELECT concat_ws('|', property_type, bedrooms, bathrooms, floor_area, area_unit, year_built, array_to_string(amenities, ',')) AS facts, search_vector::text AS words FROM properties WHERE id = ${property.id}::uuid`;
        if (factsAfter.facts !== before.facts) await recordListingEvent(tx, property.id, 'facts_changed');
        const photosChanged = input.photos ? JSON.stringify(photosBefore) !== JSON.stringify(input.photos) : Boolean(input.image && input.image !== property.image);
        if (photosChanged) await recordListingEvent(tx, property.id, 'photos_changed');
        // A verified listing whose place, price range, facts or searchable words changed may match saved searches it did not match before.
        const matchingChanged =
          before.location !== changes.location || before.price_min !== changes.priceMin || before.price_max !== changes.priceMax || factsAfter.facts !== before.facts || factsAfter.words !== before.words;
        if (before.status === 'verified' && matchingChanged) await jobs.enqueue(tx, savedSearchMatchingJob, [{ propertyId: property.id, changeId, before: matchedBefore }]);
        return updated;
      });
      if (!count) {
        await findLive(property.id); // deleted meanwhile: NOT_FOUND
        throw conflict(REJECTED_CANNOT_UPDATE);
      }
      return findLive(property.id);
    },

    /**
     * Removes the calling agent's own listing. Refused while an offer on it is
     * accepted or bought; otherwise, in one transaction, its pending offers are
     * rejected, its wishlist entries removed and the listing hidden for good.
     */
    async remove(caller: Caller, id: string): Promise<{ id: string; rejectedOfferCount: number; removedWishlistItemCount: number }> {
      const viewer = requireViewer(caller, propertiesAccess.deleteProperty.roles);
      const propertyId = parseId(id, 'property id');
      return db.$transaction(async (tx) => {
        // The listing's locks (listing-locks.ts): an offer being accepted or made, or
        // the agent's fraud marking, at the same moment waits for us (or we for it).
        const locked = await lockListing(tx, propertyId);
        if (!locked || locked.deletedAt) throw notFound(PROPERTY_NOT_FOUND);
        if (locked.agentId !== viewer.id) throw forbidden('You can only change your own properties.');
        const committed = await tx.offer.count({ where: { propertyId, status: { in: ['accepted', 'bought'] } } });
        if (committed) throw conflict('This property has an accepted or completed offer and cannot be deleted.');
        const rejected = await tx.offer.updateManyAndReturn({ where: { propertyId, status: 'pending' }, data: { status: 'rejected' } });
        const removed = await tx.wishlistItem.deleteMany({ where: { propertyId } });
        await tx.property.update({ where: { id: propertyId }, data: { deletedAt: new Date(), isAdvertised: false } });
        await notifyRejected(notifier, tx, rejected, (title) => `${title} was removed by its agent, so your offer was rejected.`);
        await cancelFutureViewings(tx, notifier, jobs, { propertyId }, 'removed');
        // Nothing is left for the admins to decide on.
        await notifier.markActedOn(tx, 'admins', 'pending-listing', propertyId);
        return { id: propertyId, rejectedOfferCount: rejected.length, removedWishlistItemCount: removed.count };
      });
    },

    /** Admin decision on a pending listing; any other transition is refused. */
    async review(caller: Caller, id: string, decision: PropertyStatus): Promise<PropertyRecord> {
      requireViewer(caller, propertiesAccess.verifyProperty.roles);
      if (decision !== 'verified' && decision !== 'rejected') throw badInput('Status must be "verified" or "rejected".');
      const propertyId = parseId(id, 'property id');
      const [decided] = await db.$transaction(async (tx) => {
        // The listing's locks in their order (listing-locks.ts), as in update: a verified listing starts counting in its places under its agent's lock.
        await lockListing(tx, propertyId);
        const rows = await tx.property.updateManyAndReturn({ where: { id: propertyId, status: 'pending', ...live }, data: { status: decision } });
        for (const property of rows) {
          const verified = decision === 'verified';
          const event = await recordListingEvent(tx, property.id, decision);
          await emitWebhookEvent(tx, jobs, { type: verified ? 'listing.verified' : 'listing.rejected', resource: `listing:${property.id}`, audience: [property.agentId], object: listingObject(property) });
          await notifier.markActedOn(tx, 'admins', 'pending-listing', property.id);
          await notifier.notify(tx, {
            recipientId: property.agentId,
            type: verified ? 'listing_verified' : 'listing_rejected',
            subjectId: property.id,
            text: verified ? `${property.title} was verified: buyers can see it now.` : `${property.title} was rejected by an admin.`,
            dedupeKey: `listing-${decision}:${property.id}`,
          });
          // Every saved search it matches hears of it (a job, after this commits).
          if (verified) await jobs.enqueue(tx, savedSearchMatchingJob, [{ propertyId: property.id, changeId: event.id }]);
        }
        return rows;
      });
      if (!decided) {
        await findLive(propertyId);
        throw conflict('Only pending properties can be verified or rejected.');
      }
      return findLive(propertyId);
    },

    /** Admin: a verified listing goes on the home page; there is no way back. */
    async advertise(caller: Caller, id: string): Promise<PropertyRecord> {
      requireViewer(caller, propertiesAccess.advertiseProperty.roles);
      const propertyId = parseId(id, 'property id');
      const [advertised] = await db.$transaction(async (tx) => {
        const rows = await tx.property.updateManyAndReturn({ where: { id: propertyId, status: 'verified', isAdvertised: false, ...live }, data: { isAdvertised: true } });
        for (const property of rows) {
          await recordListingEvent(tx, property.id, 'advertised');
          await emitWebhookEvent(tx, jobs, { type: 'listing.advertised', resource: `listing:${property.id}`, audience: [property.agentId], object: listingObject(property) });
          await notifier.notify(tx, {
            recipientId: property.agentId,
            type: 'listing_advertised',
            subjectId: property.id,
            text: `${property.title} is now advertised on the home page.`,
            dedupeKey: `listing-advertised:${property.id}`,
          });
        }
        return rows;
      });
      if (!advertised) {
        const property = await findLive(propertyId);
        throw conflict(property.isAdvertised ? 'This property is already advertised.' : 'Only verified properties can be advertised.');
      }
      return findLive(propertyId);
    },
  };
}

export type PropertiesService = ReturnType<typeof createPropertiesService>;

const FACT_KEYS = ['propertyType', 'bedrooms', 'bathrooms', 'floorArea', 'areaUnit', 'yearBuilt', 'amenities'];
const factsGiven = (input: unknown) => typeof input === 'object' && input !== null && FACT_KEYS.some((key) => (input as Record<string, unknown>)[key] !== undefined);

/** The facts columns from validated input; the area is also kept in square metres for filters and sorting. */
function factsData(facts: Awaited<ReturnType<typeof propertyFactsSchema.validate>>) {
  const hasArea = facts.floorArea !== undefined && facts.areaUnit !== undefined;
  return {
    propertyType: facts.propertyType ?? null,
    bedrooms: facts.bedrooms ?? null,
    bathrooms: facts.bathrooms ?? null,
    floorArea: hasArea ? facts.floorArea! : null,
    areaUnit: hasArea ? facts.areaUnit! : null,
    floorAreaSqm: hasArea ? new Prisma.Decimal(floorAreaInSquareMetres(facts.floorArea!, facts.areaUnit!)) : null,
    yearBuilt: facts.yearBuilt ?? null,
    amenities: orderedAmenities(facts.amenities ?? []),
  };
}

export type ValidPropertyFilter = Awaited<ReturnType<typeof validPropertyFilter>>;

/** The All Properties filter checked with the shared schema (BAD_USER_INPUT with per-field messages otherwise). */
export const validPropertyFilter = (rawFilter: unknown) => validateInput(propertyFilterSchema, withoutNulls(rawFilter));

/** GraphQL sends an explicitly empty field as null: the same as leaving it out. */
const withoutNulls = (value: unknown) =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null)) : {};

/** The request's look-up of the place a search text names (loaders.ts: once per text per request). */
type PlaceLoaders = Pick<Loaders, 'placeNamedBy'>;

/**
 * The All Properties location search and filter, checked (BAD_USER_INPUT
 * otherwise); the list and its count build their conditions from it.
 */
async function verifiedListingSearch({ placeNamedBy }: PlaceLoaders, search: string | null | undefined, rawFilter: unknown): Promise<Pick<ListingQuery, 'term' | 'filter' | 'termPlace'>> {
  const term = (search ?? '').trim();
  if (term.length > SEARCH_MAX_LENGTH) throw badInput(`Search at most ${SEARCH_MAX_LENGTH} characters.`);
  // PostgreSQL text cannot hold U+0000 (the query would fail with a 500); no location contains it.
  if (term.includes('\u0000')) throw badInput('Search must not contain NUL characters.');
  const filter = await validPropertyFilter(rawFilter);
  // Text that names a known place filters by it (exact keys); other text is a substring of the location.
  return { term, filter, termPlace: term ? await placeNamedBy.load(term) : null };
}

/** An area cursor without an area is '' (those rows come last). */
function sortValue(sort: PropertySort, row: ListingRow): string {
  if (sort === 'RELEVANCE') return row.relevance ?? '0';
  if (sort === 'AREA_DESC') return row.floorAreaSqm?.toFixed(2) ?? '';
  return sort === 'NEWEST' ? row.createdAt.toISOString() : row.priceMin.toFixed(2);
}

/** The cursor's position, checked: a cursor is client input, so anything but what encodeCursor wrote is a 400. */
function listingPosition(sort: PropertySort, cursor: CursorKey): ListingPosition {
  if (sort === 'NEWEST') return { sort, createdAt: cursorTime(cursor), id: cursorId(cursor) };
  if (sort === 'RELEVANCE') {
    // A real as PostgreSQL prints it (ts_rank is between 0 and 1).
    if (!/^\d(\.\d{1,12})?(e-\d{1,2})?$/.test(cursor.value)) throw badInput(INVALID_CURSOR);
    return { sort, rank: cursor.value, id: cursorId(cursor) };
  }
  if (sort === 'AREA_DESC') {
    if (cursor.value !== '' && !/^\d{1,10}\.\d{2}$/.test(cursor.value)) throw badInput(INVALID_CURSOR);
    return { sort, floorAreaSqm: cursor.value === '' ? null : cursor.value, id: cursorId(cursor) };
  }
  if (!/^\d{1,12}\.\d{2}$/.test(cursor.value)) throw badInput(INVALID_CURSOR);
  return { sort, priceMin: cursor.value, id: cursorId(cursor) };
}
