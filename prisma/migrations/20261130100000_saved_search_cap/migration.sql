-- The 50-saved-searches cap, held by the INSERT itself.
--
-- Until now the service opened a transaction, locked the owner's users row,
-- looked for the same search, counted, and inserted: four round trips with the
-- lock held and a pooled connection taken for all of them. A burst of saves
-- from one buyer queued their transactions on that lock, and on a loaded
-- machine the last ones waited for a connection longer than a transaction may
-- (Prisma's P2028, answered 503) instead of being told the cap.
--
-- Now one INSERT does it: this BEFORE INSERT trigger takes the same lock (FOR
-- NO KEY UPDATE: writes that only reference the account go on), and then, in
-- statements of their own (each sees what was committed before it, so what
-- the saves ahead of it stored), it
--   - skips the row when the buyer already has the same search (same name,
--     criteria and frequency): the service then reads and answers that one;
--   - refuses it when the buyer already has 50, as a check violation named
--     saved_searches_per_buyer_cap (server/db/constraint-meanings.ts answers
--     it with the cap message, BAD_USER_INPUT).
-- The lock is held from the trigger to the INSERT's commit, so concurrent saves
-- of one buyer still take turns, for one statement each instead of a
-- transaction. The 50 is SAVED_SEARCH_LIMIT in saved-searches.service.ts.
CREATE FUNCTION saved_searches_cap() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
    IF EXISTS (SELECT 1 FROM saved_searches
               WHERE user_id = NEW.user_id AND name = NEW.name AND frequency = NEW.frequency AND criteria = NEW.criteria) THEN
        RETURN NULL;
    END IF;
    IF (SELECT count(*) FROM saved_searches WHERE user_id = NEW.user_id) >= 50 THEN
        RAISE EXCEPTION 'new row for relation "saved_searches" violates check constraint "saved_searches_per_buyer_cap"'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'saved_searches_per_buyer_cap', TABLE = 'saved_searches';
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER saved_searches_cap BEFORE INSERT ON saved_searches
    FOR EACH ROW EXECUTE FUNCTION saved_searches_cap();
