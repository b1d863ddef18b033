import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

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
    testTimeout: 30_000,
    // Starting a PGlite process and creating a PostgreSQL database take a few seconds.
    hookTimeout: 120_000,
  },
});
