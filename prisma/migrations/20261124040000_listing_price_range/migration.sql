-- Issue 13: the All Properties list with a minimum price, sorted by price.
-- A listing whose range starts below the buyer's minimum matches only when the
-- range contains the minimum (price_max >= minimum); a B-tree on price_min
-- cannot find those without reading every cheaper listing, this GiST index on
-- the range finds them directly ("range @> minimum"). Only what buyers can list
-- (verified, not deleted) is indexed. greatest() keeps the range valid even for
-- a row whose maximum is below its minimum (the validation forbids it, the
-- table has no CHECK). Prisma's schema language cannot express an expression
-- index: server/db/schema-drift.test.ts allow-lists it.
CREATE INDEX "properties_listed_price_range_idx" ON "properties" USING GIST (numrange("price_min", greatest("price_min", "price_max"), '[]')) WHERE "status" = 'verified' AND "deleted_at" IS NULL;
