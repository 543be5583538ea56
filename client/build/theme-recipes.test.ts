// The app's styling system carries only the recipes of the components it uses
// (client/src/app/theme.ts). A component used without its recipe renders unstyled: that is how
// the All Properties checkboxes once shipped with no boxes. Every Chakra
// component the client imports must find its recipe in the app's system: there
// from the start, or added by client/src/ui/recipes/<recipe>.ts, which then every
// module drawing the component imports (so the recipe is in before it renders).
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

/** Every name the client imports from '@chakra-ui/react', with each file that imports it and that file's text. */
function importedChakraNames(): Array<{ component: string; file: string; text: string }> {
  const found: Array<{ component: string; file: string; text: string }> = [];
  for (const file of sourceFiles(clientSource)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const raw of match[1]!.split(',')) {
        if (/^\s*type\s/.test(raw)) continue;
        const component = raw.trim().split(/\s+as\s+/)[0]!;
        if (component) found.push({ component, file: path.relative(clientSource, file), text });
      }
    }
  }
  return found;
}

/** client/src/ui/recipes/<kebab-case key>.ts: the module adding a recipe that is not in the system from the start. */
const recipeModule = (key: string) => `ui/recipes/${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

const recipeKey = (component: string) => RECIPE_OF[component] ?? component[0]!.toLowerCase() + component.slice(1);
const hasRecipe = (system: typeof defaultSystem, key: string) => key !== '' && (system.isRecipe(key) || system.isSlotRecipe(key));

it('has the recipe of every Chakra component the client uses, from the start or added by the module drawing it', async () => {
  const system = createAppSystem();
  const fromStart = (key: string) => hasRecipe(system, key);
  const imported = importedChakraNames();
  // The scan itself works: the filter panel's checkboxes are among them, and the dialogs.
  expect(imported.map(({ component }) => component)).toEqual(expect.arrayContaining(['Checkbox', 'Dialog']));
  const styled = imported.filter(({ component }) => hasRecipe(defaultSystem, recipeKey(component)));
  const added = [...new Set(styled.map(({ component }) => recipeKey(component)).filter((key) => !fromStart(key)))];
  // Some recipes are left out of the start: the dialog's, for one.
  expect(added).toContain('dialog');
  const missing: string[] = [];
  for (const { component, file, text } of styled) {
    const key = recipeKey(component);
    if (fromStart(key) || added.includes(key) === false) continue;
    const module = recipeModule(key);
    const importPath = path.relative(path.dirname(path.join(clientSource, file)), path.join(clientSource, module)).replace(/^(?!\.)/, './');
    if (!text.includes(`import '${importPath}';`)) missing.push(`${component} (${file}) needs import '${importPath}'; (its "${key}" recipe is not in theme.ts)`);
  }
  expect(missing).toEqual([]);
  // Each module adds its recipe, to the systems made before and after it loaded.
  for (const key of added) {
    expect({ key, before: hasRecipe(system, key) }).toEqual({ key, before: false });
    await import(path.join(clientSource, `${recipeModule(key)}.ts`));
    expect({ key, before: hasRecipe(system, key), after: hasRecipe(createAppSystem(), key) }).toEqual({ key, before: true, after: true });
  }
});
