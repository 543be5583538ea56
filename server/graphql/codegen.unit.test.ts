// The generated GraphQL files are committed (the server loads /schema.graphql,
// resolvers and client compile against the generated types), so they must be
// exactly what `npm run codegen` produces from the current sources. This runs
// GraphQL Code Generator with codegen.ts in memory and compares; it writes nothing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import codegenConfig from '../../codegen';
import { projectRoot } from '../config';

/**
 * codegen's own plugin loader resolves plugins with `require` conditions, i.e. their
 * CommonJS builds, which `require` ESM-only packages: fine for Node, not for Jest's
 * module registry. Importing by name picks the ESM builds instead, one at a time
 * because Jest's ESM linker fails on concurrent imports of a shared module graph
 * ("request for './avoid-optionals.js' is not in cache").
 */
let pluginQueue: Promise<unknown> = Promise.resolve();
function loadPluginsOneAtATime(name: string): Promise<any> {
  const specifier = name.startsWith('.') ? path.resolve(projectRoot, name) : name;
  const loaded = pluginQueue.then(() => import(specifier));
  pluginQueue = loaded.catch(() => undefined);
  return loaded;
}

interface GeneratedFile {
  filename: string;
  content: string;
}

let generated: GeneratedFile[];

beforeAll(async () => {
  // Paths in codegen.ts are relative to the project root, wherever Jest was started.
  generated = (await generate({ ...codegenConfig, cwd: projectRoot, silent: true, verbose: false, pluginLoader: loadPluginsOneAtATime }, false)) as GeneratedFile[];
}, 60_000);

describe('committed GraphQL codegen output', () => {
  it('generates one file per output in codegen.ts', () => {
    expect(generated.map((file) => path.relative(projectRoot, path.resolve(projectRoot, file.filename))).sort()).toEqual(
      Object.keys(codegenConfig.generates).sort(),
    );
  });

  it.each(Object.keys(codegenConfig.generates))('%s is up to date (run `npm run codegen` if not)', async (output) => {
    const file = generated.find((f) => path.resolve(projectRoot, f.filename) === path.resolve(projectRoot, output));
    expect(file?.content.length).toBeGreaterThan(0);
    const committed = await readFile(path.join(projectRoot, output), 'utf8').catch(() => null);
    if (committed !== file!.content) {
      throw new Error(`${output} is stale: it differs from what codegen.ts generates. Run \`npm run codegen\` and commit the result.\n${firstDifference(committed, file!.content)}`);
    }
  });
});

/** Where the committed file first departs from the generated one, with a little context. */
function firstDifference(committed: string | null, generatedContent: string): string {
  if (committed === null) return 'The file does not exist.';
  const a = committed.split('\n');
  const b = generatedContent.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return [
    `First difference at line ${at + 1}:`,
    `  committed: ${JSON.stringify(a[at] ?? '<end of file>')}`,
    `  generated: ${JSON.stringify(b[at] ?? '<end of file>')}`,
  ].join('\n');
}
