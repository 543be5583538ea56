-- Issue 22: each API process keeps the API keys it has verified
-- (server/api-keys/api-key-credential.ts), so a key costs no statement per
-- request. A change that matters to a key's verification (revocation, expiry,
-- scopes, secret, owner) or its deletion is announced on the live event
-- channel when it commits, and every process drops its copy. Recording a use
-- (last_used_at, last_used_ip) sets none of these columns and announces nothing.
CREATE FUNCTION notify_api_key_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('opennest_events', json_build_object('type', 'api-key-changed', 'keyId', OLD.key_id)::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_keys_changed
AFTER UPDATE OF key_id, owner_id, scopes, secret_hash, expires_at, revoked_at OR DELETE ON api_keys
FOR EACH ROW EXECUTE FUNCTION notify_api_key_changed();
