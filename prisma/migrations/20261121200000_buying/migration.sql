-- AlterTable
ALTER TABLE "offers" ADD COLUMN "payment_intent_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "offers_payment_intent_id_key" ON "offers"("payment_intent_id");

-- Partial unique indexes, which schema.prisma cannot express (allow-listed in
-- server/db/schema-drift.test.ts). They make the offer rules hold even under
-- concurrent requests: one open offer per buyer per property, and at most one
-- accepted (later bought) offer per property.
CREATE UNIQUE INDEX "offers_one_open_offer_per_buyer" ON "offers"("property_id", "buyer_id") WHERE "status" IN ('pending', 'accepted');
CREATE UNIQUE INDEX "offers_one_accepted_offer_per_property" ON "offers"("property_id") WHERE "status" IN ('accepted', 'bought');
