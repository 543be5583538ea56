import { Accordion, Text } from '@chakra-ui/react';
import '../ui/recipes/accordion';
import { Section } from './Section';

const QUESTIONS = [
  {
    value: 'list-property',
    question: 'How do I list a property as an agent?',
    answer:
      'Sign in with your agent account, open the Dashboard and choose Add Property. Enter the title, location, an image and the minimum and maximum price, then submit. Your listing starts as pending and appears on All Properties as soon as an admin verifies it.',
  },
  {
    value: 'make-offer',
    question: 'How do I make an offer on a property?',
    answer:
      'Add the property to your wishlist, then open Wishlist in your dashboard and choose Make an Offer. Your offer must lie within the price range the agent set (from the minimum to the maximum price, inclusive) and needs a buying date. The agent then accepts or rejects it.',
  },
  {
    value: 'payment',
    question: 'How do I pay once my offer is accepted?',
    answer:
      'When the agent accepts your offer, go to Property Bought in your dashboard. A Pay button appears on the accepted offer; it opens a secure card payment for the offer amount. After a successful payment the offer is marked as bought and its transaction id is shown.',
  },
  {
    value: 'fraud',
    question: 'What happens to agents who act fraudulently?',
    answer:
      'Admins can mark an agent as fraud. Their properties are removed from the marketplace, and they are barred from adding new listings or using any other agent features, so buyers are protected from them.',
  },
  {
    value: 'wishlist',
    question: 'Where can I see my wishlist?',
    answer:
      'Your wishlist is in your dashboard under Wishlist. Every property you saved is listed there, with buttons to make an offer or remove it from the list.',
  },
];

export function Faq() {
  return (
    <Section id="faq" title="Frequently Asked Questions" subtitle="Quick answers about listing, offers, payments and your account.">
      <Accordion.Root collapsible variant="enclosed" maxW="3xl" mx="auto" bg="bg" data-testid="faq">
        {QUESTIONS.map((item) => (
          <Accordion.Item key={item.value} value={item.value}>
            <Accordion.ItemTrigger py="4" fontWeight="semibold" fontSize="md" cursor="pointer">
              <Text as="span" flex="1" textAlign="start">
                {item.question}
              </Text>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody color="fg.muted" lineHeight="tall">
                {item.answer}
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Section>
  );
}
