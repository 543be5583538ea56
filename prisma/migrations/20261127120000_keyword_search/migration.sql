-- Issue 19, part 3: keyword search and amenities.
--
-- Amenities are facts from one list (common/amenities.ts), stored as text[]
-- (the service writes only known values, each once, in the list's order); the
-- GIN index answers "has all of these" (amenities @> ARRAY[...]).
ALTER TABLE "properties" ADD COLUMN "amenities" TEXT[] DEFAULT '{}';
CREATE INDEX "properties_amenities_idx" ON "properties" USING GIN ("amenities");

-- The text-search configuration (language) of the stored vector and of every
-- query against it, in one place: TEXT_SEARCH_LANGUAGE (server/config.ts) sets
-- it at start-up (server/properties/text-search-language.ts replaces this
-- function and recomputes the vectors when it changes). IMMUTABLE so that a
-- stored generated column may call it; the start-up step keeps that promise by
-- recomputing every row whenever it changes the answer.
CREATE FUNCTION "opennest_text_search_config"() RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 'english'::regconfig $$;

-- The amenities as words ('pets_allowed' → 'pets allowed'). array_to_string is
-- only STABLE (it formats elements through their types); for text[] it never
-- changes, so this wrapper is IMMUTABLE and a generated column can use it.
CREATE FUNCTION "opennest_amenity_words"(amenities text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT replace(array_to_string(amenities, ' '), '_', ' ') $$;

-- The searchable words: title (weight A), amenities (B), description (C), so a
-- title match ranks first with ts_rank. Stored, so a search reads the GIN index
-- and never parses text. Prisma's schema language cannot express it:
-- server/db/schema-drift.test.ts allow-lists the column and its index.
ALTER TABLE "properties" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector(opennest_text_search_config(), coalesce("title", '')), 'A')
  || setweight(to_tsvector(opennest_text_search_config(), opennest_amenity_words(coalesce("amenities", '{}'))), 'B')
  || setweight(to_tsvector(opennest_text_search_config(), coalesce("description", '')), 'C')
) STORED;
CREATE INDEX "properties_search_vector_idx" ON "properties" USING GIN ("search_vector");
