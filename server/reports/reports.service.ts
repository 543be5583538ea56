// Reports of bad listings: any signed-in user with an account (not its agent,
// not a fraud account) reports a listing they can see, at most one open report
// each; admins work through the queue (most-reported listing first, then the
// newest report) and act on all of a listing's open reports at once, with a
// note: dismiss, reject the listing, or mark its agent as fraud (the user-admin
// rule). Reporters see what came of their reports.
import { moderationNoteSchema, REPORT_REASON_LABELS, reportSchema } from '@opennest/common/validation/report';
import { requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import { Prisma, type ListingReport, type ReportStatus } from '../generated/prisma/client';
import type { Notifier } from '../notifications/notifier';
import { conflict, forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { validateInput } from '../shared/validate';
import { findPublicListing } from '../properties/listing-visibility';
import { recordListingEvent } from '../properties/listing-history';
import type { createUserAdminService } from '../users/user-admin.service';
import { reportsAccess } from './reports.access';

export const ALREADY_REPORTED = 'You have already reported this listing; an admin will look at it.';
export type ModerationAction = 'DISMISS' | 'REJECT_LISTING' | 'MARK_AGENT_FRAUD';
const OUTCOME: Record<ModerationAction, ReportStatus> = { DISMISS: 'dismissed', REJECT_LISTING: 'listing_rejected', MARK_AGENT_FRAUD: 'agent_marked_fraud' };

export interface ModerationItem {
  propertyId: string;
  reports: ListingReport[];
  openReportCount: number;
  latestReportAt: Date;
}

export function createReportsService({ db, notifier, userAdmin }: { db: Db; notifier: Notifier; userAdmin: Pick<ReturnType<typeof createUserAdminService>, 'markFraud'> }) {
  return {
    async report(caller: Caller, input: { propertyId: string; reason: unknown; details?: unknown }): Promise<ListingReport> {
      const viewer = requireViewer(caller, ['user', 'agent', 'admin']);
      const property = await findPublicListing(db, input.propertyId);
      if (property.agentId === viewer.id) throw forbidden('You cannot report your own listing.');
      const { reason, details } = await validateInput(reportSchema, { reason: input.reason, details: input.details ?? undefined });
      try {
        return await db.$transaction(async (tx) => {
          const report = await tx.listingReport.create({ data: { propertyId: property.id, reporterId: viewer.id, reason, details: details || null } });
          await notifier.notifyAdmins(tx, {
            type: 'listing_reported',
            subjectId: property.id,
            text: `${viewer.name} reported ${property.title}: ${REPORT_REASON_LABELS[reason]}.`,
            dedupeKey: `listing-reported:${report.id}`,
          });
          return report;
        });
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw conflict(ALREADY_REPORTED);
        throw error;
      }
    },

    async listMine(caller: Caller): Promise<ListingReport[]> {
      const viewer = requireViewer(caller);
      return db.listingReport.findMany({ where: { reporterId: viewer.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    },

    /** Listings with open reports: most-reported first, then the newest report first. */
    /** The listing a report is about, whatever its state now (the report's reader was allowed to see the report). */
    listing(propertyId: string) {
      return db.property.findUniqueOrThrow({ where: { id: propertyId } });
    },

    async queue(caller: Caller): Promise<ModerationItem[]> {
      requireViewer(caller, reportsAccess.moderationQueue.roles);
      const open = await db.listingReport.findMany({ where: { status: 'open' }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 2000 });
      const byListing = new Map<string, ListingReport[]>();
      for (const report of open) byListing.set(report.propertyId, [...(byListing.get(report.propertyId) ?? []), report]);
      return [...byListing.entries()]
        .map(([propertyId, reports]) => ({ propertyId, reports, openReportCount: reports.length, latestReportAt: reports[0].createdAt }))
        .sort((a, b) => b.openReportCount - a.openReportCount || b.latestReportAt.getTime() - a.latestReportAt.getTime());
    },

    /** Acts on every open report of a listing; returns how many were resolved. */
    async resolve(caller: Caller, rawPropertyId: string, action: ModerationAction, rawNote: unknown): Promise<number> {
      requireViewer(caller, reportsAccess.resolveReports.roles);
      if (!(action in OUTCOME)) throw forbidden('Unknown moderation action.');
      const { note } = await validateInput(moderationNoteSchema, { note: rawNote });
      const propertyId = parseId(rawPropertyId, 'property id');
      const property = await db.property.findUnique({ where: { id: propertyId } });
      if (!property) throw notFound('Property not found.');
      if (!(await db.listingReport.count({ where: { propertyId, status: 'open' } }))) throw conflict('This listing has no open reports.');
      // One transaction: the fraud rule (with its notifications) and the reports'
      // outcome commit together, or neither does.
      return db.$transaction(async (tx) => {
        if (action === 'MARK_AGENT_FRAUD') await userAdmin.markFraud(caller, property.agentId, tx);
        if (action === 'REJECT_LISTING') {
          const rejected = await tx.property.updateMany({ where: { id: propertyId, status: { not: 'rejected' } }, data: { status: 'rejected', isAdvertised: false } });
          if (rejected.count) {
            await recordListingEvent(tx, propertyId, 'rejected');
            await notifier.notify(tx, { recipientId: property.agentId, type: 'listing_rejected', subjectId: propertyId, text: `${property.title} was rejected by an admin after reports: ${note}`, dedupeKey: `listing-rejected-reports:${propertyId}` });
          }
        }
        const { count } = await tx.listingReport.updateMany({ where: { propertyId, status: 'open' }, data: { status: OUTCOME[action], resolutionNote: note, resolvedAt: new Date() } });
        await notifier.markActedOn(tx, 'admins', 'reported-listing', propertyId);
        return count;
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
