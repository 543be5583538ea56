-- Issue 11, reports of bad listings and their moderation.

-- CreateEnum
CREATE TYPE "ReportReason" AS ENUM ('fraud', 'wrong_price', 'wrong_photos', 'already_sold', 'other');

-- CreateEnum
CREATE TYPE "ReportStatus" AS ENUM ('open', 'dismissed', 'listing_rejected', 'agent_marked_fraud');

-- CreateTable
CREATE TABLE "listing_reports" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "reporter_id" UUID NOT NULL,
    "reason" "ReportReason" NOT NULL,
    "details" TEXT,
    "status" "ReportStatus" NOT NULL DEFAULT 'open',
    "resolution_note" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "listing_reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "listing_reports_status_property_id_idx" ON "listing_reports"("status", "property_id");

-- CreateIndex
CREATE INDEX "listing_reports_reporter_id_created_at_idx" ON "listing_reports"("reporter_id", "created_at");

-- AddForeignKey
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One open report per user and listing, even under concurrent requests
-- (allow-listed in server/db/schema-drift.test.ts: schema.prisma cannot say it).
CREATE UNIQUE INDEX "listing_reports_one_open_per_reporter" ON "listing_reports"("property_id", "reporter_id") WHERE "status" = 'open';
