import { EMAIL_MAX_LENGTH } from '../shared/ids';
import { CONFIRMATION_TOKEN_MAX_LENGTH } from './newsletter-confirmation';
import { email } from '../rest/answers';
import { jsonBody, text } from '../rest/inputs';
import { routesOf, type ApiRoute } from '../rest/route';
import { newsletterAccess } from './newsletter.access';
import { z } from '../rest/zod';

const route = routesOf(newsletterAccess);

export const newsletterRoutes: ApiRoute[] = [
  route('POST /newsletter', 'subscribeNewsletter', {
    spec: false,
    summary: 'Subscribe an e-mail to the newsletter (no sign-in)',
    description: 'Stored trimmed and lower-cased; subscribing twice is harmless.',
    body: {
      kind: 'json',
      schema: jsonBody('NewsletterInput', {
        email: text({
          required: true,
          minLength: 1,
          description: `An e-mail address of at most ${EMAIL_MAX_LENGTH} characters; surrounding spaces are trimmed and it is stored lower-cased.`,
        }),
      }),
    },
    success: { status: 201, description: 'Subscribed.', schema: z.strictObject({ email }) },
    handler: async ({ body, context }) => context.services.newsletter.subscribe(body.email),
  }),
  route('POST /newsletter/confirm', 'confirmNewsletterSubscription', {
    spec: false,
    summary: 'Confirm a newsletter sign-up with its e-mailed link’s token (no sign-in)',
    description: 'Only confirmed sign-ups count. Confirming twice is harmless; a wrong or outdated token is 404.',
    body: {
      kind: 'json',
      schema: jsonBody('NewsletterConfirmationInput', {
        token: text({ required: true, minLength: 1, description: `The token of the confirmation link (at most ${CONFIRMATION_TOKEN_MAX_LENGTH} characters).` }),
      }),
    },
    success: { status: 200, description: 'Confirmed: the address now counts as subscribed.', schema: z.strictObject({ email }) },
    refusals: [404],
    handler: async ({ body, context }) => context.services.newsletter.confirm(body.token ?? ''),
  }),
];
