import { defineConfig, type Plugin } from 'vitest/config';

/** Imports of .conf / .csv files (the access policy) are text, as wrangler's [[rules]] type "Text" makes them. */
function textModules(): Plugin {
  return {
    name: 'edge-text-modules',
    transform(code, id) {
      if (!/\.(conf|csv)$/.test(id.split('?')[0]!)) return null;
      return { code: `export default ${JSON.stringify(code)};`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [textModules()],
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
