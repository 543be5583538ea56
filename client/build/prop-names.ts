// Emotion's check of which props reach the DOM (@emotion/is-prop-valid, which
// every Chakra element asks once per prop name) tests each new name against
// one regular expression of about 450 alternatives. On a phone that was 44 to
// 47 ms of every page's start (4x CPU, `npm run bench:web:trace`): the
// expression is interpreted alternative by alternative, then compiled. The
// build rewrites that one declaration into a Set of the same names and a
// small expression for its patterns (data-*, aria-*, x-*), read from the
// package's own source, so that the answers stay the package's (a unit test
// compares them name by name: client/build/prop-names.test.ts).
import type { Plugin } from 'vite';

export const PROP_CHECK_MODULE = /[\\/]@emotion[\\/]is-prop-valid[\\/]dist[\\/]emotion-is-prop-valid\.(esm|cjs\.dev|cjs\.prod|cjs)\.m?js$/;

/** `var reactPropsRegex = /^((name|name|…)|(pattern))$/;` as the package writes it. */
const DECLARATION = /var reactPropsRegex = \/\^\(\(([A-Za-z0-9|]+)\)\|\(([^/]+)\)\)\$\/;/;

/**
 * The module's source with its expression replaced by an object whose `test`
 * gives the same answer: membership of the names, or a match of the patterns.
 * Throws when the declaration is not found (a new version of the package), so
 * that the build says so instead of shipping the slow path unnoticed.
 */
export function withPropNameSet(source: string): string {
  const found = DECLARATION.exec(source);
  if (!found) throw new Error('@emotion/is-prop-valid: its reactPropsRegex declaration was not found; update client/build/prop-names.ts');
  const [declaration, names, patterns] = found;
  const replacement =
    `var reactPropNames = new Set(${JSON.stringify(names)}.split('|'));\n` +
    `var reactPropPatterns = new RegExp(${JSON.stringify(`^(?:${patterns})$`)});\n` +
    `var reactPropsRegex = { test: function (prop) { return reactPropNames.has(prop) || reactPropPatterns.test(prop); } };`;
  return source.replace(declaration, replacement);
}

export function propNameSet(): Plugin {
  return {
    name: 'opennest:prop-name-set',
    apply: 'build',
    transform(code, id) {
      return PROP_CHECK_MODULE.test(id.split('?')[0]) ? { code: withPropNameSet(code), map: null } : null;
    },
  };
}
