import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The client is built into client/dist and served by the Express app on the same
// origin as /graphql, /api and /uploads. `vite dev` proxies those to the server.
const server = process.env.OPENNEST_API ?? 'http://localhost:4000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      onwarn(warning, warn) {
        // graphiql's react-compiler-runtime carries a "use no memo" directive; harmless when bundled.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/graphql': server, '/api': server, '/uploads': server },
  },
});
