import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
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
import { system } from './theme';

export function App({ firebase, config, router }: { firebase: Promise<FirebaseSession>; config: RuntimeConfig; router: AppRouter }) {
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
