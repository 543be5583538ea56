import { ApolloProvider } from '@apollo/client/react';
import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
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
import { StylesProvider } from './styles';

interface AppProps {
  firebase: Promise<FirebaseSession>;
  config: RuntimeConfig;
  router: AppRouter;
  /** The Chakra system (theme.ts createAppSystem). */
  system: SystemContext;
  /** The emotion cache Chakra writes its styles with, carrying the page's CSP nonce (styles.tsx). */
  styleCache: EmotionCache;
}

export function App({ firebase, config, router, system, styleCache }: AppProps) {
  const client = useMemo(() => createApolloClient(firebase.then((session) => session.auth)), [firebase]);
  return (
    <StylesProvider cache={styleCache} system={system}>
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
    </StylesProvider>
  );
}
