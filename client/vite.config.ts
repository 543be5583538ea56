import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { addedRecipeModules } from './build/added-recipes';
import { chunkModules } from './build/chunk-modules';
import { globalCssPrebuilt } from './build/global-css';
import { propNameSet } from './build/prop-names';
import { routerProductionBuild } from './build/router-production';
import { serverBundles } from './build/server-bundles';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';

// The client is built into client/dist and served by the Express app on the same
// origin as /graphql, /api and /uploads. `vite dev` proxies those to the server.
const server = process.env.OPENNEST_API ?? 'http://localhost:4000';

// With a Stripe secret key the server charges through real Stripe (server/config.ts,
// paymentsConfig), so a build made with one leaves the card form for the local
// payment server out: no test-mode form can ship to production.
const localCardForm = !process.env.STRIPE_SECRET_KEY;

/** Chakra recipes that pages add when they load (client/build/added-recipes.ts): not part of the start chunk. */
const addedRecipes = addedRecipeModules();

/** Fails a Stripe build that still carries the local card form's modules (a guard on the `define` below). */
function localCardFormLeftOut(): Plugin {
  const localModules = /\/client\/src\/payments\/(LocalCardForm\.tsx|local-card\.ts)$/;
  return {
    name: 'opennest:local-card-form-left-out',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (localCardForm) return;
      for (const output of Object.values(bundle)) {
        const found = output.type === 'chunk' ? output.moduleIds.find((id) => localModules.test(id)) : undefined;
        if (found) this.error(`STRIPE_SECRET_KEY is set, yet ${found} is in ${output.fileName}: the local card form must not ship with real Stripe.`);
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), localCardFormLeftOut(), globalCssPrebuilt(), propNameSet(), routerProductionBuild(), chunkModules(), prerender(), serverBundles(), precompress()],
  define: {
    __LOCAL_CARD_FORM__: JSON.stringify(localCardForm),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each route loads first (client/build/initial-js.ts).
    manifest: true,
    // The HTML's preloads stay (the start chunk's own imports); a page's chunks are not
    // preloaded by the loader Vite wraps around each dynamic import, which writes a
    // <link rel="modulepreload"> per chunk a page imports: on a phone that was 250 to 360 ms
    // of main-thread work (4x CPU, `npm run bench:web:trace`) in the tasks that hydrate a
    // signed-in page. The browser fetches a page chunk's imports as it reads each chunk instead
    // (a chain of up to five levels: the cost, docs/session-and-speed.md).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      treeshake: {
        // Chakra's config helpers return their argument; saying so lets the bundler drop the
        // recipes of components the app never uses (client/src/app/theme.ts picks its own).
        manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe'],
      },
      output: {
        // Everything the entry imports statically (React, the router, Apollo Client, Chakra's
        // styling runtime, the layout) in one chunk: left to itself the bundler cuts the
        // modules the entry shares with pages into dozens of small chunks (47 files on the
        // first visit to /), which compress worse (about 11 KB gzip more) and cost a request
        // each. Live updates' parts stay out: they load with the socket link, on the first subscription.
        // So do the recipes pages add when they load (dialogs, toasts, the mobile menu's drawer…):
        // Chakra's theme index reaches them statically, so they are named, and the group takes the
        // modules the entry reaches rather than everything those import in turn.
        codeSplitting: {
          groups: [{ name: 'start', tags: ['$initial'], includeDependenciesRecursively: false, test: (id) => !addedRecipes.has(id) }],
        },
      },
      onwarn(warning, warn) {
        // graphiql's react-compiler-runtime carries a "use no memo" directive; harmless when bundled.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/graphql': server, '/api': server, '/uploads': server },
  },
});
