-- Issue 11, photos: 1 to 20 per listing, in order; the first is the cover
-- (properties.image keeps it, for the cards, the REST `image` field and the
-- spec's screens). Existing listings get their one image as photo 0.

-- CreateTable
CREATE TABLE "property_photos" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "property_photos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "property_photos_property_id_position_key" ON "property_photos"("property_id", "position");

-- AddForeignKey
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "property_photos" ("id", "property_id", "position", "url", "created_at")
SELECT gen_random_uuid(), "id", 0, "image", "created_at" FROM "properties";
