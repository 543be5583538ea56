import { Box, Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box px="4" py={{ base: '8', md: '16' }} display="flex" justifyContent="center">
      <Card.Root width="full" maxW="md" shadow="md">
        <Card.Header>
          <Heading size="2xl">{title}</Heading>
          <Text color="fg.muted">{subtitle}</Text>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Box>
  );
}
