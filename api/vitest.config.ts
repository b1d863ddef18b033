import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { loadStretch } from './src/db/pglite-process.ts';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS ("main") and ESM ("module") copies. Node, and so graphql-yoga, loads
    // the CJS one; Vite would hand our sources the ESM one, and two copies of graphql do not
    // recognise each other's errors and types. Use the one Node uses.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The run's prepared databases (test/templates.ts).
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    // Starting a PGlite process and creating a PostgreSQL database take a few seconds on an idle
    // machine, as much longer as the load average per core says when the run starts.
    hookTimeout: Math.round(120_000 * loadStretch()),
  },
});
