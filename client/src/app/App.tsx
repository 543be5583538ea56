import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import type { ReactNode } from 'react';
import { AuthProvider, type InitialSession } from '../auth/AuthProvider';
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import { AlertProvider } from '../ui/alerts';
import { Toaster } from '../ui/toaster';
import type { FirebaseSession } from './firebase';
import { RuntimeConfigProvider } from './runtime-config';
import { StylesProvider } from './styles';

interface AppProps {
  /** Apollo Client, its cache holding the first screen's data when the page carried it (main.tsx). */
  client: ApolloClient;
  /** What the page said about the session (AuthProvider). */
  session: InitialSession;
  /** Loads Firebase Auth, when a sign-in or registration needs it. */
  firebase: () => Promise<FirebaseSession>;
  config: RuntimeConfig;
  /** The router's provider: the browser's router in the client, a static one on the server (page-render.tsx). */
  routing: ReactNode;
  /** The Chakra system (theme.ts createAppSystem). */
  system: SystemContext;
  /** The emotion cache Chakra writes its styles with, carrying the page's CSP nonce (styles.tsx). */
  styleCache: EmotionCache;
}

export function App({ client, session, firebase, config, routing, system, styleCache }: AppProps) {
  return (
    <StylesProvider cache={styleCache} system={system}>
      <RuntimeConfigProvider config={config}>
        <ApolloProvider client={client}>
          <AuthProvider initial={session} firebase={firebase}>
            <AlertProvider>
              {routing}
              <Toaster />
            </AlertProvider>
          </AuthProvider>
        </ApolloProvider>
      </RuntimeConfigProvider>
    </StylesProvider>
  );
}
