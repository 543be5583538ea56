// The app's styling system carries only the recipes of the components it uses
// (client/src/app/theme.ts). A component used without its recipe renders unstyled: that is how
// the All Properties checkboxes once shipped with no boxes. Every Chakra
// component the client imports must find its recipe in the app's system.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { createAppSystem } from '../src/app/theme';

const clientSource = path.resolve(import.meta.dirname, '..', 'src');

/** Components styled by another component's recipe (Chakra's own wiring); '' for none. */
const RECIPE_OF: Record<string, string> = {
  IconButton: 'button',
  CloseButton: 'button',
  SkeletonText: 'skeleton',
  SkeletonCircle: 'skeleton',
  Toaster: 'toast',
  CheckboxGroup: 'checkbox',
  // Its start/end elements have no recipe; only addons (startAddon, endAddon), which the app does not use, have one.
  InputGroup: '',
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every name the client imports from '@chakra-ui/react', with a file that imports it. */
function importedChakraNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sourceFiles(clientSource)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const raw of match[1]!.split(',')) {
        const name = raw.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!;
        if (name && !names.has(name)) names.set(name, path.relative(clientSource, file));
      }
    }
  }
  return names;
}

const recipeKey = (component: string) => RECIPE_OF[component] ?? component[0]!.toLowerCase() + component.slice(1);
const hasRecipe = (system: typeof defaultSystem, key: string) => key !== '' && (system.isRecipe(key) || system.isSlotRecipe(key));

it('has the recipe of every Chakra component the client uses', () => {
  const system = createAppSystem();
  const imported = importedChakraNames();
  // The scan itself works: the filter panel's checkboxes are among them.
  expect(imported.has('Checkbox')).toBe(true);
  const missing = [...imported]
    .filter(([component]) => hasRecipe(defaultSystem, recipeKey(component)) && !hasRecipe(system, recipeKey(component)))
    .map(([component, file]) => `${component} (${file}) needs the "${recipeKey(component)}" recipe in theme.ts`);
  expect(missing).toEqual([]);
});
