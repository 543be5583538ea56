import { Box, Card, Heading, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box px="4" py={{ base: '8', md: '16' }} display="flex" justifyContent="center">
      <Card.Root width="full" maxW="md" shadow="md">
        <Card.Header>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{subtitle}</Text>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Box>
  );
}

/** "New to OpenNest? Register" and its twin; keeps the page the user came from. */
export function AuthSwitchLink({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  const location = useLocation();
  return (
    <Text textAlign="center" fontSize="sm">
      {prompt}{' '}
      <Link asChild colorPalette="teal" fontWeight="semibold">
        <RouterLink to={to} state={location.state}>
          {label}
        </RouterLink>
      </Link>
    </Text>
  );
}
