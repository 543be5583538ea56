// The three sides stay apart: common/ (isomorphic) imports neither client/ nor
// server/ nor Node built-ins; the server never imports client code and the
// client never imports server code. Shared code goes through @opennest/common.
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './config';

const SOURCE = /\.(ts|tsx|cts|mts)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'generated', 'dist'].includes(entry.name) ? [] : sourceFiles(relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

/** Every module specifier a file names: static and dynamic imports, re-exports, require(). */
function specifiers(file: string): string[] {
  const text = fs.readFileSync(path.join(projectRoot, file), 'utf8');
  const found = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]/gms),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((match) => match[1]);
}

/** The top-level folder a specifier lands in ('client', 'server', 'common', ...), or the package name. */
function destination(file: string, specifier: string): string {
  if (specifier.startsWith('.')) return path.normalize(path.join(path.dirname(file), specifier)).split(path.sep)[0];
  if (specifier.startsWith('@opennest/common')) return 'common';
  return specifier.startsWith('node:') ? 'node:' : `package:${specifier}`;
}

function violations(side: string, forbidden: string[]): string[] {
  return sourceFiles(side).flatMap((file) =>
    specifiers(file)
      .filter((specifier) => forbidden.includes(destination(file, specifier)))
      .map((specifier) => `${file} imports ${specifier}`),
  );
}

describe('boundaries between common/, client/ and server/', () => {
  it('finds the imports it looks for (the scanner works)', () => {
    expect(sourceFiles('server').length).toBeGreaterThan(50);
    expect(specifiers('server/app.ts')).toEqual(expect.arrayContaining(['express', './config']));
    expect(destination('server/app.ts', '../client/src/x')).toBe('client');
    expect(destination('client/src/app/App.tsx', '../../../server/x')).toBe('server');
  });

  it('common/ imports neither client/ nor server/, nor Node built-ins', () => {
    expect(violations('common', ['client', 'server', 'e2e', 'node:'])).toEqual([]);
  });

  it('server/ never imports client/ code', () => {
    expect(violations('server', ['client'])).toEqual([]);
  });

  it('client/ never imports server/ code', () => {
    expect(violations('client', ['server', 'e2e'])).toEqual([]);
  });

  it('server/config.ts is a leaf: it imports nothing of the project (any part may read its configuration)', () => {
    expect(specifiers('server/config.ts').filter((specifier) => specifier.startsWith('.') || specifier.startsWith('@opennest/'))).toEqual([]);
  });
});
