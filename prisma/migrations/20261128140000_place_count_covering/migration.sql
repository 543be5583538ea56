-- Issue 19: a place's capped count from its index alone. The buyer's common
-- search (a place, types, bedrooms, a price band) counted its first 1,000
-- matches by visiting each candidate row in the table (9 ms for a city at a
-- million listings). With the other columns the count reads stored in the
-- index, it is an index-only scan (1.6 ms). The key columns, which similar
-- homes walk (server/properties/similar-homes.ts), are unchanged.
-- Prisma's schema language has no INCLUDE, so the schema drift test lists
-- these indexes as database-only objects.
DROP INDEX "properties_area_key_property_type_bedrooms_price_min_idx";
DROP INDEX "properties_city_key_property_type_bedrooms_price_min_idx";
CREATE INDEX "properties_area_key_property_type_bedrooms_price_min_idx" ON "properties"("area_key", "property_type", "bedrooms", "price_min") INCLUDE ("price_max", "status", "deleted_at", "sale_state", "agent_id");
CREATE INDEX "properties_city_key_property_type_bedrooms_price_min_idx" ON "properties"("city_key", "property_type", "bedrooms", "price_min") INCLUDE ("price_max", "status", "deleted_at", "sale_state", "agent_id");
