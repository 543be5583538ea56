// Writes `<file>.br` and `<file>.gz` next to every compressible file of the
// build, once, at the best compression levels, so the server sends them as they
// are (server/web/client-app.ts) instead of compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|wasm)$/;
/** Below this, the compressed file costs more than it saves. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite holds the build manifest, which is never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Compresses every compressible file under `dir` (source maps are left alone: only developers fetch them). */
export async function precompressDirectory(dir: string): Promise<number> {
  const jobs: Array<Promise<void>> = [];
  for await (const file of filesUnder(dir)) {
    jobs.push(
      (async () => {
        if ((await stat(file)).size < MIN_BYTES) return;
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      })(),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'opennest:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (!error) await precompressDirectory(outDir);
    },
  };
}
