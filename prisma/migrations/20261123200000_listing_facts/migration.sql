-- Issue 11, part 1 and 2: a listing's sale state (stored, kept in the same
-- transaction as the offer that changes it) and its structured facts.

-- CreateEnum
CREATE TYPE "SaleState" AS ENUM ('available', 'under_offer', 'sold');

-- CreateEnum
CREATE TYPE "PropertyType" AS ENUM ('house', 'apartment', 'townhouse', 'land', 'commercial');

-- CreateEnum
CREATE TYPE "AreaUnit" AS ENUM ('sq_ft', 'sq_m');

-- AlterTable: facts stay empty on existing listings until their agent fills them in.
ALTER TABLE "properties"
    ADD COLUMN "sale_state" "SaleState" NOT NULL DEFAULT 'available',
    ADD COLUMN "property_type" "PropertyType",
    ADD COLUMN "bedrooms" INTEGER,
    ADD COLUMN "bathrooms" INTEGER,
    ADD COLUMN "floor_area" INTEGER,
    ADD COLUMN "area_unit" "AreaUnit",
    ADD COLUMN "floor_area_sqm" DECIMAL(12,2),
    ADD COLUMN "year_built" INTEGER;

-- Existing listings take the state their offers already give them.
UPDATE "properties" p SET "sale_state" = CASE
    WHEN EXISTS (SELECT 1 FROM "offers" o WHERE o."property_id" = p."id" AND o."status" = 'bought') THEN 'sold'::"SaleState"
    ELSE 'under_offer'::"SaleState" END
WHERE EXISTS (SELECT 1 FROM "offers" o WHERE o."property_id" = p."id" AND o."status" IN ('accepted', 'bought'));

-- CreateIndex
CREATE INDEX "properties_status_sale_state_price_min_id_idx" ON "properties"("status", "sale_state", "price_min", "id");

-- CreateIndex
CREATE INDEX "properties_status_sale_state_created_at_id_idx" ON "properties"("status", "sale_state", "created_at", "id");

-- CreateIndex
CREATE INDEX "properties_status_floor_area_sqm_id_idx" ON "properties"("status", "floor_area_sqm", "id");

-- CreateIndex
CREATE INDEX "properties_status_property_type_bedrooms_price_min_idx" ON "properties"("status", "property_type", "bedrooms", "price_min");
