import { Box, Heading, Text } from '@chakra-ui/react';

/**
 * A route that exists (so links, guards and code splitting are in place) whose
 * screen is built by a later issue. It says so instead of pretending.
 */
export function PlannedPage({ title }: { title: string }) {
  return (
    <Box>
      <Heading as="h1" size="2xl" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted">This screen is not available yet.</Text>
    </Box>
  );
}
