import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const workspaceRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // The built-in languages live at the workspace root, shared with the edge worker and tests.
      '@locales': fileURLToPath(new URL('../locales', import.meta.url)),
    },
  },
  server: {
    // policies/ and locales/ are read from outside web/.
    fs: { allow: [workspaceRoot] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph scripts/route-sizes.mjs reads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // CommonJS packages @refinedev/core imports for features the console does not use
        // (CSV import/export, dev-tools stack traces): without a sideEffects flag they would
        // stay in the first-load bundle.
        moduleSideEffects: [{ test: /node_modules[\\/](papaparse|error-stack-parser|stackframe)[\\/]/, sideEffects: false }],
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    server: {
      // One copy of react-router for Refine and the app (DESIGN §5).
      deps: { inline: [/@refinedev\//] },
    },
  },
});
