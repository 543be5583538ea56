-- Issue 11, a listing's history: append-only events, each written in the
-- transaction of the change it records (the app never updates or deletes them;
-- they go only with their listing's row, when an account is deleted).

-- CreateEnum
CREATE TYPE "ListingEventKind" AS ENUM ('listed', 'relisted', 'verified', 'rejected', 'advertised', 'price_changed', 'facts_changed', 'photos_changed', 'offer_accepted', 'sold');

-- CreateTable
CREATE TABLE "listing_events" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "kind" "ListingEventKind" NOT NULL,
    "data" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "listing_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "listing_events_property_id_created_at_id_idx" ON "listing_events"("property_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing listings: what is known of their past (listed when created; verified
-- or rejected, advertised, offer accepted, sold as they stand now, dated by the
-- latest change we have).
INSERT INTO "listing_events" ("id", "property_id", "kind", "created_at")
SELECT gen_random_uuid(), "id", 'listed', "created_at" FROM "properties";
INSERT INTO "listing_events" ("id", "property_id", "kind", "created_at")
SELECT gen_random_uuid(), "id", "status"::text::"ListingEventKind", "updated_at" FROM "properties" WHERE "status" IN ('verified', 'rejected');
INSERT INTO "listing_events" ("id", "property_id", "kind", "created_at")
SELECT gen_random_uuid(), "id", 'advertised', "updated_at" FROM "properties" WHERE "is_advertised";
INSERT INTO "listing_events" ("id", "property_id", "kind", "created_at")
SELECT gen_random_uuid(), o."property_id", 'offer_accepted', o."created_at" FROM "offers" o WHERE o."status" IN ('accepted', 'bought');
INSERT INTO "listing_events" ("id", "property_id", "kind", "created_at")
SELECT gen_random_uuid(), o."property_id", 'sold', o."updated_at" FROM "offers" o WHERE o."status" = 'bought';
