import type { Resolvers } from '../graphql/generated/resolvers-types';

export const usersResolvers: Resolvers = {
  Query: {
    me: (_parent, _args, { caller, services }) => services.users.me(caller),
    roleByEmail: (_parent, { email }, { caller, services }) => services.users.roleByEmail(caller, email),
    users: (_parent, args, { caller, services }) => services.userAdmin.list(caller, args),
    myProfileFigures: (_parent, _args, { caller, services }) => services.profileFigures.forCaller(caller),
  },
  Mutation: {
    recordSignIn: (_parent, { input }, { caller, services }) => services.users.recordSignIn(caller, input),
    setUserRole: (_parent, { id, role }, { caller, services }) => services.userAdmin.setRole(caller, id, role),
    markUserAsFraud: (_parent, { id }, { caller, services }) => services.userAdmin.markFraud(caller, id),
    deleteUser: (_parent, { id }, { caller, services }) => services.userAdmin.deleteUser(caller, id),
  },
};
