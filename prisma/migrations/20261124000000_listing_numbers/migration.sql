-- Issue 11, agents' numbers: details-page views per listing per UTC day, and
-- the indexes the per-day wishlist and offer counts read.

-- CreateTable
CREATE TABLE "listing_view_days" (
    "property_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL,

    CONSTRAINT "listing_view_days_pkey" PRIMARY KEY ("property_id","day")
);

-- CreateTable
CREATE TABLE "listing_view_keys" (
    "day" DATE NOT NULL,
    "viewer_key" BYTEA NOT NULL,

    CONSTRAINT "listing_view_keys_pkey" PRIMARY KEY ("day","viewer_key")
);

-- CreateTable
CREATE TABLE "listing_view_secrets" (
    "day" DATE NOT NULL,
    "secret" BYTEA NOT NULL,

    CONSTRAINT "listing_view_secrets_pkey" PRIMARY KEY ("day")
);

-- (property_id, created_at) serves everything (property_id) did, and the per-day counts.
-- DropIndex
DROP INDEX "wishlist_items_property_id_idx";

-- CreateIndex
CREATE INDEX "wishlist_items_property_id_created_at_idx" ON "wishlist_items"("property_id", "created_at");

-- CreateIndex
CREATE INDEX "offers_property_id_created_at_idx" ON "offers"("property_id", "created_at");

-- AddForeignKey
ALTER TABLE "listing_view_days" ADD CONSTRAINT "listing_view_days_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
