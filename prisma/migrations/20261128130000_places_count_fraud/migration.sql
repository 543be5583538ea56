-- Issue 19 (a known gap): places.listed_count counts what buyers can find in the
-- search, and buyers do not see the listings of an agent marked as fraud
-- (server/properties/listing-visibility.ts, PUBLIC_LISTING_SQL). Until now the
-- count ignored the agent, so the place autocomplete offered, and counted,
-- places whose only homes nobody can see.
--
-- The rule counted from here on: verified, not deleted, not sold (the search's
-- default), and the agent's role is not 'fraud'.
--   - properties_places_count (a listing's own change) reads its agent's role
--     FOR SHARE. That lock and the UPDATE of the agent's row wait for each
--     other (FOR KEY SHARE, the foreign key's lock, would not: it lets the
--     UPDATE through and then reads the role from before it), so a role change
--     and a listing change of the same agent take turns, and the later one
--     sees what the earlier one committed;
--   - users_places_count (an agent's role changing to or from 'fraud') then
--     moves the counts of all the agent's listed homes in two statements (an
--     aggregate over the agent's listings, index properties(agent_id,
--     created_at, id));
--   - refresh_places recounts with the same rule, and this migration runs it
--     once so that today's counts are right.
-- Places rows are locked in (kind, key) order by the agent's recount, the
-- order a listing's own change takes them in (area, city, district).

-- Whether a listing's agent lets it count (not marked as fraud), taking the
-- agent row's FOR SHARE lock so that a concurrent role change and this
-- listing's change take turns (see above). An unknown agent (never, under the
-- foreign key) does not count.
CREATE FUNCTION agent_listings_count(agent_id UUID) RETURNS BOOLEAN
    LANGUAGE sql VOLATILE
    AS $$ SELECT coalesce((SELECT role <> 'fraud' FROM users WHERE id = agent_id FOR SHARE), false) $$;

CREATE OR REPLACE FUNCTION properties_places_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    was_listed BOOLEAN := TG_OP <> 'INSERT' AND listing_is_listed(OLD.status, OLD.deleted_at, OLD.sale_state);
    is_listed BOOLEAN := TG_OP <> 'DELETE' AND listing_is_listed(NEW.status, NEW.deleted_at, NEW.sale_state);
    old_agent_counts BOOLEAN;
BEGIN
    IF TG_OP = 'UPDATE' AND was_listed = is_listed
       AND OLD.area_key IS NOT DISTINCT FROM NEW.area_key
       AND OLD.city_key IS NOT DISTINCT FROM NEW.city_key
       AND OLD.district_key IS NOT DISTINCT FROM NEW.district_key
       AND OLD.agent_id = NEW.agent_id THEN
        RETURN NULL;
    END IF;
    -- The agent's role is read (and its row locked) only for a listing that is or was listed itself.
    IF was_listed THEN
        old_agent_counts := agent_listings_count(OLD.agent_id);
        was_listed := old_agent_counts;
    END IF;
    IF is_listed THEN
        IF old_agent_counts IS NOT NULL AND NEW.agent_id = OLD.agent_id THEN
            is_listed := old_agent_counts;
        ELSE
            is_listed := agent_listings_count(NEW.agent_id);
        END IF;
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

-- The trigger now also fires when a listing's agent_id changes (no service
-- does that; raw SQL could).
DROP TRIGGER "properties_places_count" ON "properties";
CREATE TRIGGER "properties_places_count"
    -- (UPDATE OF names the address columns too: what a BEFORE trigger changes does not count.)
    AFTER INSERT OR DELETE OR UPDATE OF "status", "deleted_at", "sale_state", "agent_id", "area", "city", "postcode", "country_code", "area_key", "city_key", "district_key" ON "properties"
    FOR EACH ROW EXECUTE FUNCTION properties_places_count();

-- The listed homes of one agent per place (whatever the agent's role), in the
-- order places rows are locked in.
CREATE FUNCTION agent_place_counts(agent UUID)
    RETURNS TABLE (kind "PlaceKind", key TEXT, name TEXT, within TEXT, country_code TEXT, n INTEGER)
    LANGUAGE sql STABLE
    AS $$
    WITH listed AS (
        SELECT area_key, city_key, district_key, area, city, country_code FROM properties
        WHERE agent_id = agent AND listing_is_listed(status, deleted_at, sale_state)
    ), named AS (
        SELECT 'area'::"PlaceKind" AS kind, area_key AS key, min(area) AS name, min(city) AS within, min(country_code) AS country_code, count(*)::int AS n FROM listed WHERE area_key IS NOT NULL GROUP BY area_key
        UNION ALL
        SELECT 'city', city_key, min(city), NULL, min(country_code), count(*)::int FROM listed WHERE city_key IS NOT NULL GROUP BY city_key
        UNION ALL
        SELECT 'district', district_key, split_part(district_key, ' ', 2), min(city), min(country_code), count(*)::int FROM listed WHERE district_key IS NOT NULL GROUP BY district_key
    )
    SELECT kind, key, btrim(regexp_replace(name, '\s+', ' ', 'g')), within, upper(country_code), n FROM named ORDER BY kind, key
    $$;

-- An agent marked as fraud takes all their listed homes off their places'
-- counts; an agent no longer marked (no service does that; raw SQL could) puts
-- them back. In the role change's own transaction.
CREATE FUNCTION users_places_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF (OLD.role = 'fraud') = (NEW.role = 'fraud') THEN
        RETURN NULL;
    END IF;
    -- The UPDATE of this row waited for the agent's listing changes in flight
    -- (they hold FOR SHARE on it), and each statement below sees what they
    -- committed; later ones wait for this commit and then read the new role.
    IF NEW.role = 'fraud' THEN
        -- Counted places exist; their rows are locked in order, then updated.
        PERFORM 1 FROM places p JOIN agent_place_counts(NEW.id) c ON p.kind = c.kind AND p.key = c.key
            ORDER BY p.kind, p.key FOR UPDATE OF p;
        UPDATE places p SET listed_count = GREATEST(p.listed_count - c.n, 0)
            FROM agent_place_counts(NEW.id) c WHERE p.kind = c.kind AND p.key = c.key;
    ELSE
        INSERT INTO places AS p (kind, key, name, within, country_code, listed_count)
        SELECT c.kind, c.key, c.name, c.within, c.country_code, c.n FROM agent_place_counts(NEW.id) c ORDER BY c.kind, c.key
        ON CONFLICT (kind, key) DO UPDATE SET listed_count = p.listed_count + EXCLUDED.listed_count;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER "users_places_count"
    AFTER UPDATE OF "role" ON "users"
    FOR EACH ROW EXECUTE FUNCTION users_places_count();

-- Recounts every place from the listings buyers can find, in one statement
-- (the migration below, and bulk loads such as the benchmark's seed).
CREATE OR REPLACE FUNCTION refresh_places() RETURNS VOID
    LANGUAGE sql
    AS $$
    WITH listed AS (
        SELECT p.area_key, p.city_key, p.district_key, p.area, p.city, p.country_code
        FROM properties p JOIN users a ON a.id = p.agent_id
        WHERE listing_is_listed(p.status, p.deleted_at, p.sale_state) AND a.role <> 'fraud'
    ), named AS (
        SELECT 'area'::"PlaceKind" AS kind, area_key AS key, min(area) AS name, min(city) AS within, min(country_code) AS country_code, count(*) AS n FROM listed WHERE area_key IS NOT NULL GROUP BY area_key
        UNION ALL
        SELECT 'city', city_key, min(city), NULL, min(country_code), count(*) FROM listed WHERE city_key IS NOT NULL GROUP BY city_key
        UNION ALL
        SELECT 'district', district_key, split_part(district_key, ' ', 2), min(city), min(country_code), count(*) FROM listed WHERE district_key IS NOT NULL GROUP BY district_key
    ), zeroed AS (
        -- Places no listed home names any more (disjoint from the rows the INSERT updates).
        UPDATE places p SET listed_count = 0
        WHERE p.listed_count <> 0 AND NOT EXISTS (SELECT 1 FROM named WHERE named.kind = p.kind AND named.key = p.key)
    )
    INSERT INTO places AS p (kind, key, name, within, country_code, listed_count)
    SELECT kind, key, btrim(regexp_replace(name, '\s+', ' ', 'g')), within, upper(country_code), n FROM named
    ON CONFLICT (kind, key) DO UPDATE SET listed_count = EXCLUDED.listed_count
    $$;

-- Today's counts, by the new rule.
SELECT refresh_places();
