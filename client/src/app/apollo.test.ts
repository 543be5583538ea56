// The Apollo client's links: every request carries the bearer token, and the
// spec's auth errors send the user to /login (the request still fails).
import type { Auth } from 'firebase/auth';
import { MeDocument, UsersDocument } from '../users/users.generated';
import { createApolloClient, createCache } from './apollo';
import { registerRouter } from './navigation';

type Navigate = (to: string, options?: unknown) => Promise<void>;

function fakeRouter(pathname: string) {
  const calls: Array<[string, unknown]> = [];
  const navigate: Navigate = async (to, options) => {
    calls.push([to, options]);
  };
  registerRouter({ state: { location: { pathname, search: '?q=1' } }, navigate } as never);
  return calls;
}

function fakeAuth(getIdToken: () => Promise<string>, onSignOut = () => {}) {
  return { currentUser: { getIdToken }, signOut: async () => onSignOut() } as unknown as Auth;
}

function answering(status: number, body: unknown) {
  const requests: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

const query = (auth: Auth, fetchImpl: typeof fetch) =>
  createApolloClient(auth, { uri: 'http://api.test/graphql', fetch: fetchImpl }).query({ query: MeDocument, fetchPolicy: 'network-only' });

describe('Apollo client links', () => {
  it('sends the current ID token as a bearer token', async () => {
    const navigations = fakeRouter('/dash-board');
    const { requests, fetchImpl } = answering(200, { data: { me: null } });
    await query(fakeAuth(async () => 'id-token-1'), fetchImpl);
    expect(requests[0].headers.get('authorization')).toBe('Bearer id-token-1');
    expect(navigations).toEqual([]);
  });

  it.each([
    ['UNAUTHENTICATED', 200, { errors: [{ message: 'You must be signed in.', extensions: { code: 'UNAUTHENTICATED' } }], data: { me: null } }],
    ['FORBIDDEN', 200, { errors: [{ message: 'Only admins can do this.', extensions: { code: 'FORBIDDEN' } }], data: { me: null } }],
    ['HTTP 401', 401, { message: 'You must be signed in.' }],
    ['HTTP 403', 403, { message: 'Forbidden.' }],
  ])('sends the user to /login on %s, carrying the path, and still fails the request', async (_label, status, body) => {
    const navigations = fakeRouter('/dash-board/wishlist');
    const { fetchImpl } = answering(status, body);
    await expect(query(fakeAuth(async () => 'id-token'), fetchImpl)).rejects.toBeTruthy();
    expect(navigations).toEqual([['/login', { state: { from: '/dash-board/wishlist?q=1' } }]]);
  });

  it('does not redirect for other errors', async () => {
    const navigations = fakeRouter('/dash-board');
    const { fetchImpl } = answering(200, { errors: [{ message: 'Nope', extensions: { code: 'BAD_USER_INPUT' } }], data: null });
    await expect(query(fakeAuth(async () => 'id-token'), fetchImpl)).rejects.toBeTruthy();
    expect(navigations).toEqual([]);
  });

  it.each(['auth/user-disabled', 'auth/user-token-expired'])('signs the user out when the identity provider says %s', async (code) => {
    const navigations = fakeRouter('/dash-board');
    let signedOut = false;
    const { requests, fetchImpl } = answering(200, { data: { me: null } });
    const auth = fakeAuth(
      async () => {
        throw Object.assign(new Error(code), { code });
      },
      () => {
        signedOut = true;
      },
    );
    await expect(query(auth, fetchImpl)).rejects.toBeTruthy();
    expect(signedOut).toBe(true);
    expect(requests).toHaveLength(0);
    expect(navigations).toEqual([['/login', { state: { from: '/dash-board?q=1' } }]]);
  });
});

describe('Paged admin lists in the cache', () => {
  const user = (id: string) => ({
    __typename: 'User' as const,
    id,
    name: `User ${id}`,
    email: `${id}@example.test`,
    role: 'user' as const,
    image: null,
    createdAt: '2026-11-21T00:00:00.000Z',
    lastLogInAt: '2026-11-21T00:00:00.000Z',
  });
  const page = (ids: string[], endCursor: string | null, hasNextPage: boolean) => ({
    users: { __typename: 'UserConnection' as const, nodes: ids.map(user), pageInfo: { __typename: 'PageInfo' as const, endCursor, hasNextPage } },
  });

  it('appends the next page of users, restarts on a first page, and drops deleted (evicted) users', () => {
    const cache = createCache();
    cache.writeQuery({ query: UsersDocument, variables: { first: 2 }, data: page(['a', 'b'], 'c1', true) });
    cache.writeQuery({ query: UsersDocument, variables: { first: 2, after: 'c1' }, data: page(['c'], null, false) });
    const read = () => cache.readQuery({ query: UsersDocument, variables: { first: 2 } })?.users;
    expect(read()?.nodes.map((node) => node.id)).toEqual(['a', 'b', 'c']);
    expect(read()?.pageInfo.hasNextPage).toBe(false);

    cache.evict({ id: cache.identify({ __typename: 'User', id: 'b' }) });
    expect(read()?.nodes.map((node) => node.id)).toEqual(['a', 'c']);

    cache.writeQuery({ query: UsersDocument, variables: { first: 2 }, data: page(['a', 'c'], 'c2', false) });
    expect(read()?.nodes.map((node) => node.id)).toEqual(['a', 'c']);
  });
});
