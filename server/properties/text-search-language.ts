// The keyword search's language (TEXT_SEARCH_LANGUAGE): the stored search
// vectors and the queries must use the same text-search configuration, so both
// read it from one SQL function, opennest_text_search_config() (migration
// 20261127120000_keyword_search). At start-up this replaces the function when
// the setting differs and recomputes every listing's vector in the same
// transaction (a stored generated column is recomputed when its row is
// updated), so a search never compares words stemmed in two languages.
import pg from 'pg';

/** Makes the database's text-search configuration `language`; returns true when it changed. */
export async function applyTextSearchLanguage(databaseUrl: string, language: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const known = await client.query('SELECT 1 FROM pg_ts_config WHERE cfgname = $1', [language]);
    if (!known.rowCount) throw new Error(`TEXT_SEARCH_LANGUAGE "${language}" is not a text-search configuration of this PostgreSQL (SELECT cfgname FROM pg_ts_config lists them).`);
    const [{ current }] = (await client.query<{ current: string }>('SELECT opennest_text_search_config()::text AS current')).rows;
    if (current === language) return false;
    await client.query('BEGIN');
    try {
      // Two processes starting at once: the second waits here, then finds the work done.
      await client.query("SELECT pg_advisory_xact_lock(hashtext('opennest_text_search_config'))");
      const [{ again }] = (await client.query<{ again: string }>('SELECT opennest_text_search_config()::text AS again')).rows;
      if (again !== language) {
        // The name was checked against pg_ts_config above; quote_literal keeps it a literal anyway.
        const [{ literal }] = (await client.query<{ literal: string }>('SELECT quote_literal($1) AS literal', [language])).rows;
        await client.query(`CREATE OR REPLACE FUNCTION opennest_text_search_config() RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${literal}::regconfig $$`);
        await client.query('UPDATE properties SET title = title');
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    return true;
  } finally {
    await client.end();
  }
}
