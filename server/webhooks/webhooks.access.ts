// Who may call each operation of webhooks (see context/access.ts). No scope:
// a key can neither register endpoints (their secrets) nor read their logs.
import { sameAccessFor } from '../context/access';
import { integrators } from '../api-keys/api-keys.access';

// GraphQL root fields (webhooks.graphql): endpoints are for those who may hold API keys.
export const webhooksAccess = sameAccessFor(integrators, ['webhookEndpoints', 'webhookDeliveries', 'createWebhookEndpoint', 'deleteWebhookEndpoint', 'redeliverWebhook', 'sendTestWebhook']);
