// Which listings whom may see, in one place for every domain that lists or
// acts on properties (properties, wishlist, offers, reviews, messages, reports,
// notifications) and for both doors (GraphQL and REST). docs/invariants.md
// states the rule; server/shared/listing-visibility.test.ts walks every path.
import { NO_FACTS } from '@opennest/common/property-facts';
import type { Db } from '../db/client';
import { PROPERTY_RECORD, readRecords, selectRecord } from '../db/records';
import type { Loaders } from '../context/loaders';
import { Prisma, type Property as PropertyRecord, type Role, type User as UserRecord } from '../generated/prisma/client';
import { notFound } from '../shared/errors';
import { parseId } from '../shared/ids';

/** Listings nobody deleted. */
export const liveListing = { deletedAt: null } satisfies Prisma.PropertyWhereInput;

/**
 * What buyers see: verified, not deleted, and not listed by an agent marked as
 * fraud. A fraud agent's listings are hidden rather than deleted, so their
 * offers and history stay available for disputes; the role cannot be undone.
 * The All Properties list says the same in SQL (verified-listings-sql.ts).
 */
export const publicListing = {
  status: 'verified',
  deletedAt: null,
  agent: { role: { not: 'fraud' } },
} satisfies Prisma.PropertyWhereInput;

/**
 * publicListing in SQL, for queries over `properties p JOIN users a ON a.id =
 * p.agent_id` (All Properties, its count, similar homes). Constants, not
 * parameters: partial indexes are chosen on them.
 */
export const PUBLIC_LISTING_SQL = Prisma.sql`p.status = 'verified' AND p.deleted_at IS NULL AND a.role <> 'fraud'`;

/**
 * Live listings the viewer may open: everything public, plus what the viewer
 * owns (agents) or oversees (admins). One condition, so the check is part of
 * the query that reads the listing (the agent's role comes by a join).
 */
export function visibleTo(viewer: Pick<UserRecord, 'id' | 'role'> | null): Prisma.PropertyWhereInput {
  if (!viewer) return publicListing;
  if (viewer.role === 'admin') return liveListing;
  return { ...liveListing, OR: [{ agentId: viewer.id }, publicListing] };
}

/**
 * visibleTo in SQL, for queries over `properties p JOIN users a ON a.id =
 * p.agent_id` (the details page's read, loaders.ts). listing-visibility.test.ts
 * walks both through every path.
 */
export function visibleToSql(viewer: Pick<UserRecord, 'id' | 'role'> | null): Prisma.Sql {
  if (!viewer) return PUBLIC_LISTING_SQL;
  if (viewer.role === 'admin') return Prisma.sql`p.deleted_at IS NULL`;
  return Prisma.sql`p.deleted_at IS NULL AND (p.agent_id = ${viewer.id}::uuid OR (${PUBLIC_LISTING_SQL}))`;
}

export const PROPERTY_NOT_FOUND = 'Property not found.';

/**
 * A listing the caller may open (details page, its reviews), read once per
 * request whichever fields ask for it; NOT_FOUND otherwise (an invisible
 * listing looks exactly like a missing one).
 */
export async function findVisibleListing(loaders: Pick<Loaders, 'visibleListingById'>, rawId: string): Promise<PropertyRecord> {
  const property = await loaders.visibleListingById.load(parseId(rawId, 'property id'));
  if (!property) throw notFound(PROPERTY_NOT_FOUND);
  return property;
}

/** A listing buyers can see, by an id from the caller; NOT_FOUND otherwise (an invisible listing looks like a missing one). */
export async function findPublicListing(db: Db, rawId: string): Promise<PropertyRecord> {
  const id = parseId(rawId, 'property id');
  // Through the driver (db/records.ts): a buyer's every offer, booking, question and review starts here.
  const [property] = await readRecords(db, PROPERTY_RECORD, Prisma.sql`SELECT ${selectRecord(PROPERTY_RECORD, 'p')} FROM properties p JOIN users a ON a.id = p.agent_id WHERE p.id = ${id}::uuid AND ${PUBLIC_LISTING_SQL}`);
  if (!property) throw notFound('Property not found.');
  return property;
}

type Viewer = Pick<UserRecord, 'id' | 'role'> | null;

/**
 * THE RULE for a listing reached through something the viewer holds (their
 * offer, wishlist item, conversation, review, report or notification): admins
 * and the listing's own agent see all of it, whatever its state; anyone else
 * sees all of it only while buyers may see it (verified, not deleted, its agent
 * not marked as fraud: publicListing). Otherwise they see only that it existed
 * and is gone: noLongerListedView. (visibleTo, above, is the same rule for
 * opening a listing by its id, where a deleted listing is found by nobody and a
 * listing one may not see looks missing.)
 */
export function seesListingDetails(viewer: Viewer, listing: Pick<PropertyRecord, 'agentId' | 'status' | 'deletedAt'>, agentRole: Role | null): boolean {
  if (viewer && (viewer.role === 'admin' || viewer.id === listing.agentId)) return true;
  return listing.status === 'verified' && !listing.deletedAt && agentRole !== null && agentRole !== 'fraud';
}

/** Whether the rule needs the agent's role to decide (only for a live, verified listing of someone else's). */
const needsAgentRole = (viewer: Viewer, listing: Pick<PropertyRecord, 'agentId' | 'status' | 'deletedAt'>) =>
  !(viewer && (viewer.role === 'admin' || viewer.id === listing.agentId)) && listing.status === 'verified' && !listing.deletedAt;

const noLongerListedViews = new WeakSet<PropertyRecord>();

/** Whether `listing` is the no-longer-listed view of a listing (the GraphQL field noLongerListed; empty photos and history). */
export const isNoLongerListed = (listing: PropertyRecord) => noLongerListedViews.has(listing);

/**
 * What a viewer who may not see a listing's details still sees of it: its id,
 * title, agent and dates, and the state "no longer listed". Every other field
 * keeps its key with an empty or neutral value (so REST answers keep the spec's
 * keys): no photo, place, description, price, facts, and status 'rejected' (the
 * spec's only "not listed" status); its photos and history are empty.
 */
export function noLongerListedView(listing: PropertyRecord): PropertyRecord {
  const view: PropertyRecord = {
    id: listing.id,
    agentId: listing.agentId,
    title: listing.title,
    createdAt: listing.createdAt,
    updatedAt: listing.createdAt,
    deletedAt: null,
    location: '',
    image: '',
    description: null,
    priceMin: new Prisma.Decimal(0),
    priceMax: new Prisma.Decimal(0),
    status: 'rejected',
    isAdvertised: false,
    saleState: 'available',
    ...NO_FACTS,
    floorAreaSqm: null,
    amenities: [],
    // Its viewings keep their own time zones; the view says the configured one.
    timeZone: null,
    viewingMinutes: listing.viewingMinutes,
    // No place either (issue 19).
    streetLine: null,
    area: null,
    city: null,
    postcode: null,
    countryCode: null,
    latitude: null,
    longitude: null,
    areaKey: null,
    cityKey: null,
    districtKey: null,
  };
  noLongerListedViews.add(view);
  return view;
}

/**
 * `listings` as `viewer` may see them (the rule above), in order. `agentRoleOf`
 * gives an agent's role (a batched loader), asked only where the rule needs it.
 */
export async function listingsAsSeenBy(viewer: Viewer, listings: PropertyRecord[], agentRoleOf: (agentId: string) => Promise<Role | null>): Promise<PropertyRecord[]> {
  return Promise.all(
    listings.map(async (listing) => {
      const agentRole = needsAgentRole(viewer, listing) ? await agentRoleOf(listing.agentId) : null;
      return seesListingDetails(viewer, listing, agentRole) ? listing : noLongerListedView(listing);
    }),
  );
}
