import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

export function StatusPage({ code, title, text, linkLabel }: { code: string; title: string; text: string; linkLabel: string }) {
  return (
    <Center py="24" px="4">
      <VStack gap="4" textAlign="center">
        <Text fontSize="7xl" fontWeight="black" color="teal.600" lineHeight="1">
          {code}
        </Text>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted" maxW="md">
          {text}
        </Text>
        <Button asChild colorPalette="teal">
          <RouterLink to="/">{linkLabel}</RouterLink>
        </Button>
      </VStack>
    </Center>
  );
}
