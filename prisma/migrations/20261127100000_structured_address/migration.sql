-- Issue 19, parts 1 and 2: a structured address on every listing, and the places
-- (area, city, postcode district) buyers search by.
--
-- The free-text `location` stays as the display line. The new parts are nullable:
-- a listing whose old location could not be split keeps NULLs there until its
-- agent completes the address (the Manage Properties page lists them).

-- AlterTable
ALTER TABLE "properties"
    ADD COLUMN "street_line" TEXT,
    ADD COLUMN "area" TEXT,
    ADD COLUMN "city" TEXT,
    ADD COLUMN "postcode" TEXT,
    ADD COLUMN "country_code" TEXT,
    ADD COLUMN "latitude" DOUBLE PRECISION,
    ADD COLUMN "longitude" DOUBLE PRECISION,
    -- The exact keys place filters compare (B-tree indexes below). Written by the
    -- trigger properties_place_keys from area, city, postcode and country_code, so
    -- no writer can get them wrong.
    ADD COLUMN "area_key" TEXT,
    ADD COLUMN "city_key" TEXT,
    ADD COLUMN "district_key" TEXT,
    ADD CONSTRAINT "properties_latitude_range" CHECK ("latitude" BETWEEN -90 AND 90),
    ADD CONSTRAINT "properties_longitude_range" CHECK ("longitude" BETWEEN -180 AND 180);

-- CreateEnum
CREATE TYPE "PlaceKind" AS ENUM ('area', 'city', 'district');

-- CreateTable: one row per place any listing ever named; listed_count counts the
-- listings buyers can find there now (verified, not deleted, not sold), so a
-- place whose homes are gone is not suggested.
CREATE TABLE "places" (
    "kind" "PlaceKind" NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "within" TEXT,
    "country_code" TEXT,
    "listed_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "places_pkey" PRIMARY KEY ("kind", "key"),
    CONSTRAINT "places_listed_count_not_negative" CHECK ("listed_count" >= 0)
);

-- CreateIndex: autocomplete (word similarity, pg_trgm).
CREATE INDEX "places_name_trgm_idx" ON "places" USING GIN ("name" gin_trgm_ops);

-- CreateIndex: place filters, sorted by price or newest, id as the cursor tie-breaker.
CREATE INDEX "properties_area_key_status_price_min_id_idx" ON "properties"("area_key", "status", "price_min", "id");
CREATE INDEX "properties_city_key_status_price_min_id_idx" ON "properties"("city_key", "status", "price_min", "id");
CREATE INDEX "properties_district_key_status_price_min_id_idx" ON "properties"("district_key", "status", "price_min", "id");
CREATE INDEX "properties_area_key_status_created_at_id_idx" ON "properties"("area_key", "status", "created_at", "id");
CREATE INDEX "properties_city_key_status_created_at_id_idx" ON "properties"("city_key", "status", "created_at", "id");

-- A place's key: trimmed, inner white space collapsed, lower case ('' is none).
-- common/address.ts placeKey says the same for the service.
CREATE FUNCTION place_key(name TEXT) RETURNS TEXT
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT NULLIF(lower(regexp_replace(btrim(name), '\s+', ' ', 'g')), '') $$;

-- A postcode's district: for GB the outward code (before the space, or all but
-- the last three characters), for US the five-digit ZIP, elsewhere the whole
-- postcode; upper case, prefixed by the country ('GB NW1', 'BD 1212'). NULL
-- without a country or a postcode. common/address.ts postcodeDistrict agrees.
CREATE FUNCTION postcode_district(postcode TEXT, country_code TEXT) RETURNS TEXT
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
    SELECT CASE
        WHEN country_code IS NULL OR NULLIF(btrim(postcode), '') IS NULL THEN NULL
        ELSE upper(country_code) || ' ' || CASE upper(country_code)
            WHEN 'GB' THEN CASE
                WHEN position(' ' IN btrim(upper(postcode))) > 0 THEN split_part(btrim(upper(postcode)), ' ', 1)
                WHEN length(btrim(postcode)) > 4 THEN left(upper(btrim(postcode)), length(btrim(postcode)) - 3)
                ELSE upper(btrim(postcode)) END
            WHEN 'US' THEN left(btrim(postcode), 5)
            ELSE upper(regexp_replace(btrim(postcode), '\s+', ' ', 'g')) END
    END $$;

CREATE FUNCTION properties_place_keys() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    NEW.city_key := place_key(NEW.city);
    NEW.area_key := NEW.city_key || '/' || place_key(NEW.area);
    NEW.district_key := postcode_district(NEW.postcode, NEW.country_code);
    RETURN NEW;
END $$;

CREATE TRIGGER "properties_place_keys"
    BEFORE INSERT OR UPDATE OF "area", "city", "postcode", "country_code", "area_key", "city_key", "district_key" ON "properties"
    FOR EACH ROW EXECUTE FUNCTION properties_place_keys();

-- Whether buyers can find the listing (what listed_count counts).
CREATE FUNCTION listing_is_listed(status "PropertyStatus", deleted_at TIMESTAMPTZ, sale_state "SaleState") RETURNS BOOLEAN
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT status = 'verified' AND deleted_at IS NULL AND sale_state <> 'sold' $$;

-- Adds delta to one place's count, creating the place on first use.
CREATE FUNCTION place_count_change(kind "PlaceKind", key TEXT, name TEXT, within TEXT, country_code TEXT, delta INTEGER) RETURNS VOID
    LANGUAGE sql
    AS $$
    INSERT INTO places AS p (kind, key, name, within, country_code, listed_count)
    SELECT kind, key, btrim(regexp_replace(name, '\s+', ' ', 'g')), within, upper(country_code), GREATEST(delta, 0)
    WHERE key IS NOT NULL
    ON CONFLICT (kind, key) DO UPDATE SET listed_count = GREATEST(p.listed_count + delta, 0)
    $$;

-- Keeps places.listed_count in the listing's own transaction: a listing that
-- stops being listed, or moves, takes one from its old places and adds one to
-- its new ones. Places are touched in a fixed order (area, city, district).
CREATE FUNCTION properties_places_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    was_listed BOOLEAN := TG_OP <> 'INSERT' AND listing_is_listed(OLD.status, OLD.deleted_at, OLD.sale_state);
    is_listed BOOLEAN := TG_OP <> 'DELETE' AND listing_is_listed(NEW.status, NEW.deleted_at, NEW.sale_state);
BEGIN
    IF TG_OP = 'UPDATE' AND was_listed = is_listed
       AND OLD.area_key IS NOT DISTINCT FROM NEW.area_key
       AND OLD.city_key IS NOT DISTINCT FROM NEW.city_key
       AND OLD.district_key IS NOT DISTINCT FROM NEW.district_key THEN
        RETURN NULL;
    END IF;
    IF was_listed THEN
        PERFORM place_count_change('area', OLD.area_key, OLD.area, OLD.city, OLD.country_code, -1);
        PERFORM place_count_change('city', OLD.city_key, OLD.city, NULL, OLD.country_code, -1);
        PERFORM place_count_change('district', OLD.district_key, split_part(OLD.district_key, ' ', 2), OLD.city, OLD.country_code, -1);
    END IF;
    IF is_listed THEN
        PERFORM place_count_change('area', NEW.area_key, NEW.area, NEW.city, NEW.country_code, 1);
        PERFORM place_count_change('city', NEW.city_key, NEW.city, NULL, NEW.country_code, 1);
        PERFORM place_count_change('district', NEW.district_key, split_part(NEW.district_key, ' ', 2), NEW.city, NEW.country_code, 1);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER "properties_places_count"
    -- (UPDATE OF names the address columns too: what a BEFORE trigger changes does not count.)
    AFTER INSERT OR DELETE OR UPDATE OF "status", "deleted_at", "sale_state", "area", "city", "postcode", "country_code", "area_key", "city_key", "district_key" ON "properties"
    FOR EACH ROW EXECUTE FUNCTION properties_places_count();

-- Recounts every place from the listings in one statement (this migration, and
-- bulk loads such as the benchmark's seed, which load with the count trigger off).
CREATE FUNCTION refresh_places() RETURNS VOID
    LANGUAGE sql
    AS $$
    WITH listed AS (
        SELECT area_key, city_key, district_key, area, city, country_code FROM properties
        WHERE listing_is_listed(status, deleted_at, sale_state)
    ), named AS (
        SELECT 'area'::"PlaceKind" AS kind, area_key AS key, min(area) AS name, min(city) AS within, min(country_code) AS country_code, count(*) AS n FROM listed WHERE area_key IS NOT NULL GROUP BY area_key
        UNION ALL
        SELECT 'city', city_key, min(city), NULL, min(country_code), count(*) FROM listed WHERE city_key IS NOT NULL GROUP BY city_key
        UNION ALL
        SELECT 'district', district_key, split_part(district_key, ' ', 2), min(city), min(country_code), count(*) FROM listed WHERE district_key IS NOT NULL GROUP BY district_key
    ), zeroed AS (
        UPDATE places SET listed_count = 0 WHERE listed_count <> 0
    )
    INSERT INTO places AS p (kind, key, name, within, country_code, listed_count)
    SELECT kind, key, btrim(regexp_replace(name, '\s+', ' ', 'g')), within, upper(country_code), n FROM named
    ON CONFLICT (kind, key) DO UPDATE SET listed_count = EXCLUDED.listed_count
    $$;

-- Split today's free-text locations, best effort: "street, area, city postcode".
-- The last comma-separated part is the city (a trailing postcode, or a last part
-- that is only a postcode, becomes the postcode), the one before it the area,
-- everything before that the street line. A full GB postcode makes the country
-- GB; otherwise the country stays unknown. A location without a comma is not
-- split. common/address.ts splitLocation is the same rule for REST callers that
-- send only `location`; server/properties/address-migration.test.ts checks both
-- on the demo data and the benchmark's seed.
CREATE FUNCTION split_location(location TEXT,
    OUT street_line TEXT, OUT area TEXT, OUT city TEXT, OUT postcode TEXT, OUT country_code TEXT)
    LANGUAGE plpgsql IMMUTABLE
    AS $$
DECLARE
    parts TEXT[];
    n INTEGER;
    tail TEXT[];
    gb CONSTANT TEXT := '^([A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2})$';
    numeric_code CONSTANT TEXT := '^([0-9]{4,6}(-[0-9]{4})?)$';
BEGIN
    SELECT array_agg(btrim(regexp_replace(part, '\s+', ' ', 'g')) ORDER BY ord)
      INTO parts
      FROM unnest(string_to_array(location, ',')) WITH ORDINALITY AS u(part, ord)
     WHERE btrim(regexp_replace(part, '\s+', ' ', 'g')) <> '';
    n := coalesce(array_length(parts, 1), 0);
    -- A last part that is only a postcode.
    IF n >= 2 AND (parts[n] ~ gb OR parts[n] ~ numeric_code) THEN
        postcode := parts[n];
        parts := parts[1:n - 1];
        n := n - 1;
    END IF;
    IF n < 2 THEN
        street_line := NULL; area := NULL; city := NULL; postcode := NULL; country_code := NULL;
        RETURN;
    END IF;
    city := parts[n];
    IF postcode IS NULL THEN
        tail := regexp_match(city, '^(.*\S) +([A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}|[0-9]{4,6}(-[0-9]{4})?)$');
        IF tail IS NOT NULL THEN
            city := tail[1];
            postcode := tail[2];
        END IF;
    END IF;
    area := parts[n - 1];
    IF n >= 3 THEN
        street_line := array_to_string(parts[1:n - 2], ', ');
    END IF;
    IF postcode ~ gb THEN
        postcode := upper(postcode);
        country_code := 'GB';
    END IF;
END $$;

ALTER TABLE "properties" DISABLE TRIGGER "properties_places_count";
UPDATE "properties"
   SET (street_line, area, city, postcode, country_code) = (SELECT * FROM split_location(location));
ALTER TABLE "properties" ENABLE TRIGGER "properties_places_count";
SELECT refresh_places();
