// Rendered at build time (client/build/prerender.ts), not in the browser: the
// HTML the server sends before any script has run. The home page gets its real
// first screenful (navigation bar and hero, from the same components), every
// other route the navigation bar and the loading screen. The client then renders
// the same screen over it (client/src/main.tsx), so nothing moves.
import createCache from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { CSP_NONCE_PLACEHOLDER } from '@opennest/common/csp-nonce';
import { createStyleCache, StylesProvider } from './app/styles';
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
    // A cache per page, so each page carries every style it uses; their nonce is filled in per response by the server.
    <StylesProvider cache={createStyleCache(CSP_NONCE_PLACEHOLDER)} system={system}>
      <SessionUnknownProvider>
        <MemoryRouter initialEntries={[path]}>
          <PageFrame footer={false}>{page}</PageFrame>
        </MemoryRouter>
      </SessionUnknownProvider>
    </StylesProvider>,
  );
}

/**
 * The CSS every page shares, as ChakraProvider would write it: the order of Chakra's
 * cascade layers, the reset, the global styles and the tokens' CSS variables. The build
 * puts it in the HTML's head; the bundles make the styling system without it
 * (client/build/global-css.ts).
 */
export function renderGlobalCss(): string {
  const markup = renderToString(
    <CacheProvider value={createCache({ key: 'global' })}>
      <Global styles={[system.layers.atRule, system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()]} />
    </CacheProvider>,
  );
  const css = [...markup.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((match) => match[1]).join('');
  if (!css.includes('--chakra-colors-teal-600')) throw new Error('the global CSS has no token variables');
  return css;
}

export function renderShells(): { home: Shell; app: Shell } {
  return {
    home: { body: renderShell('/', <HeroCarousel />), title: pageTitle([])! },
    app: { body: renderShell('/loading', <LoadingScreen />), title: pageTitle([])! },
  };
}
