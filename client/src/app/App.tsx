import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { Auth } from 'firebase/auth';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import { AlertProvider } from '../ui/alerts';
import { Toaster } from '../ui/toaster';
import { createApolloClient } from './apollo';
import { registerRouter } from './navigation';
import { createRouter } from './router';
import { RuntimeConfigProvider } from './runtime-config';

export function App({ auth, config }: { auth: Auth; config: RuntimeConfig }) {
  const client = useMemo(() => createApolloClient(auth), [auth]);
  const router = useMemo(() => {
    const instance = createRouter();
    registerRouter(instance);
    return instance;
  }, []);
  return (
    <ChakraProvider value={defaultSystem}>
      <RuntimeConfigProvider config={config}>
        <ApolloProvider client={client}>
          <AuthProvider auth={auth}>
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
