import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { withoutGlobalCss, withoutGlobalStyleElements } from './global-css';

const chakraSystem = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '..', 'esm', 'styled-system', 'system.js');

describe('the prebuilt global CSS', () => {
  it("makes Chakra's installed system module make systems without global CSS, keeping the functions that compute it", async () => {
    const code = await readFile(chakraSystem, 'utf8');
    const patched = withoutGlobalCss(code, chakraSystem);
    expect(patched).toContain('const _global = [];');
    expect(patched).not.toContain('getTokenCss()]');
    expect(patched).toContain('function getTokenCss()');
  });

  it('stops the build when Chakra no longer computes the global CSS the way it expects', () => {
    expect(() => withoutGlobalCss('const _global = [getTokenCss()];', 'system.js')).toThrow(/no longer has/);
  });

  it("removes emotion's global style elements from prerendered markup and keeps the others", () => {
    const markup = '<style data-emotion="css-global 1x2y" nonce="n">html{color:red}</style><style data-emotion="css 3z" nonce="n">.css-3z{color:teal}</style><p>x</p>';
    expect(withoutGlobalStyleElements(markup)).toBe('<style data-emotion="css 3z" nonce="n">.css-3z{color:teal}</style><p>x</p>');
  });
});
