-- Issue 19: a place's price-sorted page without reading the table for every
-- candidate. Under a price sort the page's second part is the listings whose
-- range contains the buyer's minimum (price_min < minimum <= price_max). In a
-- place these were found by intersecting the place's index with the global
-- price-range index, which returns the ranges of every place (12,600 at a
-- million listings, 6 ms). With the id stored too, the part picks its page's
-- ids from the place's index alone (an index-only scan, 1.4 ms) and reads the
-- table only for those (server/properties/verified-listings-sql.ts).
-- Prisma's schema language has no INCLUDE, so the schema drift test lists
-- these indexes as database-only objects.
DROP INDEX "properties_area_key_property_type_bedrooms_price_min_idx";
DROP INDEX "properties_city_key_property_type_bedrooms_price_min_idx";
CREATE INDEX "properties_area_key_property_type_bedrooms_price_min_idx" ON "properties"("area_key", "property_type", "bedrooms", "price_min") INCLUDE ("price_max", "status", "deleted_at", "sale_state", "agent_id", "id");
CREATE INDEX "properties_city_key_property_type_bedrooms_price_min_idx" ON "properties"("city_key", "property_type", "bedrooms", "price_min") INCLUDE ("price_max", "status", "deleted_at", "sale_state", "agent_id", "id");
