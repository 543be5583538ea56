// The shape of this folder's build steps that run on the client's output.
import type { Plugin, ResolvedConfig } from 'vite';
import path from 'node:path';

/** A build-only Vite plugin that runs `step` once the client bundle is written (not after a failed build). */
export function afterClientBuild(name: string, step: (config: ResolvedConfig, outDir: string) => Promise<void>): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (!error) await step(config, path.resolve(config.root, config.build.outDir));
    },
  };
}
