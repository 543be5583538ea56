// One running instance of the real app for the benchmark, put together as
// server/main.ts does (createApp, the payment provider it needs, a listening
// HTTP server on a free port), with the database client and identity provider
// given by the caller.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app';
import type { IdentityProvider } from '../auth/identity-provider';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../infra/logger';
import { startPayments } from '../payments/payments-runtime';
import { createLocalImageStorage } from '../uploads/image-storage';

export interface AppInstance {
  url: string;
  close(): Promise<void>;
}

export async function startAppInstance({ config, db, identity, log }: { config: AppConfig; db: Db; identity: IdentityProvider; log: Logger }): Promise<AppInstance> {
  // Not exercised by the benchmark; without Stripe keys this is the local Stripe-compatible server.
  const payments = await startPayments(config.payments, { log });
  try {
    const { app, stop } = await createApp({
      config,
      db,
      identity,
      storage: createLocalImageStorage(config.uploadDir),
      log,
      authEmulatorUrl: null,
      payments: payments.provider,
      paymentsBrowser: payments.browser,
    });
    const server: Server = await new Promise((resolve, reject) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
      listening.once('error', reject);
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    payments.attachApp(url, [url]);
    return {
      url,
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await stop().catch(() => undefined);
        await payments.stop().catch(() => undefined);
      },
    };
  } catch (error) {
    await payments.stop().catch(() => undefined);
    throw error;
  }
}
