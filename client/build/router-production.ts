// React Router's production build in the client's bundles. Its package exports
// resolve every condition to its development build (dist/development; upstream
// remix-run/react-router issues 12532 and 14102), whose only difference is
// ENABLE_DEV_WARNINGS = true: the warnings' checks run on every render of the
// routes and their messages ship in the start chunk. The build (not `vite dev`,
// where the warnings help) takes dist/production, the same code with that
// switch off, so the minifier drops the warnings.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin } from 'vite';

/** The production build's entry beside the development one the package exports. */
export function productionRouterEntry(): string {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const entry = path.join(packageDir, 'dist', 'production', 'index.mjs');
  if (!existsSync(entry)) throw new Error(`react-router has no ${path.relative(packageDir, entry)} any more: update client/build/router-production.ts`);
  return entry;
}

export function routerProductionBuild(): Plugin {
  let entry: string;
  return {
    name: 'opennest:router-production-build',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      entry = productionRouterEntry();
    },
    resolveId(source) {
      return source === 'react-router' ? entry : null;
    },
  };
}

/** For the server's page renderer (esbuild, client/build/server-bundles.ts): the same routes, the same build. */
export const routerProductionBuildForEsbuild: EsbuildPlugin = {
  name: 'opennest:router-production-build',
  setup(bundler) {
    bundler.onResolve({ filter: /^react-router$/ }, () => ({ path: productionRouterEntry() }));
  },
};
