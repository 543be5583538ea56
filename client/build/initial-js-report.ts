// `npm run report:initial-js` (after `npm run build`): per route of ROUTE_PAGES,
// the initial JavaScript (gzip, files, against its budget and issue 21's
// target), then the largest parts of it: which packages and source folders
// the first load carries, to see what to move behind a dynamic import.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INITIAL_JS_BUDGETS, INITIAL_JS_TARGET, ROUTE_PAGES, initialJs, largestParts, readManifest } from './initial-js';

const distDir = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
const manifest = await readManifest(distDir);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
for (const [route, pages] of Object.entries(ROUTE_PAGES)) {
  const { gzipBytes, files } = await initialJs(distDir, manifest, pages);
  const budget = INITIAL_JS_BUDGETS[route];
  const against = budget ? `budget ${kb(budget.gzipBytes)} in ${budget.files} files, target ${kb(INITIAL_JS_TARGET)}` : 'no budget';
  console.log(`${route}: ${kb(gzipBytes)} gzip in ${files.length} files (${against})`);
  for (const { part, bytes } of await largestParts(distDir, files)) console.log(`  ${kb(bytes).padStart(9)}  ${part}`);
}
console.log('(parts: bytes of code before minification, from .vite/chunk-modules.json)');
