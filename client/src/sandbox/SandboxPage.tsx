// An API explorer that needs no internet: GraphiQL bundled into the client,
// sending the signed-in user's token with every request.
import { Box, VisuallyHidden } from '@chakra-ui/react';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { useEffect, useMemo, useRef } from 'react';
import { currentIdToken } from '../app/session';
import { useAuth } from '../auth/AuthProvider';
import { watchGraphiQL } from './graphiql-a11y';

/** GraphiQL's colours that fall short of 4.5:1 on its light background, a shade darker. */
const CONTRAST = {
  '& .graphiql-container': { '--color-info': '208, 100%, 36%' },
  '& .graphiql-container .graphiql-logo .graphiql-logo-link': { color: 'hsl(var(--color-neutral))' },
};

export default function SandboxPage() {
  const { auth } = useAuth();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => (container.current ? watchGraphiQL(container.current) : undefined), []);
  const fetcher = useMemo(() => {
    const plain = createGraphiQLFetcher({ url: '/graphql' });
    return async (params: Parameters<typeof plain>[0], options?: Parameters<typeof plain>[1]) => {
      const token = await currentIdToken(auth).catch(() => null);
      return plain(params, { ...options, headers: { ...options?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    };
  }, [auth]);
  return (
    <Box h="calc(100vh - 4rem)" data-testid="graphiql" ref={container} css={CONTRAST}>
      <VisuallyHidden asChild>
        <h1>GraphQL Sandbox</h1>
      </VisuallyHidden>
      <GraphiQL fetcher={fetcher} defaultQuery={'# Signed in? Your token is sent automatically.\nquery {\n  me {\n    name\n    email\n    role\n  }\n}\n'} />
    </Box>
  );
}
