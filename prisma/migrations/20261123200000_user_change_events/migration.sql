-- Every change to a users row (a new record, a role change, a fraud marking, a
-- profile edit, a deletion) is announced on the live event channel when its
-- transaction commits, whatever code made it: each API process keeps the
-- callers' records it has read (server/context/viewer-lookup.ts) and drops the
-- copy when this event arrives.
CREATE FUNCTION notify_user_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('opennest_events', json_build_object('type', 'user-changed', 'firebaseUid', OLD.firebase_uid)::text);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.firebase_uid IS DISTINCT FROM OLD.firebase_uid) THEN
    PERFORM pg_notify('opennest_events', json_build_object('type', 'user-changed', 'firebaseUid', NEW.firebase_uid)::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_changed
AFTER INSERT OR UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
