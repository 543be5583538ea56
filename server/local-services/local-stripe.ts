// A local, Stripe-compatible payment server for machines without Stripe: the
// real `stripe` SDK talks to it through its host/port/protocol options, and the
// payment page's plain card form (Stripe.js cannot load offline) confirms
// PaymentIntents against it directly, so card numbers never reach the app.
//
// It implements what OpenNest uses, with Stripe's shapes and semantics:
//   POST /v1/payment_intents              create (Idempotency-Key honoured)
//   GET  /v1/payment_intents/:id          retrieve (secret key, or publishable key + client_secret)
//   POST /v1/payment_intents/:id/confirm  charge a test card (secret key, or publishable key + client_secret)
// and it sends payment_intent.succeeded / payment_intent.payment_failed events
// to a webhook URL, signed the way Stripe signs them (Stripe-Signature: t=...,v1=HMAC-SHA256).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from '../infra/logger';
import { MAX_AMOUNT_CENTS } from '../payments/payment-provider';
import { chargeCard, TEST_PAYMENT_METHODS, type CardDetails } from './test-cards';

export interface LocalPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  livemode: false;
  payment_method: string | null;
  payment_method_types: string[];
  latest_charge: string | null;
  last_payment_error: { type: 'card_error'; code: string; decline_code?: string; message: string } | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
}

export interface LocalStripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events are POSTed; set later with setWebhookUrl() when the app's port is known. */
  webhookUrl?: string | null;
  /** Browser origins allowed to confirm payments (the app's origin). */
  allowedOrigins?: string[];
  /** Keep intents across restarts in this JSON file. */
  stateFile?: string;
  port?: number;
  /** Interface to listen on (127.0.0.1 unless it must be reached from outside, e.g. a container). */
  host?: string;
  log?: Logger;
}

export interface LocalStripeHandle {
  url: string;
  host: string;
  port: number;
  setWebhookUrl(url: string | null): void;
  /** Lets a browser origin (the app's) call the confirm endpoint. */
  allowOrigin(origin: string): void;
  /** Resolves once every queued webhook delivery has finished (tests). */
  webhooksSettled(): Promise<void>;
  stop(): Promise<void>;
}

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

interface State {
  intents: Record<string, LocalPaymentIntent>;
  idempotency: Record<string, StoredResponse>;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** The Stripe-Signature header value for `payload`, as Stripe computes it. */
export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripeHandle> {
  const state: State = loadState(options.stateFile);
  let webhookUrl = options.webhookUrl ?? null;
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const deliveries = new Set<Promise<void>>();
  const save = () => {
    if (!options.stateFile) return;
    mkdirSync(path.dirname(options.stateFile), { recursive: true });
    writeFileSync(options.stateFile, JSON.stringify(state));
  };

  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    const origin = req.headers.origin;
    if (origin && allowedOrigins.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, Stripe-Version');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    }
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next();
  });
  app.use(express.urlencoded({ extended: true, limit: '100kb' }));

  /** 'secret' for the server's key; 'publishable' for the browser, which must also present the intent's client_secret. */
  function authenticate(req: Request): 'secret' | 'publishable' {
    const header = req.headers.authorization ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
    const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString().split(':')[0] : (req.body?.key as string | undefined));
    if (key && safeEqual(key, options.secretKey)) return 'secret';
    if (key && safeEqual(key, options.publishableKey)) return 'publishable';
    throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key ? `${key.slice(0, 8)}***` : '(none)'}` });
  }

  function findIntent(req: Request, access: 'secret' | 'publishable'): LocalPaymentIntent {
    const intent = state.intents[req.params.id as string];
    if (!intent) throw invalidRequest(`No such payment_intent: '${req.params.id}'`, 'intent', 'resource_missing');
    if (access === 'publishable') {
      const secret = (req.body?.client_secret ?? req.query.client_secret) as string | undefined;
      if (!secret || !safeEqual(secret, intent.client_secret)) {
        throw invalidRequest(`No such payment_intent: '${req.params.id}'`, 'intent', 'resource_missing');
      }
    }
    return intent;
  }

  const idempotent =
    (handler: (req: Request) => { status: number; body: unknown }) => (req: Request, res: Response, next: NextFunction) => {
      try {
        const key = req.headers['idempotency-key'];
        const fingerprint = createHash('sha256').update(`${req.method} ${req.path} ${JSON.stringify(req.body ?? {})}`).digest('hex');
        if (typeof key === 'string' && key) {
          const stored = state.idempotency[key];
          if (stored) {
            if (stored.fingerprint !== fingerprint) {
              throw new StripeApiError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              });
            }
            res.setHeader('Idempotent-Replayed', 'true');
            return void res.status(stored.status).json(stored.body);
          }
        }
        const { status, body } = handler(req);
        if (typeof key === 'string' && key) state.idempotency[key] = { fingerprint, status, body };
        save();
        res.status(status).json(body);
      } catch (error) {
        next(error);
      }
    };

  app.post(
    '/v1/payment_intents',
    idempotent((req) => {
      if (authenticate(req) !== 'secret') throw invalidRequest('This API call cannot be made with a publishable API key.');
      const body = req.body as Record<string, unknown>;
      const amount = Number(body.amount);
      if (!Number.isSafeInteger(amount) || amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
      if (amount > MAX_AMOUNT_CENTS) throw invalidRequest('Amount must be no more than $999,999.99', 'amount', 'amount_too_large');
      const currency = String(body.currency ?? '').toLowerCase();
      if (currency !== 'usd') throw invalidRequest('This local payment server only supports usd.', 'currency');
      const id = newId('pi');
      const intent: LocalPaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: stringRecord(body.metadata),
        description: typeof body.description === 'string' ? body.description : null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        payment_method: null,
        payment_method_types: ['card'],
        latest_charge: null,
        last_payment_error: null,
        capture_method: 'automatic',
        confirmation_method: 'automatic',
      };
      state.intents[id] = intent;
      return { status: 200, body: intent };
    }),
  );

  app.get('/v1/payment_intents/:id', (req, res, next) => {
    try {
      res.json(findIntent(req, authenticate(req)));
    } catch (error) {
      next(error);
    }
  });

  app.post(
    '/v1/payment_intents/:id/confirm',
    idempotent((req) => {
      const intent = findIntent(req, authenticate(req));
      if (intent.status === 'succeeded') {
        throw invalidRequest('This PaymentIntent has already succeeded.', undefined, 'payment_intent_unexpected_state');
      }
      const card = cardFrom(req.body as Record<string, unknown>);
      const outcome = chargeCard(card);
      const paymentMethod = newId('pm');
      if (!outcome.ok) {
        intent.last_payment_error = { type: 'card_error', code: outcome.code, ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}), message: outcome.message };
        intent.payment_method = null;
        queueEvent('payment_intent.payment_failed', intent);
        throw new StripeApiError(402, {
          type: 'card_error',
          code: outcome.code,
          ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
          ...(outcome.param ? { param: outcome.param } : {}),
          message: outcome.message,
          payment_intent: { ...intent },
        });
      }
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.payment_method = paymentMethod;
      intent.latest_charge = newId('ch');
      intent.last_payment_error = null;
      queueEvent('payment_intent.succeeded', intent);
      return { status: 200, body: intent };
    }),
  );

  app.use((_req, _res, next) => next(invalidRequest('Unrecognized request URL. This local payment server implements PaymentIntents only.')));
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof StripeApiError) return void res.status(error.status).json({ error: error.body });
    options.log?.error({ err: error }, 'local payment server error');
    res.status(500).json({ error: { type: 'api_error', message: 'Unexpected error in the local payment server.' } });
  });

  function queueEvent(type: string, intent: LocalPaymentIntent) {
    save();
    if (!webhookUrl) return;
    const target = webhookUrl;
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      type,
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...intent } },
    });
    const delivery = deliverWithRetries(target, payload).finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  async function deliverWithRetries(target: string, payload: string) {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signWebhookPayload(payload, options.webhookSecret) },
          body: payload,
        });
        if (response.ok) return;
        options.log?.warn({ status: response.status, attempt }, 'webhook delivery refused');
      } catch (error) {
        options.log?.warn({ err: error, attempt }, 'webhook delivery failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    allowOrigin(origin) {
      allowedOrigins.add(origin);
    },
    async webhooksSettled() {
      while (deliveries.size) await Promise.allSettled([...deliveries]);
    },
    async stop() {
      await Promise.allSettled([...deliveries]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function cardFrom(body: Record<string, unknown>): CardDetails {
  const testMethod = typeof body.payment_method === 'string' ? TEST_PAYMENT_METHODS[body.payment_method] : undefined;
  if (testMethod) return { number: testMethod, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
  const data = (body.payment_method_data ?? {}) as Record<string, unknown>;
  const card = (data.card ?? {}) as Record<string, unknown>;
  if (data.type !== 'card' || typeof card.number !== 'string') {
    throw invalidRequest('Pass payment_method_data[type]=card with payment_method_data[card][number], [exp_month], [exp_year] and [cvc], or a test payment_method such as pm_card_visa.', 'payment_method_data');
  }
  return { number: card.number, expMonth: Number(card.exp_month), expYear: Number(card.exp_year), cvc: typeof card.cvc === 'string' ? card.cvc : undefined };
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, entry]) => [key, String(entry)]));
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function loadState(file?: string): State {
  if (file && existsSync(file)) {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as State;
      return { intents: parsed.intents ?? {}, idempotency: parsed.idempotency ?? {} };
    } catch {
      // A damaged file only loses test-mode history.
    }
  }
  return { intents: {}, idempotency: {} };
}
