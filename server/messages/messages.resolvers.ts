import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';
import { resolveLiveEvent } from '../context/live-caller';

export const messagesResolvers: Resolvers = {
  Query: {
    conversations: (_parent, args, { caller, services }) => services.messages.list(caller, args),
    conversation: (_parent, { id }, { caller, services }) => services.messages.get(caller, id),
    unreadMessageCount: (_parent, _args, { caller, services }) => services.messages.unreadMessageCount(caller),
    myConversationAbout: (_parent, { propertyId }, { caller, services }) => services.messages.conversationAbout(caller, propertyId),
  },
  Mutation: {
    contactAgent: (_parent, { propertyId, body }, { caller, services }) => services.messages.contactAgent(caller, propertyId, body),
    sendMessage: (_parent, { conversationId, body }, { caller, services }) => services.messages.send(caller, conversationId, body),
    markConversationRead: (_parent, { id }, { caller, services }) => services.messages.markRead(caller, id),
  },
  Subscription: {
    messageEvents: {
      subscribe: (_parent, _args, { caller, services }) => services.messages.live(caller),
      resolve: resolveLiveEvent,
    },
  },
  Conversation: {
    property: (conversation, _args, { loaders }) => loadRequired(loaders.propertyById, conversation.propertyId, 'property'),
    buyer: (conversation, _args, { loaders }) => loadRequired(loaders.userById, conversation.buyerId, 'buyer'),
    agent: (conversation, _args, { loaders }) => loadRequired(loaders.userById, conversation.agentId, 'agent'),
    messages: (conversation, args, { caller, services }) => services.messages.messages(caller, conversation.id, args),
  },
  Message: {
    sender: (message, _args, { loaders }) => loadRequired(loaders.userById, message.senderId, 'sender'),
  },
};
