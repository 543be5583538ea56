// Chakra's styling system computes its global CSS (the reset, the global styles
// and one CSS variable per token, about 28 KB) every time it is created, and
// its provider writes it through emotion on the first render: in the browser
// that is about a third of `createSystem`, over 100 ms of a phone's main thread
// at start-up (4x CPU, `npm run bench:web:trace`), and on the server part of
// every page it draws. The CSS is the same for every page and every user, so
// the build computes it once: the prerender step writes it into the HTML's head
// (client/build/prerender.ts, with the response's style nonce like every style
// element), and the bundles built for the browser and the server make the
// system without it (the one line of Chakra that computes it is replaced).
// `vite dev` leaves Chakra alone: its pages are not prerendered.
import { readFile } from 'node:fs/promises';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin } from 'vite';

/** Chakra's module that makes the system (node_modules/@chakra-ui/react/dist/esm/styled-system/system.js). */
export const CHAKRA_SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/** The statement that computes the global CSS when a system is made (Chakra 3). */
const GLOBAL_CSS_STATEMENT = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

/**
 * Chakra's system module, making systems whose `_global` (what ChakraProvider writes) is
 * empty. The system's getPreflightCss, getGlobalCss and getTokenCss still answer, so the
 * prerender step computes the CSS with them. Fails when a Chakra release changed the
 * statement: the build must not ship pages without their global CSS, or compute it twice.
 */
export function withoutGlobalCss(code: string, file: string): string {
  if (!code.includes(GLOBAL_CSS_STATEMENT)) {
    throw new Error(`${file} no longer has "${GLOBAL_CSS_STATEMENT}": see client/build/global-css.ts, and make the global CSS prebuilt again for this Chakra release.`);
  }
  return code.replace(GLOBAL_CSS_STATEMENT, 'const _global = [];');
}

/** For the client build (Vite). */
export function globalCssPrebuilt(): Plugin {
  return {
    name: 'opennest:global-css-prebuilt',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!CHAKRA_SYSTEM_MODULE.test(file)) return null;
      return { code: withoutGlobalCss(code, file), map: null };
    },
  };
}

/** For the server's page renderer (esbuild, client/build/server-bundles.ts). */
export const globalCssPrebuiltForEsbuild: EsbuildPlugin = {
  name: 'opennest:global-css-prebuilt',
  setup(bundler) {
    bundler.onLoad({ filter: CHAKRA_SYSTEM_MODULE }, async (args) => ({ contents: withoutGlobalCss(await readFile(args.path, 'utf8'), args.path), loader: 'js' }));
  },
};

/** Emotion's style elements of global styles in prerendered markup ("css-global <hash>"): the head has them once for all pages. */
const GLOBAL_STYLE_ELEMENTS = /<style data-emotion="css-global [^"]*"[^>]*>[^<]*<\/style>/g;

/** Markup rendered with Chakra as it is (the prerender step's), without the global styles the head now carries. */
export const withoutGlobalStyleElements = (markup: string): string => markup.replace(GLOBAL_STYLE_ELEMENTS, '');
