import { Box, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { LoadingBlock } from '../ui/CardList';
import { useEffect } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { useParams } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { useConversationThreadQuery, useMarkConversationReadMutation, useMessageEventsSubscription, useSendMessageMutation } from './messages.generated';
import { ListingTitle } from '../properties/NoLongerListed';
import { PageHeader } from '../properties/page-parts';
import { LoadMore, usePaging } from '../ui/paging';
import { QueryState } from '../ui/QueryState';
import { evictInbox } from './messages.cache';
import { MessageComposer } from './MessageComposer';
import { LinkButton } from '../ui/LinkButton';
import { formatLocalDateTime } from '@opennest/common/local-time';

const PAGE_SIZE = 50;
const time = (iso: string) => formatLocalDateTime(new Date(iso));

/** One conversation: the thread, oldest first (earlier pages on request), live, and a reply box. */
export default function ConversationView() {
  const { id = '' } = useParams();
  const { viewer } = useAuth();
  const thread = useConversationThreadQuery({ variables: { id, first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const conversation = thread.data?.conversation;
  const paging = usePaging(conversation?.messages.pageInfo, thread.fetchMore, 'messages');
  const [markRead] = useMarkConversationReadMutation({ update: (cache) => evictInbox(cache) });
  const [send] = useSendMessageMutation();

  const unread = conversation?.unreadCount ?? 0;
  useEffect(() => {
    if (unread > 0) void markRead({ variables: { id } }).catch(() => undefined);
  }, [id, unread, markRead]);

  useMessageEventsSubscription({
    onData: ({ data }) => {
      // A message in this conversation (from the other side, or from another tab): show the thread as it is now.
      if (data.data?.messageEvents.conversation?.id === id && data.data.messageEvents.message) void thread.refetch();
    },
  });

  const other = conversation && (viewer?.id === conversation.agent.id ? conversation.buyer : conversation.agent);
  return (
    <>
      <title>{other ? `Messages with ${other.name} · OpenNest` : 'Messages · OpenNest'}</title>
      <PageHeader
        title={other ? `Messages with ${other.name}` : 'Messages'}
        subtitle={
          conversation && (
            <>
              About <ListingTitle property={conversation.property} />
            </>
          )
        }
        actions={<LinkButton to="/dash-board/messages" icon={LuArrowLeft}>All messages</LinkButton>}
      />
      <QueryState query={thread} data={conversation} skeleton={<LoadingBlock label="Loading the conversation" height="64" />} errorTitle="Could not load the conversation" notFoundTitle="This conversation was not found">
        {(loaded) => (
          <Card.Root maxW="3xl">
            <Card.Body gap="4" p={{ base: '3', md: '5' }}>
              <LoadMore paging={paging} />
              <Stack as="ol" listStyleType="none" gap="3" aria-label="Messages" aria-live="polite" data-testid="thread">
                {[...loaded.messages.nodes].reverse().map((message) => {
                  const mine = message.sender.id === viewer?.id;
                  return (
                    <Flex as="li" key={message.id} justify={mine ? 'end' : 'start'} data-testid="message">
                      <Box maxW="85%" bg={mine ? 'teal.600' : 'bg.muted'} color={mine ? 'white' : 'fg'} rounded="lg" px="3" py="2">
                        <Text fontSize="xs" color={mine ? 'white' : 'fg.muted'} mb="1">
                          {mine ? 'You' : message.sender.name} · {time(message.createdAt)}
                        </Text>
                        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid="message-body">
                          {message.body}
                        </Text>
                      </Box>
                    </Flex>
                  );
                })}
              </Stack>
              {/* A reply half-written in one conversation does not follow the user into another (the page stays mounted). */}
              <MessageComposer
                key={id}
                label="Reply"
                onSend={async (body) => {
                  await send({ variables: { conversationId: id, body } });
                  await thread.refetch();
                }}
              />
            </Card.Body>
          </Card.Root>
        )}
      </QueryState>
    </>
  );
}
