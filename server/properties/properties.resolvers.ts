import type { Resolvers } from '../graphql/generated/resolvers-types';

export const propertiesResolvers: Resolvers = {
  Query: {
    verifiedProperties: (_parent, args, { caller, services }) => services.properties.listVerified(caller, args),
    advertisedProperties: (_parent, { first }, { services }) => services.properties.listAdvertised(first),
    property: (_parent, { id }, { caller, services }) => services.properties.getVisible(caller, id),
    myProperties: (_parent, _args, { caller, services }) => services.properties.listMine(caller),
    allProperties: (_parent, args, { caller, services }) => services.properties.listAll(caller, args),
  },
  Mutation: {
    addProperty: (_parent, { input }, { caller, services }) => services.properties.add(caller, input),
    updateProperty: (_parent, { id, input }, { caller, services }) => services.properties.update(caller, id, input),
    deleteProperty: (_parent, { id }, { caller, services }) => services.properties.remove(caller, id),
    verifyProperty: (_parent, { id }, { caller, services }) => services.properties.review(caller, id, 'verified'),
    rejectProperty: (_parent, { id }, { caller, services }) => services.properties.review(caller, id, 'rejected'),
    advertiseProperty: (_parent, { id }, { caller, services }) => services.properties.advertise(caller, id),
  },
  Property: {
    thumbnail: (property, _args, { storage }) => storage.thumbnailUrl(property.image),
    agent: async (property, _args, { loaders }) => {
      const agent = await loaders.userById.load(property.agentId);
      if (!agent) throw new Error(`Property ${property.id} has no agent record.`);
      return agent;
    },
  },
};
