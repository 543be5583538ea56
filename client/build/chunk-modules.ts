// What each emitted chunk is made of: the build writes .vite/chunk-modules.json,
// per chunk file the bytes of code each package (node_modules/<package>) or
// source folder of ours contributes, as rendered before minification. The
// budget test names the largest parts of a route that outgrew its budget, and
// `npm run report:initial-js` prints them per route (client/build/initial-js.ts),
// so the question "what is in my first load" has an answer without a visualizer.
import path from 'node:path';
import type { Plugin } from 'vite';

export const CHUNK_MODULES_FILE = path.join('.vite', 'chunk-modules.json');

/** Chunk file → part (package or source folder) → rendered bytes. */
export type ChunkModules = Record<string, Record<string, number>>;

/** 'node_modules/@chakra-ui/react/dist/esm/x.js' → '@chakra-ui/react'; '/…/client/src/home/Hero.tsx' → 'client/src/home'. */
export function partOf(moduleId: string): string {
  const id = moduleId.replace(/^\0/, '').split('?')[0];
  const nodeModules = id.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) {
    const [scope, name] = id.slice(nodeModules + '/node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const ours = id.match(/\/(client\/src|common)\/(.*)$/);
  if (ours) return path.posix.join(ours[1], path.posix.dirname(ours[2]));
  return id.startsWith('/') ? path.posix.basename(id) : id;
}

export function chunkModules(): Plugin {
  return {
    name: 'opennest:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const result: ChunkModules = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const parts: Record<string, number> = {};
        for (const [id, rendered] of Object.entries(output.modules)) {
          if (rendered.renderedLength === 0) continue;
          const part = partOf(id);
          parts[part] = (parts[part] ?? 0) + rendered.renderedLength;
        }
        result[output.fileName] = parts;
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(result) });
    },
  };
}
