import type { Resolvers } from '../graphql/generated/resolvers-types';

export const newsletterResolvers: Resolvers = {
  Mutation: {
    subscribeToNewsletter: (_parent, { email }, { services }) => services.newsletter.subscribe(email),
    confirmNewsletterSubscription: (_parent, { token }, { services }) => services.newsletter.confirm(token),
  },
};
