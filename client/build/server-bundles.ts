// After the client build: bundles what the server runs of the client's code, under
// dist/.server (a dot folder: never served, see client-app.ts).
// - The page table's first-screen declarations (src/app/first-screen.ts and the
//   *.first-screen.ts modules it loads) into one ES module, first-screen.mjs,
//   which server/web/first-screen.ts imports to run each page's first-screen
//   queries with the page's URL variables, exactly as the client runs them. The
//   pages themselves (every other dynamic import of the page table) stay out.
// - The page renderer (src/page-render.tsx) with the pages, one chunk per page as
//   in the browser, which server/web/page-render.ts imports to draw a signed-in
//   page's first screen into its HTML, packages included.
import path from 'node:path';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin, ResolvedConfig } from 'vite';
import { afterClientBuild } from './after-client-build';
import { FIRST_SCREEN_MODULE, PAGE_RENDER_MODULE } from '@opennest/common/first-screen';
import { globalCssPrebuiltForEsbuild } from './global-css';
import { routerProductionBuildForEsbuild } from './router-production';


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

export async function bundlePageRender(clientRoot: string, outDir: string, define: Record<string, string> = {}): Promise<void> {
  const entry = path.join(outDir, PAGE_RENDER_MODULE);
  await build({
    entryPoints: { [path.basename(entry, '.mjs')]: path.join(clientRoot, 'src', 'page-render.tsx') },
    outdir: path.dirname(entry),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    jsx: 'automatic',
    // The client build's own constants (the local card form's switch), as Vite defines them.
    define: { ...define, 'process.env.NODE_ENV': '"production"' },
    // Packages are bundled too, so the build runs wherever it is put (a build folder outside the project has
    // no node_modules to import from); the CommonJS ones among them (React DOM's server) get a require.
    packages: 'bundle',
    banner: { js: "import { createRequire as __opennestCreateRequire } from 'node:module'; const require = __opennestCreateRequire(import.meta.url);" },
    logLevel: 'error',
    // The page's global CSS is in the HTML's head (client/build/global-css.ts), not in each page drawn.
    plugins: [globalCssPrebuiltForEsbuild, routerProductionBuildForEsbuild],
  });
}

/** Vite's `define` as esbuild takes it (every value an expression's source text). */
function definesOf(config: ResolvedConfig): Record<string, string> {
  return Object.fromEntries(Object.entries(config.define ?? {}).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
}

export function serverBundles(): Plugin {
  return afterClientBuild('opennest:server-bundles', async (config, outDir) => {
    await Promise.all([bundleFirstScreens(config.root, outDir), bundlePageRender(config.root, outDir, definesOf(config))]);
  });
}
