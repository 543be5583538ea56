// The one Express app: built client at /, GraphQL at /graphql, the REST adapter
// under /api, uploaded images at /uploads, and health probes.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import { databaseApiKeyVerifier } from './api-keys/api-key-credential';
import express, { type Express } from 'express';
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import { projectRoot, type AppConfig } from './config';
import type { IdentityProvider } from './auth/identity-provider';
import type { Db } from './db/client';
import { createApolloServer } from './graphql/apollo';
import { graphqlHttpHandler } from './graphql/http-handler';
import { createPublicAnswerCache } from './graphql/public-answer-cache';
import { buildSchema } from './graphql/schema';
import type { Logger } from './infra/logger';
import { requestLogging } from './infra/request-logging';
import { apiRoutes } from './domains';
import { apiNotFound, restErrorHandler } from './rest/errors';
import { mountRoutes } from './rest/mount';
import { buildOpenApiDocument } from './rest/openapi-document';
import { contextOf, requestContextMiddleware } from './context/http';
import { cachedViewerLookup, databaseViewerLookup } from './context/viewer-lookup';
import { createServices } from './services';
import type { EventsAndJobs } from './events-and-jobs';
import { attachGraphqlWebSocket } from './graphql/websocket';
import { loadClientManifest, trustedDocuments } from './graphql/trusted-documents';
import type { ImageStorage } from './uploads/image-storage';
import type { PaymentProvider } from './payments/payment-provider';
import { clientApp } from './web/client-app';
import { firstScreenOf, loadFirstScreenModule } from './web/first-screen';
import { loadPageRenderer } from './web/page-render';
import { listenOn } from './infra/listen';
import { cspReportRoute, type CspReportLog } from './web/csp-reports';
import { securityHeaders } from './web/security-headers';
import type { RateLimits } from './rate-limits/rate-limits';
import type { PaymentsRuntimeConfig } from '@opennest/common/runtime-config';

/** How long an idle keep-alive connection stays open: longer than any client or load balancer keeps one (see listen). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface AppDeps {
  config: AppConfig;
  /** Event bus, job queue, notifier (see events-and-jobs.ts). */
  eventsAndJobs: EventsAndJobs;
  db: Db;
  identity: IdentityProvider;
  storage: ImageStorage;
  log: Logger;
  /** Browser-facing Auth emulator URL, when the emulator is used. */
  authEmulatorUrl: string | null;
  payments: PaymentProvider;
  /** Counters shared by every process (server/rate-limits). */
  rateLimits: RateLimits;
  /** The services' "now" (ServiceDeps.clock); the real clock when absent. */
  clock?: () => Date;
  /** What the browser needs to take card payments. */
  paymentsBrowser: PaymentsRuntimeConfig;
}

export interface BuiltApp {
  app: Express;
  /** Serves the app (HTTP and the GraphQL WebSocket on /graphql) on `port` (0: any free one). */
  listen(port: number, host: string): Promise<{ server: Server; url: string }>;
  /**
   * Graceful stop: /readyz answers 503 (draining) at once; after the configured drain
   * delay no new connection is accepted; in-flight requests get up to the shutdown
   * timeout to finish; then every connection, GraphQL's WebSocket and Apollo are closed.
   */
  stop(): Promise<void>;
  /** The CSP violations browsers reported to POST /csp-report. */
  cspReports: CspReportLog;
}

export async function createApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, db, log } = deps;
  const services = createServices(deps);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestLogging(log, { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' }));
  const browserConfig = runtimeConfig(deps);
  const viewers = cachedViewerLookup(databaseViewerLookup(db), deps.eventsAndJobs.events);
  const apiKeys = databaseApiKeyVerifier(db, { events: deps.eventsAndJobs.events, viewers });
  const contextDeps = { identity: deps.identity, db, viewers, apiKeys, services, storage: deps.storage, publicUrl: config.publicUrl };
  // GraphQL (mounted below); the pages answer their first screen's queries through it too.
  const schema = buildSchema();
  const publicAnswers = createPublicAnswerCache(deps.eventsAndJobs.events, config.publicAnswerCache);
  // GRAPHQL_TRUSTED_DOCUMENTS=on: the client's manifest (npm run codegen) and the documents registered against the request's key.
  const trusted = config.trustedDocuments ? trustedDocuments(loadClientManifest(projectRoot), services.apiKeys.isDocumentRegistered) : undefined;
  const apollo = createApolloServer({ schema, isProduction: config.isProduction, introspection: config.introspection, log, rateLimits: deps.rateLimits, publicAnswers, trustedDocuments: trusted });
  await apollo.start();
  // Built before the headers: the pages' policy allows their inline loader script by its hash.
  const client = existsSync(path.join(config.clientDistDir, 'index.html')) ? await webClient(config.clientDistDir, browserConfig, { apollo, contextDeps, log }) : null;
  app.use(securityHeaders({ runtimeConfig: browserConfig, inlineScriptHashes: client?.inlineScriptHashes ?? [], styleAttributeHashes: client?.styleAttributeHashes ?? [] }));
  // Tests of several HTTP workers (API_PROCESSES) tell which process answered; never outside tests.
  if (config.nodeEnv === 'test') app.use((_req, res, next) => (res.setHeader('x-opennest-pid', String(process.pid)), next()));
  // JSON from /graphql and /api, and the few client files the build left uncompressed
  // (the client's HTML and assets are compressed ahead, uploads are images already).
  // Answers under 1 KiB go as they are: compressing them saves a few hundred bytes at most, for a
  // compressor set up per answer (issue 24, part 3).
  app.use(compression({ threshold: 1024, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  let draining = false;
  app.use((_req, res, next) => {
    // While draining, keep-alive connections are not reused: clients reconnect (to another process).
    if (draining) res.setHeader('Connection', 'close');
    next();
  });
  app.get('/readyz', async (req, res) => {
    if (draining) {
      res.status(503).json({ status: 'draining', message: 'Shutting down.' });
      return;
    }
    try {
      await db.$queryRaw`SELECT 1`;
      res.json({ status: 'ready' });
    } catch (error) {
      req.log.warn({ err: error }, 'database not reachable');
      res.status(503).json({ status: 'unavailable', message: 'Database not reachable.' });
    }
  });

  const withContext = requestContextMiddleware(contextDeps);
  const withRestContext = requestContextMiddleware(contextDeps, { writesByMethod: true });

  // GraphQL
  app.get('/graphql', (req, res, next) => {
    // A person opening /graphql in a browser gets the offline explorer.
    if (req.accepts(['application/json', 'text/html']) === 'text/html' && !req.query.query) return res.redirect('/sandbox');
    next();
  });
  app.use('/graphql', express.json({ limit: '1mb' }), withContext, graphqlHttpHandler(apollo, contextOf));

  // REST adapter (spec section 7 paths, under /api): the routes declared in the
  // domain folders, each with its own caller check, body parser and input checks.
  const api = express.Router();
  const env = { runtimeConfig: browserConfig, maxUploadBytes: config.maxUploadBytes, openApiDocument: buildOpenApiDocument(apiRoutes), publicUrl: config.publicUrl, sessionLifetimeMs: config.sessionLifetimeMs };
  mountRoutes(api, apiRoutes, { env, withContext: withRestContext, rateLimits: deps.rateLimits, publicAnswers });
  api.use(apiNotFound);
  app.use('/api', api);

  const csp = cspReportRoute({ rateLimits: deps.rateLimits });
  app.use(csp.router);

  app.use('/uploads', deps.storage.serve);

  // Built web client; every other GET is a client route (its 404 page included).
  if (client) {
    app.use(client.router);
  } else {
    log.warn({ dir: config.clientDistDir }, 'client build not found; run `npm run build` to serve the web client');
  }

  app.use(restErrorHandler);

  let served: { server: Server; sockets: { close(): Promise<void> } } | null = null;
  return {
    app,
    cspReports: csp.reports,
    async listen(port, host) {
      const server = await listenOn(app, port, host);
      // An idle keep-alive connection is closed by the client (undici: 4 s; proxies: about 60 s)
      // before the server closes it, so no request is ever sent onto a socket the server is
      // closing ("other side closed"), which happened with Node's default of 5 s under load.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
      // Subscriptions: graphql-ws on the same server, origin and path.
      served = { server, sockets: attachGraphqlWebSocket({ server, schema, contextDeps, events: deps.eventsAndJobs.events, log, rateLimits: deps.rateLimits, isProduction: config.isProduction, trustedDocuments: trusted }) };
      const address = server.address() as AddressInfo;
      return { server, url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${address.port}` };
    },
    async stop() {
      draining = true;
      if (served) {
        const { server, sockets } = served;
        served = null;
        if (config.shutdownDrainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainDelayMs));
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Subscriptions never finish by themselves: end them now (clients reconnect elsewhere).
        await sockets.close().catch(() => undefined);
        server.closeIdleConnections();
        let timer: NodeJS.Timeout | undefined;
        const finished = await Promise.race([closed.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), config.shutdownTimeoutMs)))]);
        clearTimeout(timer);
        if (!finished) log.warn({ timeoutMs: config.shutdownTimeoutMs }, 'in-flight requests did not finish in time; closing their connections');
        server.closeAllConnections();
        await closed;
      }
      await apollo.stop();
      viewers.stop();
      apiKeys.stop();
      publicAnswers.stop();
    },
  };
}

/** The built client, whose pages carry their first screen's data when the build bundled its declarations (web/first-screen.ts). */
async function webClient(clientDistDir: string, runtimeConfig: RuntimeConfig, parts: Omit<Parameters<typeof firstScreenOf>[0], 'module'>) {
  const module = await loadFirstScreenModule(clientDistDir);
  const renderPage = module ? await loadPageRenderer(clientDistDir, runtimeConfig, parts.log) : null;
  return clientApp({ clientDistDir, runtimeConfig, firstScreen: module ? firstScreenOf({ module, ...parts }) : undefined, renderPage });
}

function runtimeConfig({ config, authEmulatorUrl, paymentsBrowser }: AppDeps): RuntimeConfig {
  const firebase =
    config.firebase.mode === 'firebase'
      ? { apiKey: config.firebase.apiKey, authDomain: config.firebase.authDomain, projectId: config.firebase.projectId, appId: config.firebase.appId }
      : // The emulator accepts any API key; the project id is what ties tokens together.
        { apiKey: 'demo-api-key', authDomain: `${config.firebase.projectId}.firebaseapp.com`, projectId: config.firebase.projectId };
  return { firebase, authEmulatorUrl, maxUploadBytes: config.maxUploadBytes, payments: paymentsBrowser, graphqlIntrospection: config.introspection };
}
