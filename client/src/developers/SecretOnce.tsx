// A secret just made (an API key, a webhook signing secret), with a copy
// button: shown once, until dismissed; the server never returns it again.
import { Alert, Button, Clipboard, Code, HStack } from '@chakra-ui/react';

export function SecretOnce({ title, description, secret, testId, onDone }: { title: string; description: string; secret: string; testId: string; onDone(): void }) {
  return (
    <Alert.Root status="success" flexDirection="column" alignItems="stretch" gap="3" data-testid={testId}>
      <HStack align="start">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title overflowWrap="anywhere">{title}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      </HStack>
      <Code p="2" display="block" overflowWrap="anywhere" whiteSpace="pre-wrap" data-testid={`${testId}-value`} aria-label="The secret">
        {secret}
      </Code>
      <HStack gap="2" wrap="wrap">
        <Clipboard.Root value={secret}>
          <Clipboard.Trigger asChild>
            <Button size="sm" colorPalette="teal">
              <Clipboard.Indicator />
              <Clipboard.CopyText />
            </Button>
          </Clipboard.Trigger>
        </Clipboard.Root>
        <Button size="sm" variant="outline" onClick={onDone}>
          I have copied it
        </Button>
      </HStack>
    </Alert.Root>
  );
}
