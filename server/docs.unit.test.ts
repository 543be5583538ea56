// The README stays short and its links (and the docs' own) lead somewhere; the
// configuration tables of docs/configuration.md are what `npm run docs:config`
// writes from SETTINGS (server/config.ts), so they cannot drift.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_DOC, withCurrentTables } from '../scripts/configuration-doc';
import { projectRoot, SETTINGS } from './config';

const README = path.join(projectRoot, 'README.md');
const DOCS = path.join(projectRoot, 'docs');
const pages = [README, ...readdirSync(DOCS).filter((name) => name.endsWith('.md')).map((name) => path.join(DOCS, name))];

/** GitHub's anchor of a heading: lower case, punctuation but hyphens and underscores dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsIn = (file: string) => new Set([...readFileSync(file, 'utf8').matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1])));

/** Relative Markdown links of a page (code spans and fenced blocks left out), with where they point. */
function relativeLinks(file: string): Array<{ link: string; target: string; anchor: string | null }> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((link) => !/^[a-z]+:/i.test(link))
    .map((link) => {
      const [target, anchor] = link.split('#');
      return { link, target: target ? path.resolve(path.dirname(file), target) : file, anchor: anchor ?? null };
    });
}

it('keeps the README at most 250 lines', () => {
  expect(readFileSync(README, 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
});

it('links the README to each part of docs/', () => {
  const linked = new Set(relativeLinks(README).map(({ target }) => path.relative(projectRoot, target)));
  for (const doc of ['configuration', 'security', 'many-processes', 'api', 'notifications-and-jobs', 'benchmarks', 'operations']) expect(linked).toContain(`docs/${doc}.md`);
});

it.each(pages.map((file) => [path.relative(projectRoot, file), file]))('resolves every relative link of %s, anchors included', (_name, file) => {
  const links = relativeLinks(file);
  const broken = links.filter(({ target, anchor }) => !existsSync(target) || (anchor !== null && target.endsWith('.md') && !anchorsIn(target).has(anchor)));
  expect(broken.map(({ link }) => link)).toEqual([]);
});

it('finds the links it checks (the scanner works)', () => {
  expect(relativeLinks(README).length).toBeGreaterThan(10);
  expect(anchorOf('Every core (`API_PROCESSES`)')).toBe('every-core-api_processes');
});

it('has the configuration tables that npm run docs:config writes from SETTINGS (stale: run it)', () => {
  const page = readFileSync(CONFIGURATION_DOC, 'utf8');
  expect(page).toBe(withCurrentTables(page));
  for (const name of Object.keys(SETTINGS)) expect(page).toContain(`| \`${name}\` |`);
});
