// The Apollo client's links: requests go as the browser sends them (the session
// cookie identifies the caller; no header is added), and the spec's auth errors
// send the user to /login (the request still fails), except when the app only
// asks who is signed in.
import { DeleteUserDocument, MeDocument, UsersDocument } from '../users/users.generated';
import { createApolloClient, createCache, QUIET_AUTH } from './apollo';
import { isServiceUnavailable } from './errors';
import { registerHistory } from './navigation';

function fakeRouter(pathname: string) {
  const calls: Array<[string, unknown]> = [];
  const push = (to: string, state?: unknown) => {
    calls.push([to, state]);
  };
  registerHistory({ location: { pathname, search: '?q=1' }, push } as never);
  return calls;
}

function answering(status: number, body: unknown) {
  const requests: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

const query = (fetchImpl: typeof fetch, context: Record<string, unknown> = {}) =>
  createApolloClient({ uri: 'http://api.test/graphql', fetch: fetchImpl }).query({ query: MeDocument, fetchPolicy: 'network-only', context });

describe('Apollo client links', () => {
  it('adds no credential of its own: the browser’s session cookie goes with the request', async () => {
    const navigations = fakeRouter('/dash-board');
    const { requests, fetchImpl } = answering(200, { data: { me: null } });
    await query(fetchImpl);
    expect(requests[0].headers.get('authorization')).toBeNull();
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
    await expect(query(fetchImpl)).rejects.toBeTruthy();
    expect(navigations).toEqual([['/login', { from: '/dash-board/wishlist?q=1' }]]);
  });

  it('stays on the page when the refusal answers the start-up question of who is signed in', async () => {
    const navigations = fakeRouter('/');
    const { fetchImpl } = answering(200, { errors: [{ message: 'You must be signed in.', extensions: { code: 'UNAUTHENTICATED' } }], data: { me: null } });
    await expect(query(fetchImpl, { [QUIET_AUTH]: true })).rejects.toBeTruthy();
    expect(navigations).toEqual([]);
  });

  it('does not redirect for other errors', async () => {
    const navigations = fakeRouter('/dash-board');
    const { fetchImpl } = answering(200, { errors: [{ message: 'Nope', extensions: { code: 'BAD_USER_INPUT' } }], data: null });
    await expect(query(fetchImpl)).rejects.toBeTruthy();
    expect(navigations).toEqual([]);
  });
});

describe('A database outage (SERVICE_UNAVAILABLE)', () => {
  const unavailableBody = { errors: [{ message: 'The service is temporarily unavailable; please retry in a few seconds.', extensions: { code: 'SERVICE_UNAVAILABLE' } }], data: null };
  // What the server sends during an outage: HTTP 503 + Retry-After, the GraphQL error in the body,
  // read as GraphQL (graphql-response+json) or, under plain JSON, as an HTTP error.
  const outage = [
    () => new Response(JSON.stringify(unavailableBody), { status: 503, headers: { 'content-type': 'application/graphql-response+json', 'retry-after': '5' } }),
    () => new Response(JSON.stringify(unavailableBody), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' } }),
  ];
  const recovered = () => new Response(JSON.stringify({ data: { me: null, deleteUser: true } }), { status: 200, headers: { 'content-type': 'application/json' } });

  /** A server that answers `answers` in turn, then as recovered. */
  function server(answers: Array<() => Response>) {
    const requests: Request[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return (answers[requests.length - 1] ?? recovered)();
    }) as typeof fetch;
    return { requests, fetchImpl };
  }
  const client = (fetchImpl: typeof fetch) =>
    createApolloClient({ uri: 'http://api.test/graphql', fetch: fetchImpl, unavailableRetryDelaysMs: [1, 1, 1] });

  it('sends a query again while the server is unavailable, and answers once it recovers', async () => {
    const navigations = fakeRouter('/dash-board');
    const { requests, fetchImpl } = server(outage);
    const result = await client(fetchImpl).query({ query: MeDocument, fetchPolicy: 'network-only' });
    expect(result.data).toEqual({ me: null });
    expect(result.error).toBeUndefined();
    expect(requests).toHaveLength(3);
    // Every attempt is the same query.
    expect(await Promise.all(requests.map(async (request) => (await request.json()).operationName))).toEqual(['Me', 'Me', 'Me']);
    expect(navigations).toEqual([]);
  });

  it('gives the page the SERVICE_UNAVAILABLE error when the outage outlasts the retries', async () => {
    const { requests, fetchImpl } = server([outage[0], outage[0], outage[0], outage[0]]);
    const failure = await client(fetchImpl)
      .query({ query: MeDocument, fetchPolicy: 'network-only' })
      .then(() => null, (error: unknown) => error);
    expect(isServiceUnavailable(failure)).toBe(true);
    expect(requests).toHaveLength(4);
  });

  it.each([
    ['as GraphQL', outage[0]],
    ['as HTTP 503', outage[1]],
  ])('never sends a mutation again by itself (unavailable %s)', async (_label, answer) => {
    const { requests, fetchImpl } = server([answer]);
    const failure = await client(fetchImpl)
      .mutate({ mutation: DeleteUserDocument, variables: { id: 'u1' } })
      .then(() => null, (error: unknown) => error);
    expect(isServiceUnavailable(failure)).toBe(true);
    expect(requests).toHaveLength(1);
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
