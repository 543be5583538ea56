import type { Resolvers } from '../graphql/generated/resolvers-types';

export const apiKeysResolvers: Resolvers = {
  Query: {
    apiKeys: (_parent, _args, { caller, services }) => services.apiKeys.list(caller),
    trustedDocuments: (_parent, { apiKeyId }, { caller, services }) => services.apiKeys.listDocuments(caller, apiKeyId),
  },
  Mutation: {
    createApiKey: (_parent, { input }, { caller, services, clientIp }) => services.apiKeys.create(caller, input, clientIp),
    revokeApiKey: (_parent, { id }, { caller, services, clientIp }) => services.apiKeys.revoke(caller, id, clientIp),
    registerTrustedDocument: (_parent, args, { caller, services }, info) => services.apiKeys.registerDocument(caller, args, info.schema),
  },
};
