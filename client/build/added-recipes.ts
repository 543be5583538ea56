// The Chakra recipe modules that belong with the pages drawing their components,
// not with the start chunk: the recipes client/src/ui/recipes/*.ts add when a page's
// component loads (client/src/app/theme.ts, addSlotRecipes), and the recipe files
// those import, less any a start recipe (one theme.ts registers) needs as well.
// The start chunk takes every module statically reachable from the entry
// (vite.config.ts), and Chakra's theme index reaches every recipe (it builds the
// default theme from all of them), so these are named and left out of it.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const clientSource = fileURLToPath(new URL('../src', import.meta.url));
const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Chakra's recipe files (dist/esm/theme/recipes/<name>.js). */
function recipesDirectory(): string {
  const themeIndex = createRequire(import.meta.url).resolve('@chakra-ui/react/theme');
  return path.join(path.dirname(themeIndex).replace(`${path.sep}cjs${path.sep}`, `${path.sep}esm${path.sep}`), 'recipes');
}

/** The recipe files `names` import, with theirs, transitively (e.g. native-select → select). */
function withImports(directory: string, names: string[]): Set<string> {
  const found = new Set(names);
  for (const name of found) {
    for (const [, imported] of readFileSync(path.join(directory, `${name}.js`), 'utf8').matchAll(/from '\.\/([\w-]+)\.js'/g)) found.add(imported);
  }
  return found;
}

/** The ids (absolute paths) of the recipe modules to leave out of the start chunk. */
export function addedRecipeModules(): Set<string> {
  const directory = recipesDirectory();
  const added = readdirSync(path.join(clientSource, 'ui', 'recipes')).map((file) => file.replace(/\.ts$/, ''));
  const theme = readFileSync(path.join(clientSource, 'app', 'theme.ts'), 'utf8');
  const atStart = [...theme.matchAll(/\b(\w+?)(?:Slot)?Recipe\b,/g)].map(([, key]) => kebab(key)).filter((name) => !added.includes(name));
  const needed = withImports(directory, atStart);
  return new Set([...withImports(directory, added)].filter((name) => !needed.has(name)).map((name) => path.join(directory, `${name}.js`)));
}
