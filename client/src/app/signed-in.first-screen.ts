// Every signed-in page's first screen: the account's record (the navigation bar,
// the role gates) and the bell's unread count.
import type { FirstScreen } from './first-screen-declaration';
import { MeDocument } from '../users/users.generated';
import { UnreadNotificationCountDocument } from '../notifications/notifications.generated';

export const firstScreen: FirstScreen = () => [
  { query: MeDocument, variables: {} },
  { query: UnreadNotificationCountDocument, variables: {} },
];
