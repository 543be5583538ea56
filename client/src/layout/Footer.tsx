import { Box, Container, Flex, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { FaFacebookF, FaInstagram, FaXTwitter } from 'react-icons/fa6';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="gray.900" color="gray.200" mt="auto">
      <Container maxW="7xl" py="10">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="6">
          <Stack gap="2" maxW="md">
            <Text fontSize="xl" fontWeight="bold" color="white">
              OpenNest
            </Text>
            <Text>Providing reliable homes since 1992. Every listing is verified by our admins, and every payment is secure.</Text>
            {/* Integrators find the API here (issue 22): keys and webhooks for agents and admins, the explorer for anyone. */}
            <HStack as="nav" aria-label="For developers" gap="4" pt="2">
              <Link asChild color="gray.200" textDecoration="underline" _hover={{ color: 'white' }}>
                <RouterLink to="/developers">Developers</RouterLink>
              </Link>
              <Link asChild color="gray.200" textDecoration="underline" _hover={{ color: 'white' }}>
                <RouterLink to="/sandbox">API sandbox</RouterLink>
              </Link>
            </HStack>
          </Stack>
          {/* Spec: three social icons, without links. */}
          <HStack gap="4" aria-label="Social media" role="group">
            {[FaFacebookF, FaXTwitter, FaInstagram].map((SocialIcon, index) => (
              <Flex key={index} w="10" h="10" rounded="full" bg="whiteAlpha.200" align="center" justify="center">
                <Icon as={SocialIcon} aria-hidden />
              </Flex>
            ))}
          </HStack>
        </Flex>
        <Text mt="8" pt="6" borderTopWidth="1px" borderColor="whiteAlpha.300" fontSize="sm" textAlign="center" data-testid="copyright">
          © {year} OpenNest. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
