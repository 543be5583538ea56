import type { Resolvers } from '../graphql/generated/resolvers-types';
import { resolveLiveEvent } from '../context/live-caller';
import { isAboutListing, NOTIFICATION_TYPES } from './notification-types';

export const notificationsResolvers: Resolvers = {
  Query: {
    notifications: (_parent, args, { caller, services }) => services.notifications.list(caller, args),
    unreadNotificationCount: (_parent, _args, { caller, services }) => services.notifications.unreadCount(caller),
    emailSettings: (_parent, _args, { caller, services }) => services.notifications.emailSettings(caller),
  },
  Mutation: {
    markNotificationRead: (_parent, { id }, { caller, services }) => services.notifications.markRead(caller, id),
    markAllNotificationsRead: (_parent, _args, { caller, services }) => services.notifications.markAllRead(caller),
    setEmailSetting: (_parent, { type, delivery }, { caller, services }) => services.notifications.setEmailSetting(caller, type, delivery),
    unsubscribe: async (_parent, { token }, { services }) => ({ stopped: await services.notifications.unsubscribe(token) }),
  },
  Subscription: {
    notificationEvents: {
      subscribe: (_parent, _args, { caller, services }) => services.notifications.live(caller),
      resolve: resolveLiveEvent,
    },
  },
  Notification: {
    // The recipient is the caller: their role picks the page (a viewing opens the agent's week or the buyer's list).
    link: (notification, _args, { caller }) => NOTIFICATION_TYPES[notification.type].link(notification.subjectId, caller.viewer?.role ?? 'user'),
    // A listing the recipient may no longer see comes as its no-longer-listed view (listing-visibility.ts).
    listing: (notification, _args, { loaders }) => (isAboutListing(notification.type) ? loaders.propertyById.load(notification.subjectId) : null),
  },
};
