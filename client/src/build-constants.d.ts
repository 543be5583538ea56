// Constants client/vite.config.ts defines at build time (`define`).

/** Whether this build contains the local payment server's card form: false when built with Stripe keys. */
declare const __LOCAL_CARD_FORM__: boolean;
