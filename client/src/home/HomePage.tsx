import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

const STEPS = ['Browse Properties', 'Add to Wishlist', 'Make an Offer', 'Complete Payment'];

export default function HomePage() {
  return (
    <>
      <Box bgGradient="to-br" gradientFrom="teal.700" gradientTo="teal.400" color="white">
        <Container maxW="7xl" py={{ base: '20', md: '32' }}>
          <Stack gap="6" maxW="2xl">
            <Heading as="h1" size={{ base: '4xl', md: '6xl' }} lineHeight="1.1">
              Find a home you can trust
            </Heading>
            <Text fontSize="xl" opacity={0.9}>
              Every listing on OpenNest is verified by our admins, agents are accountable, and you pay securely on the platform.
            </Text>
            <Button asChild size="lg" bg="white" color="teal.700" alignSelf="start" _hover={{ bg: 'teal.50' }}>
              <RouterLink to="/allProperties">Browse properties</RouterLink>
            </Button>
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" py="16">
        <Heading as="h2" size="2xl" mb="8" textAlign="center">
          How it works
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {STEPS.map((step, index) => (
            <Stack key={step} borderWidth="1px" rounded="lg" p="6" gap="2">
              <Text color="teal.600" fontWeight="bold">
                Step {index + 1}
              </Text>
              <Heading as="h3" size="md">
                {step}
              </Heading>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
