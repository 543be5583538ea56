-- Issue 19, part 4: similar homes (server/properties/similar-homes.ts) read the
-- listings of one area (then one city) of one type, by bedrooms, then price.
CREATE INDEX "properties_area_key_property_type_bedrooms_price_min_idx" ON "properties"("area_key", "property_type", "bedrooms", "price_min");
CREATE INDEX "properties_city_key_property_type_bedrooms_price_min_idx" ON "properties"("city_key", "property_type", "bedrooms", "price_min");
