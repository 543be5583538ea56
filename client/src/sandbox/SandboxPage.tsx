// An API explorer that needs no internet: GraphiQL bundled into the client,
// sending the signed-in user's session with every request, or an API key that
// the visitor pastes (issue 22: integrators try their key's scopes here). GraphiQL builds its editor
// from schema introspection; where the server refuses it (GRAPHQL_INTROSPECTION,
// off in production by default) the page says how to turn it on instead.
import { Alert, Box, Code, Container, Field, Flex, Heading, Input, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRuntimeConfig } from '../app/runtime-config';
import { watchGraphiQL } from './graphiql-a11y';

/** GraphiQL's colours that fall short of 4.5:1 on its light background, a shade darker. */
const CONTRAST = {
  // Syntax colours in the editors and the response (strings, field names, arguments) too.
  '& .graphiql-container': {
    '--color-info': '208, 100%, 36%',
    '--color-tertiary': '188, 100%, 24%',
    '--color-warning': '36, 100%, 27%',
    '--color-success': '158, 100%, 24%',
    '--color-secondary': '242, 51%, 48%',
    '--color-error': '13, 100%, 36%',
  },
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

/** Sends the pasted API key, if any, as the bearer credential (it outranks the session cookie on the server). */
function useFetcherWithKey(key: string): Fetcher {
  const current = useRef(key);
  current.current = key.trim();
  // One fetcher for the page's life: a new one would make GraphiQL fetch the schema again at every keystroke.
  return useMemo(() => {
    const base = createGraphiQLFetcher({ url: '/graphql' });
    return (params, options) => base(params, { ...options, headers: { ...options?.headers, ...(current.current ? { authorization: `Bearer ${current.current}` } : {}) } });
  }, []);
}

function Explorer() {
  const container = useRef<HTMLDivElement>(null);
  const [key, setKey] = useState('');
  useEffect(() => (container.current ? watchGraphiQL(container.current) : undefined), []);
  const fetcher = useFetcherWithKey(key);
  return (
    <Flex direction="column" h="calc(100vh - 4rem)">
      <VisuallyHidden asChild>
        <h1>GraphQL Sandbox</h1>
      </VisuallyHidden>
      <Box px="4" py="2" borderBottomWidth="1px" bg="bg.subtle">
        <Field.Root maxW="xl">
          <Field.Label>API key (optional)</Field.Label>
          <Input type="password" size="sm" bg="bg" value={key} onChange={(event) => setKey(event.target.value)} placeholder="onk_…" autoComplete="off" spellCheck={false} data-testid="sandbox-api-key" />
          <Field.HelperText>{key.trim() ? 'Requests act as this key, limited to its scopes.' : <>
                Empty: requests act as you, signed in or not. Agents and admins make keys on the{' '}
                <Link asChild colorPalette="teal">
                  <RouterLink to="/developers">Developers page</RouterLink>
                </Link>
                .
              </>}</Field.HelperText>
        </Field.Root>
      </Box>
      <Box flex="1" minH="0" data-testid="graphiql" ref={container} css={CONTRAST}>
        <GraphiQL fetcher={fetcher} defaultQuery={'# Runs as you, or as the API key above.\nquery {\n  me {\n    name\n    email\n    role\n  }\n}\n'} />
      </Box>
    </Flex>
  );
}
