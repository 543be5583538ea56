-- Issue 20: viewings, their availability, feedback and open houses.

-- CreateExtension (embedded PostgreSQL ships it): GiST operator classes for
-- plain types (uuid =), so one exclusion constraint can say "same listing and
-- overlapping times".
CREATE EXTENSION IF NOT EXISTS "btree_gist";

-- CreateEnum
CREATE TYPE "ViewingStatus" AS ENUM ('requested', 'proposed', 'confirmed', 'declined', 'cancelled');

-- CreateEnum
CREATE TYPE "ViewingKind" AS ENUM ('instant', 'request');

-- AlterEnum
ALTER TYPE "NotificationType" ADD VALUE 'viewing_update';
ALTER TYPE "NotificationType" ADD VALUE 'open_house_scheduled';

-- AlterTable
ALTER TABLE "properties" ADD COLUMN "time_zone" TEXT,
ADD COLUMN "viewing_minutes" INTEGER NOT NULL DEFAULT 30;

-- CreateTable
CREATE TABLE "viewing_windows" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "weekday" INTEGER,
    "on_date" DATE,
    "start_minute" INTEGER NOT NULL,
    "end_minute" INTEGER NOT NULL,

    CONSTRAINT "viewing_windows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewing_blocked_dates" (
    "property_id" UUID NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "viewing_blocked_dates_pkey" PRIMARY KEY ("property_id","day")
);

-- CreateTable
CREATE TABLE "viewings" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "time_zone" TEXT NOT NULL,
    "kind" "ViewingKind" NOT NULL,
    "status" "ViewingStatus" NOT NULL,
    "reason" TEXT,
    "ended_by_id" UUID,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "day_reminder_for" TIMESTAMPTZ(3),
    "hour_reminder_for" TIMESTAMPTZ(3),
    "feedback_requested_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "viewings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewing_feedback" (
    "viewing_id" UUID NOT NULL,
    "rating" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "viewing_feedback_pkey" PRIMARY KEY ("viewing_id")
);

-- CreateTable
CREATE TABLE "open_houses" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "time_zone" TEXT NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "open_houses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "viewing_windows_property_id_idx" ON "viewing_windows"("property_id");

-- CreateIndex
CREATE INDEX "viewings_agent_id_starts_at_idx" ON "viewings"("agent_id", "starts_at");

-- CreateIndex
CREATE INDEX "viewings_buyer_id_starts_at_idx" ON "viewings"("buyer_id", "starts_at");

-- CreateIndex
CREATE INDEX "viewings_property_id_starts_at_idx" ON "viewings"("property_id", "starts_at");

-- CreateIndex
CREATE INDEX "viewings_status_starts_at_idx" ON "viewings"("status", "starts_at");

-- CreateIndex
CREATE INDEX "viewings_status_ends_at_idx" ON "viewings"("status", "ends_at");

-- CreateIndex
CREATE INDEX "open_houses_property_id_ends_at_idx" ON "open_houses"("property_id", "ends_at");

-- CreateIndex
CREATE INDEX "open_houses_ends_at_property_id_idx" ON "open_houses"("ends_at", "property_id");

-- AddForeignKey
ALTER TABLE "viewing_windows" ADD CONSTRAINT "viewing_windows_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewing_blocked_dates" ADD CONSTRAINT "viewing_blocked_dates_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewing_feedback" ADD CONSTRAINT "viewing_feedback_viewing_id_fkey" FOREIGN KEY ("viewing_id") REFERENCES "viewings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "open_houses" ADD CONSTRAINT "open_houses_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What Prisma's schema language cannot say (server/db/schema-drift.test.ts
-- allow-lists each; server/db/constraint-meanings.ts says what a refusal means).

-- No double booking, by construction: two viewings of one listing that still
-- hold their time (requested, proposed, confirmed) never overlap. Of any number
-- of concurrent bookings of one slot the first to commit wins; the others are
-- refused with 23P01 (CONFLICT for the caller). The GiST index behind it also
-- answers "is this slot free?" for the free-slot list.
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" IN ('requested', 'proposed', 'confirmed'));
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_ends_after_start" CHECK ("ends_at" > "starts_at");

-- A listing's viewing length: 15 to 120 minutes.
ALTER TABLE "properties" ADD CONSTRAINT "properties_viewing_minutes_range" CHECK ("viewing_minutes" BETWEEN 15 AND 120);

-- A window is weekly (weekday 1..7) or on one date, never both, and lies within its day.
ALTER TABLE "viewing_windows" ADD CONSTRAINT "viewing_windows_shape" CHECK (
  ("weekday" IS NULL) <> ("on_date" IS NULL)
  AND ("weekday" IS NULL OR "weekday" BETWEEN 1 AND 7)
  AND "start_minute" >= 0 AND "start_minute" < "end_minute" AND "end_minute" <= 1440);
-- Windows of one listing and day do not overlap (weekly ones per weekday, one-off ones per date).
ALTER TABLE "viewing_windows" ADD CONSTRAINT "viewing_windows_weekly_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, "weekday" WITH =, int4range("start_minute", "end_minute") WITH &&) WHERE ("weekday" IS NOT NULL);
ALTER TABLE "viewing_windows" ADD CONSTRAINT "viewing_windows_one_off_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, "on_date" WITH =, int4range("start_minute", "end_minute") WITH &&) WHERE ("on_date" IS NOT NULL);

-- Feedback: a rating of 1 to 5 and a short text.
ALTER TABLE "viewing_feedback" ADD CONSTRAINT "viewing_feedback_rating_range" CHECK ("rating" BETWEEN 1 AND 5);
ALTER TABLE "viewing_feedback" ADD CONSTRAINT "viewing_feedback_text_length" CHECK (char_length("text") <= 2000);

ALTER TABLE "open_houses" ADD CONSTRAINT "open_houses_ends_after_start" CHECK ("ends_at" > "starts_at");
