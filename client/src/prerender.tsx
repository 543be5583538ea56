// Rendered at build time (client/build/prerender.ts), not in the browser: the
// HTML the server sends before any script has run. The home page gets its real
// first screenful (navigation bar and hero, from the same components), every
// other route the navigation bar and the loading screen. The client then renders
// the same screen over it (client/src/main.tsx), so nothing moves.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createAppSystem } from './app/theme';
import { SessionUnknownProvider } from './auth/AuthProvider';
import { HeroCarousel } from './home/HeroCarousel';
import { pageTitle } from './layout/page-title';
import { PageFrame } from './layout/RootLayout';
import { LoadingScreen } from './ui/LoadingScreen';

export interface Shell {
  /** The markup that goes inside #root. */
  body: string;
  title: string;
}

const system = createAppSystem();

function renderShell(path: string, page: React.ReactNode): string {
  return renderToString(
    <ChakraProvider value={system}>
      <SessionUnknownProvider>
        <MemoryRouter initialEntries={[path]}>
          <PageFrame footer={false}>{page}</PageFrame>
        </MemoryRouter>
      </SessionUnknownProvider>
    </ChakraProvider>,
  );
}

export function renderShells(): { home: Shell; app: Shell } {
  return {
    home: { body: renderShell('/', <HeroCarousel />), title: pageTitle([])! },
    app: { body: renderShell('/loading', <LoadingScreen />), title: pageTitle([])! },
  };
}
