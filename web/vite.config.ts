import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const workspaceRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // The built-in languages live at the workspace root, shared with the edge worker and tests.
      { find: '@locales', replacement: fileURLToPath(new URL('../locales', import.meta.url)) },
      // Smaller stand-ins for two dependencies of Refine's packages (see each file).
      { find: /^side-channel$/, replacement: fileURLToPath(new URL('src/shims/side-channel.cjs', import.meta.url)) },
      { find: /^graphql-tag$/, replacement: fileURLToPath(new URL('src/shims/graphql-tag.ts', import.meta.url)) },
    ],
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
        // Packages without a sideEffects flag, so their unused modules would stay in first loads:
        // CommonJS packages @refinedev/core imports for features the console does not use (CSV
        // import/export, dev-tools stack traces), and antd's form engine, which antd's Input
        // reaches through a context module even where no Form is used (the sign-in page).
        moduleSideEffects: [
          { test: /node_modules[\\/](papaparse|error-stack-parser|stackframe)[\\/]/, sideEffects: false },
          { test: /node_modules[\\/](rc-field-form|@rc-component[\\/]async-validator)[\\/]/, sideEffects: false },
        ],
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
