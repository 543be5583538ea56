/**
 * The id of the `<script type="application/json">` element the server writes the
 * runtime config into when it serves the client's HTML (so the client need not
 * ask GET /api/config before it can start).
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'opennest-runtime-config';

/**
 * What the server tells the browser at start-up (GET /api/config), so that one
 * client build works against the embedded emulators and against real services.
 */
export interface RuntimeConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** Set when the Firebase Auth emulator is in use: the URL for connectAuthEmulator(). */
  authEmulatorUrl: string | null;
  /** Largest accepted upload, for a friendly check before sending. */
  maxUploadBytes: number;
  payments: PaymentsRuntimeConfig;
  /** Whether the API answers schema introspection (GRAPHQL_INTROSPECTION), which the /sandbox explorer needs. */
  graphqlIntrospection: boolean;
}

export type PaymentsRuntimeConfig =
  /** Real Stripe: Stripe.js Elements with this publishable key. */
  | { provider: 'stripe'; publishableKey: string }
  /**
   * The local Stripe-compatible server (Stripe.js cannot load offline): a plain
   * card form confirms the payment against `apiUrl` directly, never via the app.
   */
  | { provider: 'local'; publishableKey: string; apiUrl: string };
