import { Box, Flex, Heading, Icon, List, Text } from '@chakra-ui/react';
import '../ui/recipes/list';
import type { IconType } from 'react-icons';
import { LuCreditCard, LuHandshake, LuHeart, LuSearch } from 'react-icons/lu';
import { Section } from './Section';

const STEPS: Array<{ title: string; text: string; icon: IconType }> = [
  { title: 'Browse Properties', text: 'Search verified listings by location and sort them by price.', icon: LuSearch },
  { title: 'Add to Wishlist', text: 'Save the homes you like and compare them from your dashboard.', icon: LuHeart },
  { title: 'Make an Offer', text: 'Offer an amount within the price range and pick your buying date.', icon: LuHandshake },
  { title: 'Complete Payment', text: 'Once the agent accepts, pay securely by card from Property Bought.', icon: LuCreditCard },
];

export function HowItWorks() {
  return (
    <Section id="how-it-works" title="How it works" subtitle="From first search to keys in hand, in four steps.">
      <List.Root as="ol" listStyle="none" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap="6">
        {STEPS.map((step, index) => (
          <List.Item key={step.title} display="block" data-testid="how-it-works-step">
            <Box borderWidth="1px" rounded="xl" p="6" height="full" bg="bg" position="relative">
              <Flex align="center" justify="space-between" mb="4">
                <Icon as={step.icon} boxSize="10" color="white" bg="teal.600" p="2" rounded="full" aria-hidden />
                {/* A pale watermark of the step number: decoration (the step is named in text below), so drawn by CSS, not as text. */}
                <Box
                  fontSize="3xl"
                  fontWeight="black"
                  color="teal.100"
                  lineHeight="1"
                  aria-hidden
                  _before={{ content: JSON.stringify(String(index + 1).padStart(2, '0')) }}
                />
              </Flex>
              <Text color="teal.700" fontWeight="semibold" fontSize="sm">
                Step {index + 1}
              </Text>
              <Heading as="h3" size="md" mb="1">
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Box>
          </List.Item>
        ))}
      </List.Root>
    </Section>
  );
}
