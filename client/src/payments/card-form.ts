// The one interface the payment page has to its card inputs: Stripe Elements
// (real Stripe) or the plain card form for the local Stripe-compatible server.
// Either confirms the PaymentIntent with the provider directly from the
// browser; card data never goes to the app's own API.

/** How a confirmation with the payment provider ended. */
export type ConfirmOutcome =
  /** The provider says the payment succeeded. */
  | { status: 'succeeded' }
  /** The card was refused or is invalid: shown by the card input; another card may be tried. */
  | { status: 'card_error'; message: string }
  /** Anything else (network, a refused request, an unexpected state): 'Payment Failed'. */
  | { status: 'failed'; message: string };

export interface CardFormProps {
  clientSecret: string;
  paymentIntentId: string;
  /** The Pay button's label, e.g. 'Pay $1,250.00'. */
  payLabel: string;
  /** The page is busy (confirming or recording the payment): the button reads 'Processing...'. */
  processing: boolean;
  /** The last card error, shown with the card input. */
  cardError: string | null;
  /** Called on submit with the form's own confirmation; the page runs it and handles the outcome. */
  onPay(confirm: () => Promise<ConfirmOutcome>): Promise<void>;
}

export const PROCESSING_LABEL = 'Processing...';
