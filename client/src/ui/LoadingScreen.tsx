import { Center, Heading, Spinner, Text, VStack } from '@chakra-ui/react';

/** Full-page loading state (spec: 'Loading', the product name, 'Please wait a moment'). */
export function LoadingScreen() {
  return (
    <Center minH="100vh" role="status" aria-live="polite" data-testid="loading-screen">
      <VStack gap="3">
        <Spinner size="xl" color="teal.500" borderWidth="4px" />
        <Text fontWeight="semibold" color="fg.muted">
          Loading
        </Text>
        <Heading size="2xl" color="teal.700">
          OpenNest
        </Heading>
        <Text color="fg.muted">Please wait a moment</Text>
      </VStack>
    </Center>
  );
}
