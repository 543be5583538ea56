// Who may call each operation of messages between a buyer and a listing's agent (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth, scoped } from '../context/access';

/** Messages are between buyers and agents. */
const messaging = auth('user', 'agent');

export const messagesAccess = accessTable({
  // GraphQL root fields (messages.graphql)
  conversations: scoped('messages:read', messaging),
  conversation: scoped('messages:read', messaging),
  unreadMessageCount: scoped('messages:read', messaging),
  contactAgent: auth('user'),
  myConversationAbout: auth('user'),
  sendMessage: messaging,
  markConversationRead: messaging,
  messageEvents: scoped('messages:read', messaging),
});
