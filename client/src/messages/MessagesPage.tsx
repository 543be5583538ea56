import { Avatar, Badge, Card, Flex, LinkOverlay, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuMessagesSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { MessagingOnly } from '../auth/RoleOnly';
import { useConversationsQuery, useMessageEventsSubscription } from '../graphql/generated';
import { PageHeader } from '../properties/page-parts';
import { LoadMore, usePaging } from '../ui/paging';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { evictInbox } from './messages.cache';

const PAGE_SIZE = 20;

/** Buyers' and agents' conversations, most recent first, with unread counts; live. */
export default function MessagesPage() {
  return (
    <MessagingOnly>
      <MessagesView />
    </MessagingOnly>
  );
}

function MessagesView() {
  const { viewer } = useAuth();
  const conversations = useConversationsQuery({ variables: { first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const connection = conversations.data?.conversations;
  const paging = usePaging(connection?.pageInfo, conversations.fetchMore, 'conversations');
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
        data={connection?.nodes}
        skeleton={<Skeleton height="40" rounded="lg" aria-busy="true" aria-label="Loading conversations" />}
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
          <Stack gap="4">
            <Stack as="ul" listStyleType="none" gap="3" aria-label="Conversations">
              {nodes.map((conversation) => {
                const other = viewer?.id === conversation.agent.id ? conversation.buyer : conversation.agent;
                return (
                  <Card.Root as="li" key={conversation.id} variant={conversation.unreadCount ? 'subtle' : 'outline'} position="relative" data-testid="conversation">
                    <Card.Body p="4">
                      <Flex gap="3" align="center">
                        <Avatar.Root size="md">
                          <Avatar.Fallback name={other.name} />
                          {other.image && <Avatar.Image src={other.image} alt="" />}
                        </Avatar.Root>
                        <Stack gap="0" minW="0" flex="1">
                          <LinkOverlay asChild>
                            <RouterLink to={`/dash-board/messages/${conversation.id}`}>
                              <Text fontWeight="semibold" overflowWrap="anywhere">
                                {other.name} · {conversation.property.title}
                              </Text>
                            </RouterLink>
                          </LinkOverlay>
                          <Text fontSize="sm" color="fg.muted" truncate>
                            {conversation.lastMessageBody ?? 'No messages yet'}
                          </Text>
                        </Stack>
                        {conversation.unreadCount > 0 && (
                          <Badge colorPalette="teal" data-testid="conversation-unread">
                            {conversation.unreadCount} unread
                          </Badge>
                        )}
                      </Flex>
                    </Card.Body>
                  </Card.Root>
                );
              })}
            </Stack>
            <LoadMore paging={paging} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
