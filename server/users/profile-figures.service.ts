// The few figures each role's profile page shows.
import { requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import { Prisma, type OfferStatus, type PropertyStatus } from '../generated/prisma/client';
import { publicListing } from '../properties/listing-visibility';

export interface ProfileFigures {
  wishlistItems?: number;
  offers?: Record<OfferStatus, number>;
  listings?: Record<PropertyStatus, number>;
  soldTotal?: string;
  reviews?: number;
  pendingVerifications?: number;
  users?: number;
  agents?: number;
  fraudAccounts?: number;
}

function counted<K extends string>(keys: readonly K[], groups: Array<{ status: K; _count: { _all: number } }>): Record<K, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const group of groups) counts[group.status] = group._count._all;
  return counts;
}

const OFFER_STATUSES = ['pending', 'accepted', 'rejected', 'bought'] as const;
const LISTING_STATUSES = ['pending', 'verified', 'rejected'] as const;

export function createProfileFiguresService({ db }: { db: Db }) {
  return {
    async forCaller(caller: Caller): Promise<ProfileFigures> {
      const viewer = requireViewer(caller);
      switch (viewer.role) {
        case 'user': {
          const [wishlistItems, offers, reviews] = await Promise.all([
            // As the wishlist page shows it: entries for listings buyers can still see.
            db.wishlistItem.count({ where: { userId: viewer.id, property: publicListing } }),
            db.offer.groupBy({ by: ['status'], where: { buyerId: viewer.id }, _count: { _all: true } }),
            db.review.count({ where: { userId: viewer.id } }),
          ]);
          return { wishlistItems, offers: counted(OFFER_STATUSES, offers), reviews };
        }
        case 'agent': {
          const [listings, offers, sold] = await Promise.all([
            db.property.groupBy({ by: ['status'], where: { agentId: viewer.id, deletedAt: null }, _count: { _all: true } }),
            db.offer.groupBy({ by: ['status'], where: { agentId: viewer.id }, _count: { _all: true } }),
            db.offer.aggregate({ where: { agentId: viewer.id, status: 'bought' }, _sum: { amount: true } }),
          ]);
          return {
            listings: counted(LISTING_STATUSES, listings),
            offers: counted(OFFER_STATUSES, offers),
            soldTotal: (sold._sum.amount ?? new Prisma.Decimal(0)).toFixed(2),
          };
        }
        case 'admin': {
          const [pendingVerifications, users, agents, fraudAccounts, reviews] = await Promise.all([
            db.property.count({ where: { status: 'pending', deletedAt: null } }),
            db.user.count(),
            db.user.count({ where: { role: 'agent' } }),
            db.user.count({ where: { role: 'fraud' } }),
            db.review.count(),
          ]);
          return { pendingVerifications, users, agents, fraudAccounts, reviews };
        }
        default:
          return {};
      }
    },
  };
}
