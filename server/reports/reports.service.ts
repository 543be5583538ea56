// Reports of bad listings: any signed-in user with an account (not its agent,
// not a fraud account) reports a listing they can see, at most one open report
// each; admins work through the queue (most-reported listing first, then the
// newest report) and act on all of a listing's open reports at once, with a
// note: dismiss, reject the listing, or mark its agent as fraud (the user-admin
// rule). Reporters see what came of their reports.
import { moderationNoteSchema, REPORT_REASON_LABELS, reportSchema } from '@opennest/common/validation/report';
import { requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import type { ListingReport, ReportStatus } from '../generated/prisma/client';
import type { JobQueue } from '../jobs/job-queue';
import type { Notifier } from '../notifications/notifier';
import { conflict, forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { validateInput } from '../shared/validate';
import { findPublicListing } from '../properties/listing-visibility';
import { recordListingEvent } from '../properties/listing-history';
import { lockListing } from '../properties/listing-locks';
import { notifyRejected } from '../offers/offers.service';
import { cancelFutureViewings } from '../viewings/listing-ends';
import type { createUserAdminService } from '../users/user-admin.service';
import { reportsAccess } from './reports.access';

export const NO_OPEN_REPORTS = 'This listing has no open reports.';
export type ModerationAction = 'DISMISS' | 'REJECT_LISTING' | 'MARK_AGENT_FRAUD';
const OUTCOME: Record<ModerationAction, ReportStatus> = { DISMISS: 'dismissed', REJECT_LISTING: 'listing_rejected', MARK_AGENT_FRAUD: 'agent_marked_fraud' };

export interface ModerationItem {
  propertyId: string;
  reports: ListingReport[];
  openReportCount: number;
  latestReportAt: Date;
}

export function createReportsService({ db, notifier, jobs, userAdmin }: { db: Db; notifier: Notifier; jobs: JobQueue; userAdmin: Pick<ReturnType<typeof createUserAdminService>, 'markFraud'> }) {
  return {
    async report(caller: Caller, input: { propertyId: string; reason: unknown; details?: unknown }): Promise<ListingReport> {
      const viewer = requireViewer(caller, ['user', 'agent', 'admin']);
      const property = await findPublicListing(db, input.propertyId);
      if (property.agentId === viewer.id) throw forbidden('You cannot report your own listing.');
      const { reason, details } = await validateInput(reportSchema, { reason: input.reason, details: input.details ?? undefined });
      // A second open report of the same listing by the same reporter (even at the
      // same moment) is refused by the partial unique index: CONFLICT (db/constraint-meanings.ts).
      return db.$transaction(async (tx) => {
        const report = await tx.listingReport.create({ data: { propertyId: property.id, reporterId: viewer.id, reason, details: details || null } });
        await notifier.notifyAdmins(tx, {
          type: 'listing_reported',
          subjectId: property.id,
          text: `${viewer.name} reported ${property.title}: ${REPORT_REASON_LABELS[reason]}.`,
          dedupeKey: `listing-reported:${report.id}`,
        });
        return report;
      });
    },

    async listMine(caller: Caller): Promise<ListingReport[]> {
      const viewer = requireViewer(caller);
      return db.listingReport.findMany({ where: { reporterId: viewer.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    },

    /** Listings with open reports: most-reported first, then the newest report first. */
    async queue(caller: Caller): Promise<ModerationItem[]> {
      requireViewer(caller, reportsAccess.moderationQueue.roles);
      const open = await db.listingReport.findMany({ where: { status: 'open' }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 2000 });
      const byListing = new Map<string, ListingReport[]>();
      for (const report of open) byListing.set(report.propertyId, [...(byListing.get(report.propertyId) ?? []), report]);
      return [...byListing.entries()]
        .map(([propertyId, reports]) => ({ propertyId, reports, openReportCount: reports.length, latestReportAt: reports[0].createdAt }))
        .sort((a, b) => b.openReportCount - a.openReportCount || b.latestReportAt.getTime() - a.latestReportAt.getTime());
    },

    /**
     * Acts on every open report of a listing; returns how many were resolved.
     * One transaction, under the listing's locks (listing-locks.ts; the agent's
     * row FOR UPDATE when marking them as fraud): the reports change by
     * compare-and-set (`WHERE status = 'open'`) before anything else, so of two
     * admins acting on the same reports at once exactly one acts, and the other
     * gets CONFLICT with nothing changed; the action (rejection, fraud marking,
     * with their notifications) commits with the reports' outcome or not at all.
     */
    async resolve(caller: Caller, rawPropertyId: string, action: ModerationAction, rawNote: unknown): Promise<number> {
      requireViewer(caller, reportsAccess.resolveReports.roles);
      if (!(action in OUTCOME)) throw forbidden('Unknown moderation action.');
      const { note } = await validateInput(moderationNoteSchema, { note: rawNote });
      const propertyId = parseId(rawPropertyId, 'property id');
      return db.$transaction(async (tx) => {
        const listing = await lockListing(tx, propertyId, { agent: action === 'MARK_AGENT_FRAUD' ? 'update' : 'share' });
        if (!listing) throw notFound('Property not found.');
        const { count } = await tx.listingReport.updateMany({ where: { propertyId, status: 'open' }, data: { status: OUTCOME[action], resolutionNote: note, resolvedAt: new Date() } });
        if (!count) throw conflict(NO_OPEN_REPORTS);
        await notifier.markActedOn(tx, 'admins', 'reported-listing', propertyId);
        if (action === 'MARK_AGENT_FRAUD') await userAdmin.markFraud(caller, listing.agentId, tx);
        if (action === 'REJECT_LISTING' && listing.status !== 'rejected') {
          await tx.property.update({ where: { id: propertyId }, data: { status: 'rejected', isAdvertised: false } });
          await recordListingEvent(tx, propertyId, 'rejected');
          // Its pending offers end with it, as with a removal or a fraud marking (their buyers are told).
          const rejectedOffers = await tx.offer.updateManyAndReturn({ where: { propertyId, status: 'pending' }, data: { status: 'rejected' } });
          await notifyRejected(notifier, tx, rejectedOffers, (title) => `${title} is no longer listed, so your offer was rejected.`);
          await cancelFutureViewings(tx, notifier, jobs, { propertyId }, 'rejected');
          await notifier.notify(tx, { recipientId: listing.agentId, type: 'listing_rejected', subjectId: propertyId, text: `${listing.title} was rejected by an admin after reports: ${note}`, dedupeKey: `listing-rejected-reports:${propertyId}` });
        }
        return count;
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
