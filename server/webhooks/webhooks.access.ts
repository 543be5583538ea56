// Who may call each operation of webhooks (see context/access.ts). No scope:
// a key can neither register endpoints (their secrets) nor read their logs.
import { accessTable, auth } from '../context/access';

/** Endpoints are for agents and admins, as API keys are. */
const integrators = auth('agent', 'admin');

export const webhooksAccess = accessTable({
  // GraphQL root fields (webhooks.graphql)
  webhookEndpoints: integrators,
  webhookDeliveries: integrators,
  createWebhookEndpoint: integrators,
  deleteWebhookEndpoint: integrators,
  redeliverWebhook: integrators,
  sendTestWebhook: integrators,
});
