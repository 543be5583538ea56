// The one lock order of every change to a listing, its offers and its reports.
// Changes that take the same locks in the same order queue one behind the other
// instead of deadlocking, and each re-reads the state it starts from only once it
// holds them (docs/invariants.md):
//   1. the users row of the listing's agent: FOR KEY SHARE here, FOR UPDATE by the
//      admin's changes to the account (role, fraud marking, deletion), which
//      therefore take turns with every change below;
//   2. the properties row: FOR UPDATE;
//   3. offer rows, then report rows, each changed by a compare-and-set UPDATE
//      (`WHERE status = 'pending'`, `WHERE status = 'open'`) whose row count says
//      whether this request won.
// The database keeps this order too: the places count of a listing (trigger
// properties_places_count, migration 20261128130000_places_count_fraud) reads
// its agent's role FOR SHARE, after the listing's row. So verifying, editing and
// selling a listing take lock 1 here first (as removing it and accepting an offer do):
// taking lock 2 first could deadlock with the agent's fraud marking by report,
// which holds lock 1 FOR UPDATE and then asks for lock 2.
import { Prisma, type PropertyStatus, type Role, type SaleState } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;

export interface LockedListing {
  id: string;
  agentId: string;
  agentRole: Role;
  status: PropertyStatus;
  saleState: SaleState;
  deletedAt: Date | null;
  title: string;
  timeZone: string | null;
  viewingMinutes: number;
}

export interface ListingLockModes {
  /** The agent's row: FOR KEY SHARE (the default), or FOR UPDATE for a write that changes the agent (fraud marking). */
  agent?: 'share' | 'update';
  /**
   * The listing's row: FOR UPDATE (the default), or FOR NO KEY UPDATE for a write that
   * leaves the row's key alone and must not wait for rows that only reference it (a
   * viewing booked while an offer on the listing is written).
   */
  listing?: 'update' | 'noKeyUpdate';
}

const AGENT_LOCKS = { share: Prisma.raw('FOR KEY SHARE'), update: Prisma.raw('FOR UPDATE') };
const LISTING_LOCKS = { update: Prisma.raw('FOR UPDATE'), noKeyUpdate: Prisma.raw('FOR NO KEY UPDATE') };

/**
 * Takes locks 1 and 2 for listing `propertyId`, as strong as `modes` says, and
 * returns the listing as it is now, or null when there is no such listing. A
 * listing's agent never changes, so the agent's id may be read before the locks.
 */
export async function lockListing(tx: Tx, propertyId: string, { agent: agentLock = 'share', listing: listingLock = 'update' }: ListingLockModes = {}): Promise<LockedListing | null> {
  const [agent] = await tx.$queryRaw<Array<{ id: string; role: Role }>>`
    SELECT id::text AS id, role::text AS role FROM users WHERE id = (SELECT agent_id FROM properties WHERE id = ${propertyId}::uuid) ${AGENT_LOCKS[agentLock]}`;
  if (!agent) return null;
  const [listing] = await tx.$queryRaw<Array<{ status: PropertyStatus; sale_state: SaleState; deleted_at: Date | null; title: string; time_zone: string | null; viewing_minutes: number }>>`
    SELECT status::text AS status, sale_state::text AS sale_state, deleted_at, title, time_zone, viewing_minutes FROM properties WHERE id = ${propertyId}::uuid ${LISTING_LOCKS[listingLock]}`;
  if (!listing) return null;
  return {
    id: propertyId,
    agentId: agent.id,
    agentRole: agent.role,
    status: listing.status,
    saleState: listing.sale_state,
    deletedAt: listing.deleted_at,
    title: listing.title,
    timeZone: listing.time_zone,
    viewingMinutes: listing.viewing_minutes,
  };
}

/** Whether a locked listing is one buyers may see and act on (the rule of listing-visibility.ts, on locked rows). */
export const isListedForBuyers = (listing: LockedListing) => listing.status === 'verified' && !listing.deletedAt && listing.agentRole !== 'fraud';
