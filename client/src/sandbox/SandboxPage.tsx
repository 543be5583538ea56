// An API explorer that needs no internet: GraphiQL bundled into the client,
// sending the signed-in user's token with every request.
import { Box } from '@chakra-ui/react';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { useMemo } from 'react';
import { currentIdToken } from '../app/session';
import { useAuth } from '../auth/AuthProvider';

export default function SandboxPage() {
  const { auth } = useAuth();
  const fetcher = useMemo(() => {
    const plain = createGraphiQLFetcher({ url: '/graphql' });
    return async (params: Parameters<typeof plain>[0], options?: Parameters<typeof plain>[1]) => {
      const token = await currentIdToken(auth).catch(() => null);
      return plain(params, { ...options, headers: { ...options?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    };
  }, [auth]);
  return (
    <Box h="calc(100vh - 4rem)" data-testid="graphiql">
      <GraphiQL fetcher={fetcher} defaultQuery={'# Signed in? Your token is sent automatically.\nquery {\n  me {\n    name\n    email\n    role\n  }\n}\n'} />
    </Box>
  );
}
