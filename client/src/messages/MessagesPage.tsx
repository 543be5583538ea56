import { Badge, LinkOverlay, Text } from '@chakra-ui/react';
import { LuMessagesSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { useConversationsQuery, useMessageEventsSubscription } from './messages.generated';
import { PageHeader } from '../properties/page-parts';
import { NoLongerListedBadge } from '../properties/NoLongerListed';
import { usePagedQuery } from '../ui/paging';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { evictInbox } from './messages.cache';
import { CardList, ListCard, LoadingBlock } from '../ui/CardList';
import { PersonAvatar } from '../ui/PersonAvatar';

const PAGE_SIZE = 20;

/** Buyers' and agents' conversations, most recent first, with unread counts; live. */
export default function MessagesView() {
  const { viewer } = useAuth();
  const conversations = useConversationsQuery({ variables: { first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const { nodes, paging } = usePagedQuery(conversations, (data) => data.conversations, 'conversations');
  useMessageEventsSubscription({
    onData: ({ client, data }) => {
      if (data.data?.messageEvents.conversation) evictInbox(client.cache);
    },
  });

  return (
    <>
      <title>Messages · OpenNest</title>
      <PageHeader
        title="Messages"
        subtitle={viewer?.role === 'agent' ? 'Buyers’ questions about your listings.' : 'Your conversations with agents about their listings.'}
      />
      <QueryState
        query={conversations}
        data={nodes}
        skeleton={<LoadingBlock label="Loading conversations" />}
        errorTitle="Could not load your messages"
        empty={
          <EmptyNotice
            icon={<LuMessagesSquare />}
            title="No messages yet"
            description={viewer?.role === 'agent' ? 'When a buyer asks about one of your listings, the conversation appears here.' : 'Use “Contact agent” on a listing to ask its agent a question.'}
            testId="messages-empty"
          />
        }
      >
        {(nodes) => (
          <CardList label="Conversations" items={nodes} paging={paging}>
            {(conversation) => {
              const other = viewer?.id === conversation.agent.id ? conversation.buyer : conversation.agent;
              return (
                <ListCard
                  key={conversation.id}
                  highlighted={conversation.unreadCount > 0}
                  testId="conversation"
                  leading={<PersonAvatar person={other} />}
                  actions={conversation.unreadCount > 0 && <Badge colorPalette="teal" data-testid="conversation-unread">{conversation.unreadCount} unread</Badge>}
                >
                  <LinkOverlay asChild>
                    <RouterLink to={`/dash-board/messages/${conversation.id}`}>
                      <Text fontWeight="semibold" overflowWrap="anywhere">
                        {other.name} · {conversation.property.title}
                        {/* The conversation stays readable; the listing it is about is gone for the buyer. */}
                        {conversation.property.noLongerListed && (
                          <>
                            {' '}
                            <NoLongerListedBadge />
                          </>
                        )}
                      </Text>
                    </RouterLink>
                  </LinkOverlay>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {conversation.lastMessageBody ?? 'No messages yet'}
                  </Text>
                </ListCard>
              );
            }}
          </CardList>
        )}
      </QueryState>
    </>
  );
}
