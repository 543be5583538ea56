import type { Resolvers } from '../graphql/generated/resolvers-types';

export const webhooksResolvers: Resolvers = {
  Query: {
    webhookEndpoints: (_parent, _args, { caller, services }) => services.webhooks.list(caller),
    webhookDeliveries: (_parent, { endpointId }, { caller, services }) => services.webhooks.deliveries(caller, endpointId),
  },
  Mutation: {
    createWebhookEndpoint: (_parent, { input }, { caller, services }) => services.webhooks.create(caller, input),
    deleteWebhookEndpoint: (_parent, { id }, { caller, services }) => services.webhooks.remove(caller, id),
    redeliverWebhook: (_parent, { deliveryId }, { caller, services }) => services.webhooks.redeliver(caller, deliveryId),
    sendTestWebhook: (_parent, { endpointId }, { caller, services }) => services.webhooks.sendTest(caller, endpointId),
  },
};
