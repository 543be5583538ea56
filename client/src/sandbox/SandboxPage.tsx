// An API explorer that needs no internet: GraphiQL bundled into the client,
// sending the signed-in user's token with every request. GraphiQL builds its editor
// from schema introspection; where the server refuses it (GRAPHQL_INTROSPECTION,
// off in production by default) the page says how to turn it on instead.
import { Alert, Box, Code, Container, Heading, Text, VisuallyHidden } from '@chakra-ui/react';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { useEffect, useMemo, useRef } from 'react';
import { useRuntimeConfig } from '../app/runtime-config';
import { watchGraphiQL } from './graphiql-a11y';

/** GraphiQL's colours that fall short of 4.5:1 on its light background, a shade darker. */
const CONTRAST = {
  '& .graphiql-container': { '--color-info': '208, 100%, 36%' },
  '& .graphiql-container .graphiql-logo .graphiql-logo-link': { color: 'hsl(var(--color-neutral))' },
};

export default function SandboxPage() {
  return useRuntimeConfig().graphqlIntrospection ? <Explorer /> : <IntrospectionOff />;
}

function IntrospectionOff() {
  return (
    <Container maxW="3xl" py="8" data-testid="sandbox-introspection-off">
      <Heading as="h1" size="2xl" mb="4">
        GraphQL Sandbox
      </Heading>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The explorer is turned off on this server</Alert.Title>
          <Alert.Description>
            <Text>The explorer reads the API’s schema through introspection, which this server does not answer (the default in production).</Text>
            <Text mt="2">
              To turn it on, set <Code>GRAPHQL_INTROSPECTION=true</Code> in the server’s environment and restart the server.
            </Text>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Container>
  );
}

function Explorer() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => (container.current ? watchGraphiQL(container.current) : undefined), []);
  // Same-origin requests carry the session cookie: a signed-in visitor queries as themselves.
  const fetcher = useMemo(() => createGraphiQLFetcher({ url: '/graphql' }), []);
  return (
    <Box h="calc(100vh - 4rem)" data-testid="graphiql" ref={container} css={CONTRAST}>
      <VisuallyHidden asChild>
        <h1>GraphQL Sandbox</h1>
      </VisuallyHidden>
      <GraphiQL fetcher={fetcher} defaultQuery={'# Signed in? Your session is used automatically.\nquery {\n  me {\n    name\n    email\n    role\n  }\n}\n'} />
    </Box>
  );
}
