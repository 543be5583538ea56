-- Issue 17: at most 20 photos per listing, held by the database rather than by
-- the input check alone. Photos have positions 0..19 (this CHECK) and a position
-- is unique per listing (property_photos_property_id_position_key), so no
-- sequence of writes, concurrent or not, can store a 21st photo. Prisma's schema
-- language cannot express a CHECK: server/db/schema-drift.test.ts allow-lists it.
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_position_range" CHECK ("position" >= 0 AND "position" < 20);
