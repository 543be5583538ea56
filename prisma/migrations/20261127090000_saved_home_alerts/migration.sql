-- Issue 19, part 5: alerts on saved homes, and saved searches that fire again per change.

-- AlterEnum
ALTER TYPE "NotificationType" ADD VALUE 'saved_home_price_cut';
ALTER TYPE "NotificationType" ADD VALUE 'saved_home_under_offer';
ALTER TYPE "NotificationType" ADD VALUE 'saved_home_sold';

-- AlterTable: one match per saved search, listing and change. Existing matches
-- were made under "once ever per saved search": they keep that as the nil change.
ALTER TABLE "saved_search_matches" ADD COLUMN "change_id" UUID NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000';
ALTER TABLE "saved_search_matches" ALTER COLUMN "change_id" DROP DEFAULT;
ALTER TABLE "saved_search_matches" DROP CONSTRAINT "saved_search_matches_pkey";
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_pkey" PRIMARY KEY ("saved_search_id", "property_id", "change_id");
