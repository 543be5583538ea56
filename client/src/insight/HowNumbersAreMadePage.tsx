// "How these numbers are made" (issue 23): what each figure OpenNest shows about
// agents, demand and sales is made from, and what is never shown. Public: the
// figures' links open it for anyone. docs/insight.md says the same for operators.
import { Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import '../ui/recipes/list';

function Part({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack as="section" gap="2" aria-labelledby={id}>
      <Heading as="h2" size="lg" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export default function HowNumbersAreMadePage() {
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="8" lineHeight="tall">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            How these numbers are made
          </Heading>
          <Text color="fg.muted">OpenNest shows figures made from what happens on OpenNest itself: messages, saved searches, wishlists, offers and card payments. Nothing is self-reported, and no figure points to a buyer.</Text>
        </Stack>
        <Part id="reply-time" title="Agents’ reply time">
          <List.Root ps="5" gap="1">
            <List.Item>A question is a buyer’s first message in a conversation with an agent, or a viewing request. Its answer is the agent’s first message after it, or the agent confirming, declining or proposing another time.</List.Item>
            <List.Item>The figure covers questions asked in the last 90 days that were answered or have waited at least 24 hours.</List.Item>
            <List.Item>The median wait is the middle one when all waits are sorted; an unanswered question counts as the longest wait. If most questions went unanswered, there is no median.</List.Item>
            <List.Item>With fewer than 5 such questions, nothing is shown: “Not enough conversations yet”.</List.Item>
            <List.Item>The figure is recalculated whenever an agent is asked or answers, and at least hourly as time passes.</List.Item>
          </List.Root>
        </Part>
        <Part id="demand" title="Live demand for a listing">
          <List.Root ps="5" gap="1">
            <List.Item>Only the listing’s agent (and OpenNest’s admins) see it.</List.Item>
            <List.Item>It counts active saved searches (alerts not turned off) that match the listing by the same rule that sends saved-search alerts, and buyers who have it on their wishlist.</List.Item>
            <List.Item>The demand curve moves both ends of the asking range from 30 % lower to 30 % higher, in steps of 5 %, and counts the searches that would match at each price.</List.Item>
            <List.Item>Any count below 3 is shown as “fewer than 3”: the number never leaves our servers, and no name, account or search is ever shown.</List.Item>
          </List.Root>
        </Part>
        <Part id="sales" title="The verified record of a sale">
          <List.Root ps="5" gap="1">
            <List.Item>Only sales through OpenNest whose card payment the provider confirmed have a record.</List.Item>
            <List.Item>Days to accepted offer count from the day the listing was added to the day its agent accepted the offer.</List.Item>
            <List.Item>The number of offers counts every offer made on the listing, whatever became of it.</List.Item>
            <List.Item>The sold amount is compared with the midpoint of the asking range as it stood when the offer was accepted. The seller’s agent may withhold the amount of a sale; the other figures stay.</List.Item>
          </List.Root>
        </Part>
      </Stack>
    </Container>
  );
}
