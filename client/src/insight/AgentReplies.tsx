// The agent's own reply time and the questions still waiting for them, oldest
// first (issue 23), on the Agent Profile page. A question is a conversation's
// first message or a viewing request; each opens where it is answered.
import { Badge, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuInbox } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { CardList, ListCard, LoadingBlock } from '../ui/CardList';
import { usePagedQuery } from '../ui/paging';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { useMyReplyTimeQuery, useMyUnansweredQuestionsQuery } from './insight.generated';
import { ReplyTimeLine } from './ReplyTime';
import { formatLocalDateTime } from '@opennest/common/local-time';

const PAGE_SIZE = 10;
const waitedSince = (iso: string) => formatLocalDateTime(new Date(iso));

export function AgentReplies() {
  const replyTime = useMyReplyTimeQuery({ fetchPolicy: 'cache-and-network' });
  const unanswered = useMyUnansweredQuestionsQuery({ variables: { first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const { nodes, paging } = usePagedQuery(unanswered, (data) => data.myUnansweredQuestions, 'questions');
  return (
    <Stack as="section" gap="3" maxW="5xl" aria-labelledby="agent-replies-heading" data-testid="agent-replies">
      <Heading as="h2" size="md" id="agent-replies-heading">
        Your reply time
      </Heading>
      <QueryState query={replyTime} data={replyTime.data?.myReplyTime} skeleton={<Skeleton height="10" rounded="md" role="status" aria-label="Loading your reply time" />} errorTitle="Could not load your reply time">
        {(figure) => <ReplyTimeLine figure={figure} own />}
      </QueryState>
      <Heading as="h3" size="sm" mt="2">
        Waiting for your answer
      </Heading>
      <QueryState
        query={unanswered}
        data={nodes}
        skeleton={<LoadingBlock label="Loading unanswered questions" height="24" />}
        errorTitle="Could not load your unanswered questions"
        empty={<EmptyNotice icon={<LuInbox />} title="Nothing waiting" description="Every buyer’s question has an answer." testId="unanswered-empty" />}
      >
        {(questions) => (
          <CardList label="Questions waiting for your answer, oldest first" items={questions} paging={paging} testId="unanswered-questions">
            {(question) => (
              <ListCard
                key={question.id}
                testId="unanswered-question"
                actions={
                  <Link asChild color="teal.700" fontWeight="medium">
                    <RouterLink to={question.kind === 'message' ? `/dash-board/messages/${question.id}` : '/dash-board/viewings'}>{question.kind === 'message' ? 'Answer' : 'Open viewings'}</RouterLink>
                  </Link>
                }
              >
                <Text fontWeight="medium">
                  {question.buyerName ?? 'A buyer'} · {question.kind === 'message' ? 'message' : 'viewing request'}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {question.propertyTitle ?? 'A listing'} · waiting since {waitedSince(question.askedAt)}
                </Text>
                {question.nudged && (
                  <Badge alignSelf="start" colorPalette="orange">
                    Reminder sent
                  </Badge>
                )}
              </ListCard>
            )}
          </CardList>
        )}
      </QueryState>
    </Stack>
  );
}
