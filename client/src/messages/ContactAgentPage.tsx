import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LoadingBlock } from '../ui/CardList';
import { PersonAvatar } from '../ui/PersonAvatar';
import { LuArrowLeft } from 'react-icons/lu';
import { Navigate, useParams } from 'react-router';
import { useContactAgentListingQuery, useContactAgentMutation, useMyConversationAboutQuery } from './messages.generated';
import { PageHeader, PropertyLocation } from '../properties/page-parts';
import { QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { evictInbox } from './messages.cache';
import { MessageComposer } from './MessageComposer';
import { LinkButton } from '../ui/LinkButton';
import { AgentReplyTime } from '../insight/ReplyTime';
import { useNavigateWhileShown } from '../app/use-navigate-while-shown';

/** Buyer: the first message to a listing's agent; once they have written, the conversation itself opens instead. */
export default function ContactAgent() {
  const { propertyId = '' } = useParams();
  const navigate = useNavigateWhileShown();
  // Asked afresh each time: a conversation started in another tab counts.
  const existing = useMyConversationAboutQuery({ variables: { propertyId }, fetchPolicy: 'network-only' });
  const conversationId = existing.data?.myConversationAbout?.id;
  const details = useContactAgentListingQuery({ variables: { id: propertyId }, skip: existing.loading || Boolean(conversationId) });
  const [contact] = useContactAgentMutation({ update: (cache) => evictInbox(cache) });
  const back = (
    <LinkButton to={`/propertyDetails/${propertyId}`} icon={LuArrowLeft}>
      Back to the listing
    </LinkButton>
  );
  if (conversationId) return <Navigate to={`/dash-board/messages/${conversationId}`} replace />;
  return (
    <>
      <title>Contact the agent · OpenNest</title>
      <PageHeader title="Contact the agent" subtitle="Ask about the listing; the agent answers in your Messages." actions={back} />
      <QueryState query={existing.loading ? { ...details, loading: true } : details} data={details.data?.property} skeleton={<LoadingBlock label="Loading the listing" />} errorTitle="Could not load the listing" notFoundTitle="This listing was not found">
        {(property) => (
          <Card.Root maxW="3xl">
            <Card.Body gap="5" p={{ base: '4', md: '6' }}>
              <Stack gap="1">
                <Text fontWeight="semibold" fontSize="lg">
                  {property.title}
                </Text>
                <PropertyLocation location={property.location} />
              </Stack>
              <HStack gap="3">
                <PersonAvatar person={property.agent} size="sm" />
                <Text>
                  To <Text as="strong">{property.agent.name}</Text>
                </Text>
              </HStack>
              <AgentReplyTime agentId={property.agent.id} />
              <MessageComposer
                label="Your message"
                placeholder="Hello, is this property still available?"
                onSend={async (body) => {
                  const { data } = await contact({ variables: { propertyId: property.id, body } });
                  toaster.create({ type: 'success', title: 'Message sent', description: `${property.agent.name} will see it in their inbox.` });
                  if (data) navigate(`/dash-board/messages/${data.contactAgent.conversation.id}`);
                }}
              />
            </Card.Body>
          </Card.Root>
        )}
      </QueryState>
    </>
  );
}
