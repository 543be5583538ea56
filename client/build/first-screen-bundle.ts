// After the client build: bundles the page table's first-screen declarations
// (src/app/first-screen.ts and the *.first-screen.ts modules it loads) into one
// ES module for the server, dist/.server/first-screen.mjs, which
// server/web/first-screen.ts imports to run each page's first-screen queries with
// the page's URL variables, exactly as the client runs them. The pages
// themselves (every other dynamic import of the page table) stay out: the
// server never loads them. The dot folder is never served (client-app.ts).
import path from 'node:path';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin, ResolvedConfig } from 'vite';
import { FIRST_SCREEN_MODULE } from '@opennest/common/first-screen';


/** Dynamic imports of anything but a first-screen declaration (the pages, the dashboard's layout) are left as they are, never followed. */
const pagesLeftOut: EsbuildPlugin = {
  name: 'opennest:pages-left-out',
  setup(bundler) {
    bundler.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' && !/first-screen$/.test(args.path) ? { path: args.path, external: true } : undefined));
  },
};

export async function bundleFirstScreens(clientRoot: string, outDir: string): Promise<void> {
  await build({
    entryPoints: [path.join(clientRoot, 'src', 'app', 'first-screen.ts')],
    outfile: path.join(outDir, FIRST_SCREEN_MODULE),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // The generated documents are plain objects; nothing else is imported at run time.
    packages: 'bundle',
    logLevel: 'error',
    plugins: [pagesLeftOut],
  });
}

export function firstScreenBundle(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'opennest:first-screen-bundle',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      await bundleFirstScreens(config.root, path.resolve(config.root, config.build.outDir));
    },
  };
}
