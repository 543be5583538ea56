// Which payment provider runs: real Stripe when its keys are configured, else
// the local Stripe-compatible server, started here. That server's module is
// imported only in local mode, so a deployment with real Stripe keys never loads it.
import { randomBytes } from 'node:crypto';
import type { PaymentsRuntimeConfig } from '@opennest/common/runtime-config';
import type { PaymentsConfig } from '../config';
import type { Logger } from '../infra/logger';
import { createStripeProvider, type PaymentProvider } from './payment-provider';

export interface PaymentsRuntime {
  provider: PaymentProvider;
  /** What the browser is told (GET /api/config). */
  browser: PaymentsRuntimeConfig;
  /** Once the app listens: where webhooks go and which origin may confirm payments. */
  attachApp(appUrl: string, browserOrigins: string[]): void;
  /** Local server only: signs a webhook payload as the local server does (tests post their own events). */
  signWebhook?(payload: string): string;
  /** Local server only: what another process needs to use this server (connectLocalPayments). */
  shared?: SharedLocalPayments;
  stop(): Promise<void>;
}

/** The local payment server as another app process (an HTTP worker of `npm start`) reaches it. */
export interface SharedLocalPayments {
  host: string;
  port: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the browser reaches it. */
  browserUrl: string;
}

/** A runtime on a local payment server another process started (and attaches to the app, and stops). */
export function connectLocalPayments(shared: SharedLocalPayments): PaymentsRuntime {
  return {
    provider: createStripeProvider({ secretKey: shared.secretKey, webhookSecret: shared.webhookSecret, endpoint: { host: shared.host, port: shared.port, protocol: 'http' } }),
    browser: { provider: 'local', publishableKey: shared.publishableKey, apiUrl: shared.browserUrl },
    attachApp: () => undefined,
    stop: async () => undefined,
  };
}

export async function startPayments(config: PaymentsConfig, options: { stateFile?: string; log: Logger }): Promise<PaymentsRuntime> {
  if (config.mode === 'stripe') {
    return {
      provider: createStripeProvider({ secretKey: config.secretKey, webhookSecret: config.webhookSecret, endpoint: config.apiUrl ? endpointOf(config.apiUrl) : undefined }),
      browser: { provider: 'stripe', publishableKey: config.publishableKey },
      attachApp: () => undefined,
      stop: async () => undefined,
    };
  }
  const secret = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
  const keys = { secretKey: secret('sk_test_local'), publishableKey: secret('pk_test_local'), webhookSecret: secret('whsec_local') };
  const { signWebhookPayload, startLocalStripe } = await import('../local-services/local-stripe');
  const local = await startLocalStripe({ ...keys, host: config.host, port: config.port, stateFile: options.stateFile, log: options.log });
  options.log.info({ url: local.url }, 'local payment server ready (Stripe test cards)');
  const shared: SharedLocalPayments = { ...keys, host: local.host, port: local.port, browserUrl: config.publicUrl ?? local.url };
  return {
    ...connectLocalPayments(shared),
    shared,
    attachApp(appUrl, browserOrigins) {
      local.setWebhookUrl(`${appUrl}/api/stripe/webhook`);
      for (const origin of browserOrigins) local.allowOrigin(origin);
    },
    signWebhook: (payload) => signWebhookPayload(payload, keys.webhookSecret),
    stop: () => local.stop(),
  };
}

/** The Stripe SDK's host/port/protocol for a Stripe-compatible server's URL. */
function endpointOf(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}
