import type { Resolvers } from '../graphql/generated/resolvers-types';

export const usersResolvers: Resolvers = {
  Query: {
    me: (_parent, _args, { caller, services }) => services.users.me(caller),
    roleByEmail: (_parent, { email }, { caller, services }) => services.users.roleByEmail(caller, email),
  },
  Mutation: {
    recordSignIn: (_parent, { input }, { caller, services }) => services.users.recordSignIn(caller, input),
  },
};
