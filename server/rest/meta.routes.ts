// What the browser needs at start-up, and the OpenAPI document itself. Both are
// served as they are, to anyone: no body is read and no caller resolved.
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import { routesOf, type ApiRoute } from './route';
import { metaAccess } from './meta.access';
import { z } from './zod';

const route = routesOf(metaAccess);

const RuntimeConfigJson = z
  .strictObject({
    firebase: z.strictObject({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), appId: z.string().optional() }),
    authEmulatorUrl: z.string().nullable().openapi({ description: 'The Firebase Auth emulator’s URL when the emulator is in use.' }),
    maxUploadBytes: z.int().min(1),
    payments: z.union([
      z.strictObject({ provider: z.literal('stripe'), publishableKey: z.string() }),
      z.strictObject({ provider: z.literal('local'), publishableKey: z.string(), apiUrl: z.string() }),
    ]),
    graphqlIntrospection: z.boolean().openapi({ description: 'Whether the GraphQL API answers schema introspection (GRAPHQL_INTROSPECTION).' }),
  })
  .openapi('RuntimeConfig') satisfies z.ZodType<RuntimeConfig>;

export const metaRoutes: ApiRoute[] = [
  route('GET /config', 'getRuntimeConfig', {
    spec: false,
    summary: 'What the browser needs at start-up (no sign-in)',
    body: { kind: 'unread' },
    success: { status: 200, description: 'The runtime configuration.', schema: RuntimeConfigJson },
    handler: async ({ env }) => env.runtimeConfig,
  }),
  route('GET /openapi.json', 'getOpenApiDocument', {
    spec: false,
    summary: 'This document (no sign-in)',
    body: { kind: 'unread' },
    success: {
      status: 200,
      description: 'The OpenAPI 3.1 document.',
      schema: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({}), paths: z.looseObject({}), components: z.looseObject({}) }),
    },
    handler: async ({ env }) => env.openApiDocument as { openapi: '3.1.0'; info: object; paths: object; components: object },
  }),
];
