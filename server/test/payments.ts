// Card payments in integration tests, against the local Stripe-compatible
// payment server the test app starts.
import type { TestApp } from './test-app';

/** The payment server's answer to a confirmation: status, JSON body and the CORS origin it allowed. */
export interface CardConfirmation {
  status: number;
  // The payment server's answers are checked field by field; their static type adds nothing.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any>;
  cors: string | null;
}

/** A payment server as the browser reaches it: its URL and the publishable key. */
export interface CardPaymentServer {
  apiUrl: string;
  publishableKey: string;
}

/**
 * What the payment page's card form does: confirm the payment intent straight
 * against the payment server the app's runtime config names, with its
 * publishable key, from the app's origin, paying with the test card `cardNumber`.
 */
export async function confirmWithCard(app: Pick<TestApp, 'url'>, clientSecret: string, paymentIntentId: string, cardNumber = '4242424242424242'): Promise<CardConfirmation> {
  const config = (await (await fetch(`${app.url}/api/config`)).json()) as { payments: CardPaymentServer };
  return confirmCardAt(config.payments, app.url, clientSecret, paymentIntentId, cardNumber);
}

/** The card form's confirmation sent to a given payment server from `origin` (when no app's config names the server). */
export async function confirmCardAt(server: CardPaymentServer, origin: string, clientSecret: string, paymentIntentId: string, cardNumber = '4242424242424242'): Promise<CardConfirmation> {
  const body = new URLSearchParams({
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': cardNumber,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 3),
    'payment_method_data[card][cvc]': '123',
  });
  const response = await fetch(`${server.apiUrl}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded', origin },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any>, cors: response.headers.get('access-control-allow-origin') };
}
