import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PROP_CHECK_MODULE, withPropNameSet } from './prop-names';

const require = createRequire(import.meta.url);
/** The module the browser build bundles (the package's "module" entry). */
const installed = require.resolve('@emotion/is-prop-valid').replace(/emotion-is-prop-valid\.cjs\.js$/, 'emotion-is-prop-valid.esm.js');

type PropCheck = (prop: string) => boolean;

/** The module's default export, evaluated here (its memoization left out: the answers are what is compared). */
function checkOf(source: string): PropCheck {
  const body = source
    .replace("import memoize from '@emotion/memoize';", 'const memoize = (check) => check;')
    .replace('export { isPropValid as default };', 'return isPropValid;');
  return new Function(body)() as PropCheck;
}

describe('the prop-name check as a Set', () => {
  it('gives the installed package’s answer for every name it lists and for names near them', async () => {
    const source = await readFile(installed, 'utf8');
    expect(PROP_CHECK_MODULE.test(installed)).toBe(true);
    const original = checkOf(source);
    const rewritten = checkOf(withPropNameSet(source));
    const names = /var reactPropsRegex = \/\^\(\(([A-Za-z0-9|]+)\)/.exec(source)![1].split('|');
    expect(names.length).toBeGreaterThan(400);
    const near = names.flatMap((name) => [name, name.toUpperCase(), name.toLowerCase(), `${name}s`, `x${name}`, name.slice(1), `data-${name}`]);
    const patterns = ['data-x', 'DATA-x', 'Data-', 'data', 'aria-label', 'ARIA-hidden', 'aria', 'x-', 'x-y', 'X-y', 'xy-z', 'data-a\nb', 'onClick', 'onclick', 'on', 'onA', 'on[', 'colorPalette', 'bg', 'asChild', 'css', 'as', '', '-', '|', 'children|key'];
    const differing = [...near, ...patterns].filter((prop) => original(prop) !== rewritten(prop));
    expect(differing).toEqual([]);
    // Both answers occur: the comparison means something.
    expect(names.every(original)).toBe(true);
    expect(['colorPalette', 'bg', 'asChild'].some(original)).toBe(false);
  });

  it('answers without the long expression', async () => {
    const rewritten = withPropNameSet(await readFile(installed, 'utf8'));
    expect(rewritten).toContain('new Set(');
    expect(rewritten).not.toMatch(/var reactPropsRegex = \/\^/);
  });

  it('stops the build when the package no longer declares its expression as expected', () => {
    expect(() => withPropNameSet('var isPropValid = () => true;')).toThrow(/update client\/build\/prop-names\.ts/);
  });
});
