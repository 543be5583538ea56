-- Issue 19: a place's price-sorted page and its capped count check the buyer's
-- minimum price inside the place's index. With price_max stored only as an
-- INCLUDE column, "price_max >= minimum" was a filter applied after each
-- candidate's visibility check: for the ranges that contain the minimum
-- (price_min < minimum <= price_max), every listing of the place below the
-- minimum was checked, 3,026 visibility-map reads for 135 matches in a city at
-- a million listings (2,412 buffers, 0.86 ms). As a key column it is checked
-- in the index first; only the matches are checked for visibility (201
-- buffers, 0.53 ms; the whole page statement 1.05-1.27 ms -> 0.82-0.85 ms,
-- medians of 21 runs on a copy of the bench's million listings). The leading
-- columns, which similar homes walk in price order, are unchanged, and so are
-- the names. Prisma's schema language has no INCLUDE, so the schema drift test
-- lists these indexes as database-only objects.
DROP INDEX "properties_area_key_property_type_bedrooms_price_min_idx";
DROP INDEX "properties_city_key_property_type_bedrooms_price_min_idx";
CREATE INDEX "properties_area_key_property_type_bedrooms_price_min_idx" ON "properties"("area_key", "property_type", "bedrooms", "price_min", "price_max") INCLUDE ("status", "deleted_at", "sale_state", "agent_id", "id");
CREATE INDEX "properties_city_key_property_type_bedrooms_price_min_idx" ON "properties"("city_key", "property_type", "bedrooms", "price_min", "price_max") INCLUDE ("status", "deleted_at", "sale_state", "agent_id", "id");
