// A real signed-in user for the benchmark: an account created through the Auth
// emulator's REST API (as the web SDK does), an ID token from signing in, and a
// user record from the app's recordSignIn mutation.

interface TokenResponse {
  localId: string;
  idToken: string;
}

async function call<T>(emulatorHost: string, method: string, body: unknown): Promise<T> {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=bench-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`accounts:${method} failed: ${json.error?.message ?? response.status}`);
  return json;
}

export interface SignedInUser {
  uid: string;
  email: string;
  userId: string;
  role: string;
  idToken: string;
}

export async function createSignedInUser({ emulatorHost, appUrl, email, password, name }: { emulatorHost: string; appUrl: string; email: string; password: string; name: string }): Promise<SignedInUser> {
  const created = await call<TokenResponse>(emulatorHost, 'signUp', { email, password, returnSecureToken: true });
  await call(emulatorHost, 'update', { idToken: created.idToken, displayName: name });
  // A fresh token carries the name claim, as the web SDK's would after reload.
  const { localId, idToken } = await call<TokenResponse>(emulatorHost, 'signInWithPassword', { email, password, returnSecureToken: true });

  const response = await fetch(`${appUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ query: 'mutation($input: SignInRecordInput) { recordSignIn(input: $input) { id role } }', variables: { input: { name } } }),
  });
  const json = (await response.json()) as { data?: { recordSignIn?: { id: string; role: string } }; errors?: unknown };
  if (!json.data?.recordSignIn) throw new Error(`recordSignIn failed (${response.status}): ${JSON.stringify(json.errors)}`);
  return { uid: localId, email, userId: json.data.recordSignIn.id, role: json.data.recordSignIn.role, idToken };
}

/**
 * `count` buyer accounts straight into the database, named `<Kind> n`: they
 * own the scenario's rows (offers, searches, bookings) and never sign in, so
 * the Auth emulator has no account for them. Resolves with their ids, in order.
 */
export async function insertBuyers(client: { query<R extends object>(text: string, values: unknown[]): Promise<{ rows: R[] }> }, kind: string, count: number): Promise<string[]> {
  const slug = kind.toLowerCase();
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO users (id, firebase_uid, email, name, role)
     SELECT gen_random_uuid(), 'bench-' || $1 || '-' || n, $1 || '-' || n || '@bench.opennest.test', $2 || ' ' || n, 'user'
     FROM generate_series(1, $3::int) AS n ORDER BY n RETURNING id`,
    [slug, kind, count],
  );
  return rows.map((row) => row.id);
}
