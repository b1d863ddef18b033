/**
 * Bundles the API into one file per entry (esbuild): the production start runs
 * `node <dir>/main.mjs`, the migrations `node <dir>/migrate.mjs`; neither needs tsx nor
 * node_modules. The API reads a few files beside its sources at run time (the GraphQL schema
 * files, the SQL migrations, the access policy): they are copied under `<dir>/app/` in the
 * repository's layout, and every `import.meta.url` of the repository's own modules is pointed at
 * its source's place in that copy, so those reads work unchanged.
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'esbuild';
import { ROOT } from '../stack.ts';

/** The API package's esbuild (a dev dependency of api/). */
const esbuild = createRequire(join(ROOT, 'api', 'package.json'))('esbuild') as typeof import('esbuild');

export const API_ENTRIES = {
  main: 'api/src/main.ts',
  migrate: 'api/src/db/migrate-main.ts',
  worker: 'api/src/jobs/worker-main.ts',
} as const;
/** Files the API reads at run time, relative to the repository root. */
const RUNTIME_FILES = /\.(graphql|sql)$/;

export async function bundleApi(outDir: string, buildId: string): Promise<string[]> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const appDir = join(outDir, 'app');
  copyRuntimeFiles(join(ROOT, 'api', 'src'), appDir);
  for (const file of ['model.conf', 'policy.csv']) cpSync(join(ROOT, 'policies', file), join(appDir, 'policies', file));

  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(API_ENTRIES).map(([name, source]) => [name, join(ROOT, source)])),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    // pg's optional native binding is never used; playwright-core (headless page rendering of the
    // scrapers, loaded only when a scraper asks for it) stays outside: it needs a browser anyway.
    external: ['pg-native', 'playwright-core'],
    // CommonJS dependencies call require() for Node's modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    define: { 'process.env.BUNDLED_BUILD_ID': JSON.stringify(buildId) },
    plugins: [sourceRelativeUrls()],
    metafile: true,
  });
  return Object.keys(result.metafile.outputs).map((file) => relative(ROOT, join(ROOT, file)));
}

/** `import.meta.url` of a repository module -> the URL of its place under `<outDir>/app/`. */
function sourceRelativeUrls(): Plugin {
  return {
    name: 'source-relative-urls',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes('/node_modules/') || !args.path.startsWith(ROOT)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
        const target = `./app/${relative(ROOT, args.path)}`;
        return {
          contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(target)}, import.meta.url).href`),
          loader: 'ts',
        };
      });
    },
  };
}

function copyRuntimeFiles(dir: string, appDir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyRuntimeFiles(path, appDir);
    else if (RUNTIME_FILES.test(name) && !name.includes('.test.')) {
      const target = join(appDir, relative(ROOT, path));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(path, target);
    }
  }
}
