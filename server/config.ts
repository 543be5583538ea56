// Everything the server can be told comes from environment variables, read here
// once. With none set, every part runs embedded (docs/configuration.md).
//
// This module is a leaf: it imports nothing of the project, so every part may
// read its configuration without tying itself to another. Each variable is
// declared once, in SETTINGS, with its default and meaning; loadConfig can read
// no other (its `env` is typed by SETTINGS), and the tables of
// docs/configuration.md are generated from SETTINGS (`npm run docs:config`;
// server/docs.unit.test.ts fails when they are stale).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The groups of docs/configuration.md's tables, in their order there. */
export const SETTING_SECTIONS = {
  server: 'Server',
  identity: 'Identity (Firebase Auth)',
  mail: 'E-mail and jobs',
  payments: 'Card payments',
  images: 'Image storage',
  rateLimits: 'Rate limits',
  publicAnswerCache: 'Public answer cache',
} as const;

interface Setting {
  section: keyof typeof SETTING_SECTIONS;
  /** The value used when the variable is unset or empty, read as a set value would be. */
  default?: string;
  /** Where the default is not one fixed value: what it is (Markdown, for the documentation). */
  defaultIs?: string;
  /** What it does (Markdown, for the documentation). */
  meaning: string;
}

/** Every environment variable the server reads: the one declaration of each. */
export const SETTINGS = {
  PORT: { section: 'server', default: '4000', meaning: 'HTTP port' },
  HOST: { section: 'server', default: '0.0.0.0', meaning: 'The address the HTTP server listens on' },
  NODE_ENV: {
    section: 'server',
    default: 'development',
    meaning: '`production` turns off GraphQL field suggestions and (unless `GRAPHQL_INTROSPECTION` says otherwise) introspection',
  },
  DATABASE_URL: { section: 'server', defaultIs: '*(embedded)*', meaning: 'PostgreSQL URL; when set, no embedded server starts. Migrations are applied at start.' },
  DATA_DIR: { section: 'server', default: '.data', meaning: 'Embedded PostgreSQL cluster, emulator accounts, uploads' },
  UPLOAD_DIR: {
    section: 'server',
    defaultIs: '`$DATA_DIR/uploads`',
    meaning: 'Where uploaded images are stored (served at `/uploads`) unless `S3_BUCKET` is set (see [Image storage](operations.md#image-storage))',
  },
  MAX_UPLOAD_BYTES: { section: 'server', default: '5242880', meaning: 'Largest accepted image upload' },
  CLIENT_DIST_DIR: { section: 'server', default: 'client/dist', meaning: 'The built web client the server serves (`npm run build` writes it)' },
  SEED_DEMO: { section: 'server', defaultIs: '`true` with the emulator, else `false`', meaning: 'Create the demo accounts and listings' },
  LOG_LEVEL: { section: 'server', defaultIs: '`info` (`warn` when `NODE_ENV=test`)', meaning: 'pino log level (JSON logs with a request id)' },
  PUBLIC_URL: { section: 'server', defaultIs: '`http://localhost:$PORT`', meaning: 'The product\'s address as people reach it: links in e-mails start with it' },
  TRUST_PROXY: {
    section: 'server',
    default: 'loopback',
    meaning:
      'Express\'s `trust proxy`: which reverse proxies\' `X-Forwarded-For` / `X-Forwarded-Proto` to believe, for the client IP the rate limits count by and for HTTPS (HSTS, see [Security headers](security.md#security-headers)) (`true`, a hop count, or addresses/subnets such as `loopback, 10.0.0.0/8`)',
  },
  API_PROCESSES: {
    section: 'server',
    defaultIs: 'number of cores (`os.availableParallelism()`)',
    meaning: '`npm start`: HTTP worker processes sharing the port (see [Every core](many-processes.md#every-core-api_processes)); `1` keeps one process that does everything',
  },
  SHUTDOWN_DRAIN_DELAY_MS: {
    section: 'server',
    default: '0',
    meaning: 'On SIGTERM, how long `/readyz` answers 503 (`draining`) while the process still accepts connections, so a load balancer stops sending it traffic',
  },
  SHUTDOWN_TIMEOUT_MS: {
    section: 'server',
    default: '10000',
    meaning: 'On SIGTERM, the longest in-flight requests get to finish (then their connections are closed, the pool is closed and the process exits 0)',
  },
  LISTING_TIME_ZONE: {
    section: 'server',
    default: 'Asia/Dhaka',
    meaning:
      'The IANA time zone of a listing whose agent has not chosen one: its viewing times and open houses are in it (see [Viewings](viewings.md)); an unknown name stops the start',
  },
  TEXT_SEARCH_LANGUAGE: {
    section: 'server',
    default: 'english',
    meaning:
      'The PostgreSQL text-search configuration (language) of the keyword search, e.g. `simple`, `french`, `german`: words are stemmed and stop words dropped in it. Changing it recomputes every listing\'s search words at the next start (see [Keyword search and similar homes](search.md)); a name PostgreSQL does not know stops the start',
  },
  WEBHOOK_ALLOWED_HOSTS: {
    section: 'server',
    default: '',
    meaning:
      'Comma-separated host names or IP addresses webhooks may reach although they are loopback, private, link-local or metadata addresses (refused otherwise), and over plain HTTP; empty: none (see [Integrators](integrators.md))',
  },
  GRAPHQL_TRUSTED_DOCUMENTS: {
    section: 'server',
    default: 'off',
    meaning:
      '`on`: `/graphql` (HTTP and WebSocket) runs only the web client\'s own operations (the manifest `npm run codegen` writes) and the documents an integrator registered against the API key it sends; anything else is refused with BAD_USER_INPUT (see [Integrators](integrators.md#trusted-documents))',
  },
  GRAPHQL_INTROSPECTION: {
    section: 'server',
    defaultIs: '`true`, `false` in production',
    meaning:
      'Whether the GraphQL schema may be introspected (the `/sandbox` explorer needs it; when off, the runtime config\'s `graphqlIntrospection` is `false` and `/sandbox` explains how to turn it on)',
  },

  FIREBASE_API_KEY: { section: 'identity', defaultIs: '*(unset: emulator)*', meaning: 'Set to use a real Firebase project (web API key)' },
  FIREBASE_PROJECT_ID: { section: 'identity', default: 'demo-opennest', meaning: 'Firebase project id (must start with `demo-` for the emulator)' },
  FIREBASE_AUTH_DOMAIN: { section: 'identity', defaultIs: '`<project>.firebaseapp.com`', meaning: 'Real Firebase only' },
  FIREBASE_APP_ID: { section: 'identity', meaning: 'Real Firebase only (optional)' },
  FIREBASE_SERVICE_ACCOUNT_JSON: {
    section: 'identity',
    meaning: 'Service-account JSON for `firebase-admin`; otherwise Google\'s default credentials (`GOOGLE_APPLICATION_CREDENTIALS`) are used',
  },
  FIREBASE_AUTH_EMULATOR_HOST: {
    section: 'identity',
    meaning: 'Use an emulator someone else runs (`host:port`, as firebase-admin expects) instead of starting one',
  },
  FIREBASE_AUTH_EMULATOR_PUBLIC_URL: { section: 'identity', defaultIs: '`http://$FIREBASE_AUTH_EMULATOR_HOST`', meaning: 'The emulator URL as the browser reaches it' },
  SESSION_DAYS: {
    section: 'identity',
    default: '7',
    meaning:
      'Lifetime of the browser\'s session cookie (a Firebase session cookie made at sign-in, see [The browser\'s session](session-and-speed.md#the-browsers-session)), in days from 1 to 14 (Firebase\'s limit); signing in again starts a new one',
  },

  SMTP_URL: {
    section: 'mail',
    defaultIs: '*(embedded maildev)*',
    meaning: 'The mail service e-mail goes through (`smtp://user:pass@host:587`, `smtps://...`); when set, no embedded mail server starts',
  },
  MAIL_FROM: { section: 'mail', default: 'OpenNest <no-reply@opennest.test>', meaning: 'The From of every e-mail' },
  MAILDEV_SMTP_PORT: { section: 'mail', defaultIs: '`1025` (else a free port)', meaning: 'Port of the embedded mail server' },
  MAILDEV_WEB_PORT: { section: 'mail', defaultIs: '`1080` (else a free port)', meaning: 'Port of the embedded mail server\'s web inbox' },
  UNSUBSCRIBE_SECRET: {
    section: 'mail',
    defaultIs: '*(generated, kept in `$DATA_DIR/secrets/unsubscribe.key`)*',
    meaning: 'HMAC key of the one-click unsubscribe links; every process (API and workers) must share it',
  },
  JOB_WORKERS: { section: 'mail', default: 'in-process', meaning: '`off`: this API process only queues jobs, and `npm run worker` (one or more) runs them' },

  STRIPE_SECRET_KEY: { section: 'payments', defaultIs: '*(unset: local payment server)*', meaning: 'Stripe secret key (test mode, `sk_test_...`); when set, real Stripe is used' },
  STRIPE_PUBLISHABLE_KEY: { section: 'payments', meaning: 'Required with the secret key; the browser uses Stripe.js Elements with it' },
  STRIPE_WEBHOOK_SECRET: {
    section: 'payments',
    meaning: 'Required with the secret key: the signing secret of the endpoint `POST /api/stripe/webhook` (event `payment_intent.succeeded`)',
  },
  STRIPE_API_URL: {
    section: 'payments',
    defaultIs: '*(api.stripe.com)*',
    meaning: 'With the keys: a Stripe-compatible server to send the server\'s Stripe calls to instead (e.g. a payment server several app processes share in a test)',
  },
  LOCAL_PAYMENTS_HOST: { section: 'payments', defaultIs: '`127.0.0.1`', meaning: 'Without Stripe keys: the address the local payment server listens on' },
  LOCAL_PAYMENTS_PORT: { section: 'payments', defaultIs: '*(a free port)*', meaning: 'Without Stripe keys: the local payment server\'s port' },
  LOCAL_PAYMENTS_PUBLIC_URL: {
    section: 'payments',
    defaultIs: '*(its own address)*',
    meaning: 'Without Stripe keys: the local payment server\'s URL as the browser reaches it (through a port mapping, in a container)',
  },

  S3_BUCKET: { section: 'images', defaultIs: '*(unset: local disk)*', meaning: 'The bucket images are stored in (it must exist; it may, and should, be private)' },
  S3_REGION: { section: 'images', defaultIs: '`$AWS_REGION`', meaning: 'The bucket\'s region; required with `S3_BUCKET` (any value, e.g. `us-east-1`, for MinIO)' },
  AWS_REGION: { section: 'images', meaning: 'The AWS SDK\'s region variable, read when `S3_REGION` is unset' },
  S3_ENDPOINT: { section: 'images', defaultIs: '*(AWS S3)*', meaning: 'Another S3-compatible service, e.g. `http://minio:9000`' },
  S3_FORCE_PATH_STYLE: {
    section: 'images',
    defaultIs: '`true` with `S3_ENDPOINT`, else `false`',
    meaning: 'Address the bucket by path (`host/bucket/key`) rather than by host name (`bucket.host/key`)',
  },
  S3_ACCESS_KEY_ID: {
    section: 'images',
    defaultIs: '*(the AWS SDK\'s default credential chain)*',
    meaning: 'With `S3_SECRET_ACCESS_KEY`, both or neither: unset, the SDK finds credentials itself (`AWS_*` variables, shared files, an instance or task role)',
  },
  S3_SECRET_ACCESS_KEY: { section: 'images', defaultIs: '*(the AWS SDK\'s default credential chain)*', meaning: 'With `S3_ACCESS_KEY_ID`, both or neither (it is never logged or echoed)' },

  REDIS_URL: {
    section: 'rateLimits',
    defaultIs: '*(PostgreSQL)*',
    meaning: 'Redis or Valkey URL (`redis://host:6379`): the rate-limit counters live there instead of in PostgreSQL (see [Rate limits](#rate-limits))',
  },
  RATE_LIMIT_SIGN_IN: { section: 'rateLimits', default: '20/60', meaning: 'creating the user record at sign-in (`POST /api/users`, `recordSignIn`), per IP' },
  RATE_LIMIT_ANONYMOUS_WRITES: {
    section: 'rateLimits',
    default: '5/600',
    meaning:
      'writes without sign-in (`POST /api/newsletter` and `subscribeToNewsletter`, `POST /api/newsletter/confirm` and `confirmNewsletterSubscription`: one budget whichever door; the operations\' `rateLimit` in `server/newsletter/newsletter.access.ts`), per IP',
  },
  RATE_LIMIT_USER_WRITES: { section: 'rateLimits', default: '60/60', meaning: 'every other REST write and GraphQL mutation field, per signed-in user' },
  RATE_LIMIT_USER_READS: { section: 'rateLimits', default: '600/60', meaning: 'REST reads of a signed-in caller, per user' },
  RATE_LIMIT_IP_READS: { section: 'rateLimits', default: '300/60', meaning: 'REST reads without sign-in, per IP' },
  RATE_LIMIT_GRAPHQL: {
    section: 'rateLimits',
    default: '1200/60',
    meaning:
      'every GraphQL operation over HTTP, per user (else IP), weighing 1 + its cost / 100 (graphql-armor\'s cost analysis: `me { id }` weighs 1, a full page of 48 listings with every field about 26)',
  },
  RATE_LIMIT_MESSAGES: { section: 'rateLimits', default: '10/60', meaning: 'messages sent, per sender' },
  RATE_LIMIT_CSP_REPORTS: { section: 'rateLimits', default: '60/60', meaning: 'CSP violation reports browsers post to `POST /csp-report`, per IP' },

  PUBLIC_ANSWER_CACHE_TTL_SECONDS: {
    section: 'publicAnswerCache',
    default: '30',
    meaning: 'Longest a kept public answer is served (see [Public answer cache](many-processes.md#public-answer-cache)); `0` turns the cache off',
  },
  PUBLIC_ANSWER_CACHE_MAX_ENTRIES: { section: 'publicAnswerCache', default: '1000', meaning: 'Public answers kept per process at most (least recently used go first)' },
  PUBLIC_ANSWER_CACHE_MAX_BYTES: { section: 'publicAnswerCache', default: '33554432', meaning: 'Total size (JSON bytes) of the public answers kept per process' },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;
type DefaultedName = { [Name in SettingName]: (typeof SETTINGS)[Name] extends { default: string } ? Name : never }[SettingName];

/** The environment as loadConfig may read it: declared variables only (process.env fits). */
export type Env = { readonly [Name in SettingName]?: string };

/** A variable's value, or its declared default when it is unset or empty. */
const valueOf = (env: Env, name: DefaultedName): string => env[name] || SETTINGS[name].default;

/** Classes of calls, each with its own limit: `points` per `seconds` (RATE_LIMIT_* variables). */
export type RateLimitClass = 'signIn' | 'anonymousWrites' | 'userWrites' | 'userReads' | 'ipReads' | 'graphql' | 'messages' | 'cspReports';

/** The variable of each rate-limit class (its SETTINGS entry says what it counts). */
export const RATE_LIMIT_ENV = {
  signIn: 'RATE_LIMIT_SIGN_IN',
  anonymousWrites: 'RATE_LIMIT_ANONYMOUS_WRITES',
  userWrites: 'RATE_LIMIT_USER_WRITES',
  userReads: 'RATE_LIMIT_USER_READS',
  ipReads: 'RATE_LIMIT_IP_READS',
  graphql: 'RATE_LIMIT_GRAPHQL',
  messages: 'RATE_LIMIT_MESSAGES',
  cspReports: 'RATE_LIMIT_CSP_REPORTS',
} as const satisfies Record<RateLimitClass, DefaultedName>;

export interface RateLimitRule {
  points: number;
  seconds: number;
}
export type RateLimitConfig = Record<RateLimitClass, RateLimitRule>;

const rateLimitClasses = Object.keys(RATE_LIMIT_ENV) as RateLimitClass[];

function rateLimitRule(name: string, value: string): RateLimitRule {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) throw new Error(`${name} must be "points/seconds" (e.g. "60/60"), got "${value}".`);
  return { points: Number(match[1]), seconds: Number(match[2]) };
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = Object.fromEntries(
  rateLimitClasses.map((kind) => [kind, rateLimitRule(RATE_LIMIT_ENV[kind], SETTINGS[RATE_LIMIT_ENV[kind]].default)]),
) as RateLimitConfig;

export function rateLimitsFromEnv(env: Env): RateLimitConfig {
  return Object.fromEntries(rateLimitClasses.map((kind) => [kind, rateLimitRule(RATE_LIMIT_ENV[kind], valueOf(env, RATE_LIMIT_ENV[kind]))])) as RateLimitConfig;
}

/** Anonymous public answers kept per process (PUBLIC_ANSWER_CACHE_*; see graphql/public-answer-cache.ts). */
export interface PublicAnswerCacheConfig {
  /** How long an answer may be served at most; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  /** Total size of the kept answers (their JSON). */
  maxBytes: number;
}

export type FirebaseConfig =
  /** Start the Firebase Auth emulator ourselves (demo- project, no credentials). */
  | { mode: 'embedded-emulator'; projectId: string }
  /** Use an emulator someone else runs (docker-compose). */
  | { mode: 'external-emulator'; projectId: string; emulatorHost: string; emulatorPublicUrl: string }
  /** Real Firebase project. */
  | { mode: 'firebase'; projectId: string; apiKey: string; authDomain: string; appId?: string; serviceAccountJson?: string };

export type PaymentsConfig =
  /**
   * Start the local Stripe-compatible payment server (test cards, no network).
   * The browser confirms payments against it directly, so it must be reachable
   * from the browser: `publicUrl` when it runs behind a port mapping (Docker).
   */
  | { mode: 'local'; host?: string; port?: number; publicUrl?: string }
  /**
   * Real Stripe (test-mode keys). `apiUrl` (STRIPE_API_URL) sends the server's
   * Stripe calls to a Stripe-compatible server instead of api.stripe.com: one
   * provider shared by several app processes, as real Stripe is.
   */
  | { mode: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string };

/** An S3-compatible bucket for uploaded images (S3_* variables); see docs/operations.md "Image storage". */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** MinIO, s3rver, another provider; unset: AWS S3. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export type ImageStorageConfig =
  /** Files under `uploadDir`, on this machine (the embedded default). */
  | { mode: 'local' }
  | ({ mode: 's3' } & S3StorageConfig);

export type MailConfig =
  /** Start the embedded SMTP server with a web inbox (maildev); its inbox URL is printed at start. */
  | { mode: 'embedded'; smtpPort?: number; webPort?: number }
  /** A real mail service (smtp://user:pass@host:587, smtps://...). */
  | { mode: 'smtp'; url: string };

export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Unset: an embedded PostgreSQL is started with its data under dataDir. */
  databaseUrl?: string;
  uploadDir: string;
  /** Where uploaded images are stored: `uploadDir`, or an S3 bucket when S3_BUCKET is set. */
  imageStorage: ImageStorageConfig;
  maxUploadBytes: number;
  firebase: FirebaseConfig;
  payments: PaymentsConfig;
  /** Demo accounts and listings; on by default only when identity is emulated. */
  seedDemo: boolean;
  logLevel: string;
  clientDistDir: string;
  /** The product's address as people reach it: links in e-mails start with it. */
  publicUrl: string;
  mail: MailConfig;
  /** The From of every e-mail, e.g. "OpenNest <no-reply@example.com>". */
  mailFrom: string;
  /** Key of the unsubscribe links' HMAC; unset: one generated once and kept under dataDir. */
  unsubscribeSecret?: string;
  /** Run the job workers (e-mail, digests, saved-search matching) in this process (JOB_WORKERS=in-process, the default) or not (off: `npm run worker` runs them). */
  jobWorkers: boolean;
  /** Graceful shutdown: how long /readyz says 503 (draining) while still serving, before new connections are refused. */
  shutdownDrainDelayMs: number;
  /** Graceful shutdown: the longest in-flight requests are given to finish before their connections are closed. */
  shutdownTimeoutMs: number;
  /** GraphQL schema introspection (GRAPHQL_INTROSPECTION=true|false; default: on except in production). */
  introspection: boolean;
  /** Only trusted documents run on /graphql (GRAPHQL_TRUSTED_DOCUMENTS=on|off; see graphql/trusted-documents.ts). */
  trustedDocuments: boolean;
  /** Rate limits per route class (RATE_LIMIT_* variables, "points/seconds"). */
  rateLimits: RateLimitConfig;
  /** Where the rate-limit counters live: Redis/Valkey (REDIS_URL), else PostgreSQL. */
  redisUrl?: string;
  /** Express's `trust proxy`: which proxies' X-Forwarded-For/-Proto to believe (the client IP of rate limits, HTTPS for HSTS). */
  trustProxy: boolean | number | string;
  /** Anonymous public GraphQL answers kept per process (PUBLIC_ANSWER_CACHE_*; see graphql/public-answer-cache.ts). */
  publicAnswerCache: PublicAnswerCacheConfig;
  /** `npm start`: HTTP worker processes sharing the port (API_PROCESSES; default: one per core; 1: no cluster). */
  apiProcesses: number;
  /** The time zone of listings whose agent chose none (LISTING_TIME_ZONE, an IANA name). */
  listingTimeZone: string;
  /** The keyword search's PostgreSQL text-search configuration (TEXT_SEARCH_LANGUAGE), e.g. `english`. */
  textSearchLanguage: string;
  /** Lifetime of the browser's session cookie (SESSION_DAYS), in milliseconds. */
  sessionLifetimeMs: number;
  /** Hosts webhooks may reach although their addresses are refused (WEBHOOK_ALLOWED_HOSTS), lower-cased. */
  webhookAllowedHosts: string[];
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = valueOf(env, 'NODE_ENV');
  const dataDir = path.resolve(projectRoot, valueOf(env, 'DATA_DIR'));
  const firebase = firebaseConfig(env);
  return {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    port: intOf(env, 'PORT'),
    host: valueOf(env, 'HOST'),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    uploadDir: path.resolve(projectRoot, env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    imageStorage: imageStorageConfig(env),
    maxUploadBytes: intOf(env, 'MAX_UPLOAD_BYTES'),
    firebase,
    payments: paymentsConfig(env),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : firebase.mode !== 'firebase',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info'),
    clientDistDir: path.resolve(projectRoot, valueOf(env, 'CLIENT_DIST_DIR')),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${intOf(env, 'PORT')}`).replace(/\/+$/, ''),
    mail: env.SMTP_URL
      ? { mode: 'smtp', url: env.SMTP_URL }
      : { mode: 'embedded', smtpPort: optionalInt(env, 'MAILDEV_SMTP_PORT'), webPort: optionalInt(env, 'MAILDEV_WEB_PORT') },
    mailFrom: valueOf(env, 'MAIL_FROM'),
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET || undefined,
    jobWorkers: jobWorkers(valueOf(env, 'JOB_WORKERS')),
    shutdownDrainDelayMs: intOf(env, 'SHUTDOWN_DRAIN_DELAY_MS'),
    shutdownTimeoutMs: intOf(env, 'SHUTDOWN_TIMEOUT_MS'),
    introspection: env.GRAPHQL_INTROSPECTION ? env.GRAPHQL_INTROSPECTION === 'true' : nodeEnv !== 'production',
    trustedDocuments: onOrOff(valueOf(env, 'GRAPHQL_TRUSTED_DOCUMENTS'), 'GRAPHQL_TRUSTED_DOCUMENTS'),
    rateLimits: rateLimitsFromEnv(env),
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: trustProxy(valueOf(env, 'TRUST_PROXY')),
    publicAnswerCache: {
      ttlMs: intOf(env, 'PUBLIC_ANSWER_CACHE_TTL_SECONDS') * 1000,
      maxEntries: intOf(env, 'PUBLIC_ANSWER_CACHE_MAX_ENTRIES'),
      maxBytes: intOf(env, 'PUBLIC_ANSWER_CACHE_MAX_BYTES'),
    },
    apiProcesses: Math.max(1, optionalInt(env, 'API_PROCESSES') ?? availableParallelism()),
    listingTimeZone: timeZone(valueOf(env, 'LISTING_TIME_ZONE')),
    textSearchLanguage: textSearchLanguage(valueOf(env, 'TEXT_SEARCH_LANGUAGE')),
    sessionLifetimeMs: sessionDays(intOf(env, 'SESSION_DAYS')) * 24 * 60 * 60 * 1000,
    webhookAllowedHosts: valueOf(env, 'WEBHOOK_ALLOWED_HOSTS').split(',').map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean),
  };
}

/** LISTING_TIME_ZONE: an IANA name the runtime knows (checked again against PostgreSQL's list when a listing uses it). */
function timeZone(value: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`LISTING_TIME_ZONE must be an IANA time zone name such as "Europe/London", got "${value}".`);
  }
}

/** TEXT_SEARCH_LANGUAGE: a configuration's name (PostgreSQL checks that it exists at start-up). */
function textSearchLanguage(value: string): string {
  if (!/^[a-z][a-z_]{0,62}$/.test(value)) throw new Error(`TEXT_SEARCH_LANGUAGE must be a PostgreSQL text-search configuration such as "english" or "simple", got "${value}".`);
  return value;
}

/** SESSION_DAYS within what Firebase's session cookies allow. */
function sessionDays(days: number): number {
  if (days < 1 || days > 14) throw new Error(`SESSION_DAYS must be from 1 to 14 (Firebase's session cookies last at most two weeks), got ${days}.`);
  return days;
}

/** TRUST_PROXY: "true"/"false", a number of hops, or Express's list form ("loopback", "10.0.0.0/8, uniquelocal"). */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

function onOrOff(value: string, name: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be "on" or "off", got "${value}".`);
}

function jobWorkers(value: string): boolean {
  if (value === 'in-process') return true;
  if (value === 'off') return false;
  throw new Error(`JOB_WORKERS must be "in-process" or "off", got "${value}".`);
}

function firebaseConfig(env: Env): FirebaseConfig {
  if (env.FIREBASE_API_KEY) {
    const projectId = required(env, 'FIREBASE_PROJECT_ID');
    return {
      mode: 'firebase',
      projectId,
      apiKey: env.FIREBASE_API_KEY,
      authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
      appId: env.FIREBASE_APP_ID,
      serviceAccountJson: env.FIREBASE_SERVICE_ACCOUNT_JSON,
    };
  }
  const projectId = valueOf(env, 'FIREBASE_PROJECT_ID');
  if (!projectId.startsWith('demo-')) {
    throw new Error('Without FIREBASE_API_KEY the Auth emulator is used, and its FIREBASE_PROJECT_ID must start with "demo-".');
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    return {
      mode: 'external-emulator',
      projectId,
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      emulatorPublicUrl: env.FIREBASE_AUTH_EMULATOR_PUBLIC_URL || `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`,
    };
  }
  return { mode: 'embedded-emulator', projectId };
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/** S3_BUCKET chooses the S3 store; its companions are checked here so that a half configuration stops the start with a clear message. */
export function imageStorageConfig(env: Env): ImageStorageConfig {
  const bucket = env.S3_BUCKET;
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => env[name]);
    if (stray.length) throw new Error(`${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET to store images in S3, or unset them to store images in UPLOAD_DIR.`);
    return { mode: 'local' };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots and hyphens), got "${bucket}".`);
  const region = env.S3_REGION || env.AWS_REGION;
  if (!region) throw new Error('S3_BUCKET is set, so S3_REGION is required too (the bucket\'s region; any value such as us-east-1 for MinIO).');
  let endpoint: string | undefined;
  if (env.S3_ENDPOINT) {
    const url = URL.canParse(env.S3_ENDPOINT) ? new URL(env.S3_ENDPOINT) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`S3_ENDPOINT must be an http(s) URL such as http://minio:9000, got "${env.S3_ENDPOINT}".`);
    endpoint = env.S3_ENDPOINT.replace(/\/+$/, '');
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK\'s default credential chain.');
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`S3_FORCE_PATH_STYLE must be "true" or "false", got "${pathStyle}".`);
  return {
    mode: 's3',
    bucket,
    region,
    endpoint,
    // Self-hosted stores (MinIO, s3rver) are usually reached by path (http://minio:9000/bucket/key).
    forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

function paymentsConfig(env: Env): PaymentsConfig {
  if (!env.STRIPE_SECRET_KEY) {
    return {
      mode: 'local',
      host: env.LOCAL_PAYMENTS_HOST || undefined,
      port: optionalInt(env, 'LOCAL_PAYMENTS_PORT'),
      publicUrl: env.LOCAL_PAYMENTS_PUBLIC_URL || undefined,
    };
  }
  return {
    mode: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: required(env, 'STRIPE_PUBLISHABLE_KEY'),
    webhookSecret: required(env, 'STRIPE_WEBHOOK_SECRET'),
    apiUrl: env.STRIPE_API_URL || undefined,
  };
}

function parseCount(name: string, value: string): number {
  const parsed = Number.parseInt(value, 10);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`${name}: expected a non-negative integer, got "${value}".`);
  return parsed;
}

const intOf = (env: Env, name: DefaultedName): number => parseCount(name, valueOf(env, name));

/** A count that has no fixed default (unset: undefined, the caller decides). */
const optionalInt = (env: Env, name: SettingName): number | undefined => (env[name] ? parseCount(name, env[name]) : undefined);

function required(env: Env, name: SettingName): string {
  const value = env[name];
  if (!value) throw new Error(`Environment variable ${name} is required.`);
  return value;
}
