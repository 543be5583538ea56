-- Every API process keeps the answers that are the same for every anonymous
-- caller (the home page's advertised listings and latest reviews; see
-- server/graphql/public-answer-cache.ts) and drops them all when this event
-- arrives. It is raised once per statement on each table such an answer is made
-- of, whatever code runs the statement, and PostgreSQL delivers it only if the
-- transaction commits (several in one transaction arrive as one: identical
-- notifications are folded).
CREATE FUNCTION notify_public_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('opennest_events', '{"type":"public-data-changed"}');
  RETURN NULL;
END;
$$;

-- Listings (status, advertising, sale state, facts, deletion), their photos,
-- their history, and reviews.
DO $$
DECLARE
  source_table text;
BEGIN
  FOREACH source_table IN ARRAY ARRAY['properties', 'property_photos', 'listing_events', 'reviews'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_public_data_changed()',
      source_table || '_public_data_changed',
      source_table
    );
  END LOOP;
END;
$$;

-- Users appear in public answers as agents and reviewers (name, image), and a
-- fraud marking (role) hides an agent's listings. Every sign-in updates the
-- row (last log-in, the profile as the token has it), so an update counts
-- only when one of those columns really changed.
CREATE FUNCTION notify_public_user_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows JOIN new_rows USING (id)
    WHERE (old_rows.name, old_rows.image, old_rows.email, old_rows.role) IS DISTINCT FROM (new_rows.name, new_rows.image, new_rows.email, new_rows.role)
  ) THEN
    PERFORM pg_notify('opennest_events', '{"type":"public-data-changed"}');
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_public_data_updated
AFTER UPDATE ON users
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_public_user_data_changed();

CREATE TRIGGER users_public_data_deleted
AFTER DELETE OR TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION notify_public_data_changed();
