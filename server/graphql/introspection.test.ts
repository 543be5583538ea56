// Introspection follows config.introspection (GRAPHQL_INTROSPECTION; default on,
// off with NODE_ENV=production): refused as a GraphQL validation error when off,
// and the runtime config says which, so /sandbox can explain how to turn it on.
import { startTestApp, type TestApp } from '../test/test-app';

const INTROSPECTION = '{ __schema { queryType { name } } }';

describe.each([
  { label: 'production by default', overrides: { nodeEnv: 'production' }, allowed: false },
  { label: 'production with GRAPHQL_INTROSPECTION=true', overrides: { nodeEnv: 'production', introspection: true }, allowed: true },
  { label: 'development by default', overrides: {}, allowed: true },
])('introspection in $label', ({ overrides, allowed }) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, overrides);
  }, 60_000);
  afterAll(() => app?.close());

  it(allowed ? 'answers the schema' : 'refuses it', async () => {
    const answer = await app.graphqlText(INTROSPECTION);
    if (allowed) expect(answer.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    else expect(answer.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it(`tells the browser so in the runtime config (graphqlIntrospection: ${allowed})`, async () => {
    const config = await app.rest('GET', '/api/config');
    expect(config.status).toBe(200);
    expect(config.body.graphqlIntrospection).toBe(allowed);
  });
});
