// Everything the server can be told comes from environment variables, read here
// once. With none set, every part runs embedded (see README "Configuration").
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PublicAnswerCacheConfig } from './graphql/public-answer-cache';
import { rateLimitsFromEnv, type RateLimitConfig } from './rate-limits/rate-limits';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/** An S3-compatible bucket for uploaded images (S3_* variables); see README "Image storage". */
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
  /** Rate limits per route class (RATE_LIMIT_* variables, "points/seconds"). */
  rateLimits: RateLimitConfig;
  /** Express's `trust proxy`: which proxies' X-Forwarded-For/-Proto to believe (the client IP of rate limits, HTTPS for HSTS). */
  trustProxy: boolean | number | string;
  /** Anonymous public GraphQL answers kept per process (PUBLIC_ANSWER_CACHE_*; see graphql/public-answer-cache.ts). */
  publicAnswerCache: PublicAnswerCacheConfig;
  /** `npm start`: HTTP worker processes sharing the port (API_PROCESSES; default: one per core; 1: no cluster). */
  apiProcesses: number;
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const dataDir = path.resolve(projectRoot, env.DATA_DIR ?? '.data');
  const firebase = firebaseConfig(env);
  return {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    port: intFrom(env.PORT, 4000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    uploadDir: path.resolve(projectRoot, env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    imageStorage: imageStorageConfig(env),
    maxUploadBytes: intFrom(env.MAX_UPLOAD_BYTES, 5 * 1024 * 1024),
    firebase,
    payments: paymentsConfig(env),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : firebase.mode !== 'firebase',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    clientDistDir: path.resolve(projectRoot, env.CLIENT_DIST_DIR ?? 'client/dist'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${intFrom(env.PORT, 4000)}`).replace(/\/+$/, ''),
    mail: env.SMTP_URL
      ? { mode: 'smtp', url: env.SMTP_URL }
      : { mode: 'embedded', smtpPort: env.MAILDEV_SMTP_PORT ? intFrom(env.MAILDEV_SMTP_PORT, 0) : undefined, webPort: env.MAILDEV_WEB_PORT ? intFrom(env.MAILDEV_WEB_PORT, 0) : undefined },
    mailFrom: env.MAIL_FROM || 'OpenNest <no-reply@opennest.test>',
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET || undefined,
    jobWorkers: jobWorkers(env.JOB_WORKERS),
    shutdownDrainDelayMs: intFrom(env.SHUTDOWN_DRAIN_DELAY_MS, 0),
    shutdownTimeoutMs: intFrom(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    introspection: env.GRAPHQL_INTROSPECTION ? env.GRAPHQL_INTROSPECTION === 'true' : nodeEnv !== 'production',
    rateLimits: rateLimitsFromEnv(env),
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicAnswerCache: {
      ttlMs: intFrom(env.PUBLIC_ANSWER_CACHE_TTL_SECONDS, 30) * 1000,
      maxEntries: intFrom(env.PUBLIC_ANSWER_CACHE_MAX_ENTRIES, 1000),
      maxBytes: intFrom(env.PUBLIC_ANSWER_CACHE_MAX_BYTES, 32 * 1024 * 1024),
    },
    apiProcesses: Math.max(1, intFrom(env.API_PROCESSES, availableParallelism())),
  };
}

/** TRUST_PROXY: "true"/"false", a number of hops, or Express's list form ("loopback", "10.0.0.0/8, uniquelocal"). */
function trustProxy(value: string | undefined): boolean | number | string {
  if (!value) return 'loopback';
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

function jobWorkers(value: string | undefined): boolean {
  if (!value || value === 'in-process') return true;
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
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      appId: env.FIREBASE_APP_ID,
      serviceAccountJson: env.FIREBASE_SERVICE_ACCOUNT_JSON,
    };
  }
  const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-opennest';
  if (!projectId.startsWith('demo-')) {
    throw new Error('Without FIREBASE_API_KEY the Auth emulator is used, and its FIREBASE_PROJECT_ID must start with "demo-".');
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    return {
      mode: 'external-emulator',
      projectId,
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      emulatorPublicUrl: env.FIREBASE_AUTH_EMULATOR_PUBLIC_URL ?? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`,
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
      port: env.LOCAL_PAYMENTS_PORT ? intFrom(env.LOCAL_PAYMENTS_PORT, 0) : undefined,
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

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`Expected a non-negative integer, got "${value}".`);
  return parsed;
}

function required(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`Environment variable ${name} is required.`);
  return value;
}
