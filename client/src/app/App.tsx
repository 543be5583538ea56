import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import { AlertProvider } from '../ui/alerts';
import { Toaster } from '../ui/toaster';
import { createApolloClient } from './apollo';
import type { FirebaseSession } from './firebase';
import type { AppRouter } from './navigation';
import { RuntimeConfigProvider } from './runtime-config';

interface AppProps {
  firebase: Promise<FirebaseSession>;
  config: RuntimeConfig;
  router: AppRouter;
  /** The Chakra system (theme.ts createAppSystem). */
  system: SystemContext;
}

export function App({ firebase, config, router, system }: AppProps) {
  const client = useMemo(() => createApolloClient(firebase.then((session) => session.auth)), [firebase]);
  return (
    <ChakraProvider value={system}>
      <RuntimeConfigProvider config={config}>
        <ApolloProvider client={client}>
          <AuthProvider firebase={firebase}>
            <AlertProvider>
              <RouterProvider router={router} />
              <Toaster />
            </AlertProvider>
          </AuthProvider>
        </ApolloProvider>
      </RuntimeConfigProvider>
    </ChakraProvider>
  );
}
