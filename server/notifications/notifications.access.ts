// Who may call each operation of notifications and e-mail settings (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth, publicAccess } from '../context/access';

/** Everyone but fraud accounts, whose dashboard shows only their warning (the bell, its page, live updates, e-mail settings). */
const live = auth('user', 'agent', 'admin');

export const notificationsAccess = accessTable({
  // GraphQL root fields (notifications.graphql)
  notifications: live,
  unreadNotificationCount: live,
  emailSettings: live,
  markNotificationRead: live,
  markAllNotificationsRead: live,
  setEmailSetting: live,
  unsubscribe: publicAccess(),
  notificationEvents: live,
});
