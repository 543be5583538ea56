// When a listing ends (sold, removed by its agent, rejected by moderation) or
// its agent is marked as fraud, its viewings not yet started are cancelled,
// their buyers told and a viewing.cancelled webhook event emitted for each, and its open houses not yet over are dropped: inside the
// transaction of that change (which holds the listing's or the agent's locks,
// properties/listing-locks.ts), so both happen or neither does.
import type { Prisma } from '../generated/prisma/client';
import type { JobQueue } from '../jobs/job-queue';
import type { Notifier } from '../notifications/notifier';
import { HOLDING_STATUSES } from './availability';
import { emitViewingEvent } from './viewing-webhooks';
import { localTime } from './viewing-times';

type Tx = Prisma.TransactionClient;

/** Why the listing ended, as the buyer reads it after "Your viewing of X on Sat 30 May, 10:30 was cancelled: ". */
export type ListingEnd = 'sold' | 'removed' | 'rejected' | 'agent-fraud';

const WHY: Record<ListingEnd, string> = {
  sold: 'the home was sold.',
  removed: 'the agent removed the listing.',
  rejected: 'the listing is no longer listed.',
  'agent-fraud': 'the listing is no longer listed.',
};

/** Cancels the future viewings of listing `propertyId` (or of every listing of agent `agentId`); returns how many. */
export async function cancelFutureViewings(tx: Tx, notifier: Notifier, jobs: JobQueue, of: { propertyId: string } | { agentId: string }, end: ListingEnd): Promise<number> {
  const where = 'propertyId' in of ? { propertyId: of.propertyId } : { agentId: of.agentId };
  const now = new Date();
  const cancelled = await tx.viewing.updateManyAndReturn({
    where: { ...where, status: { in: [...HOLDING_STATUSES] }, startsAt: { gt: now } },
    data: { status: 'cancelled', reason: WHY[end], endedById: null, sequence: { increment: 1 } },
    include: { property: { select: { title: true } } },
  });
  await tx.openHouse.deleteMany({ where: { ...('propertyId' in of ? { propertyId: of.propertyId } : { property: { agentId: of.agentId } }), endsAt: { gt: now } } });
  await notifier.notify(
    tx,
    cancelled.map((viewing) => ({
      recipientId: viewing.buyerId,
      type: 'viewing_update' as const,
      subjectId: viewing.id,
      text: `Your viewing of ${viewing.property.title} on ${localTime(viewing.startsAt, viewing.timeZone)} was cancelled: ${WHY[end]}`,
      dedupeKey: `viewing:${viewing.id}:${viewing.sequence}:cancelled`,
    })),
  );
  for (const viewing of cancelled) await emitViewingEvent(tx, jobs, 'viewing.cancelled', viewing);
  return cancelled.length;
}
