import { Card, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuBadgeCheck, LuHeadset, LuShieldCheck, LuUserCheck } from 'react-icons/lu';
import { Section } from './Section';

const REASONS: Array<{ title: string; text: string; icon: IconType }> = [
  {
    title: '100% Verified Listings',
    text: 'Our admins review every property before it is published, so each listing you see is genuine.',
    icon: LuBadgeCheck,
  },
  {
    title: 'Secure Payment System',
    text: 'Pay for accepted offers by card on the platform, with every transaction recorded against your purchase.',
    icon: LuShieldCheck,
  },
  {
    title: 'Agent Accountability',
    text: 'Agents are monitored for their performance, and agents caught acting fraudulently are removed.',
    icon: LuUserCheck,
  },
  {
    title: '24/7 Support',
    text: 'Our support team is available around the clock to help with listings, offers and payments.',
    icon: LuHeadset,
  },
];

export function WhyChoose() {
  return (
    <Section id="why-choose" title="Why Choose OpenNest" subtitle="Buying a home is a big decision. We make it a safe one." bg="bg.subtle">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
        {REASONS.map((reason) => (
          <Card.Root key={reason.title} height="full" variant="elevated" data-testid="why-choose-card">
            <Card.Body gap="3" p="6">
              <Icon as={reason.icon} boxSize="10" color="teal.600" p="2" bg="teal.50" rounded="lg" aria-hidden />
              <Heading as="h3" size="md">
                {reason.title}
              </Heading>
              <Text color="fg.muted">{reason.text}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Section>
  );
}
