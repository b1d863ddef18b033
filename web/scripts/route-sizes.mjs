#!/usr/bin/env node
/**
 * Prints the JavaScript (gzip) each route loads first, from the build's chunk graph
 * (dist/.vite/manifest.json): the entry with its static imports, the route's own lazy chunks with
 * theirs, and what every start loads (the language file; for a signed-in route also Refine with
 * the signed-in routes, the access policy, the GraphQL client and data provider, and the AppUser query). Run `pnpm --filter @console/web build` first.
 *
 *   node scripts/route-sizes.mjs [--json] [--dist DIR]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? process.argv[distArg + 1] : join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** A shared chunk's key carries its hash: find it by the name before the hash. */
const chunkKey = (name) => Object.keys(manifest).find((key) => key.startsWith(`_${name}-`)) ?? `_${name}`;

const SIGNED_IN = [
  'src/SignedInApp.tsx',
  'src/routes/ConsoleShell.tsx',
  'src/providers/access/policyEnforcer.ts',
  'src/providers/data/graphqlDataProvider.ts',
  'src/providers/auth/queries.ts',
  chunkKey('urql-core'),
];
const START = ['index.html', '../locales/en.json'];
const ROUTES = [
  ['/auth/login', ['src/pages/auth/login/LoginPage.tsx']],
  ['/auth/action', ['src/pages/auth/action/AuthActionPage.tsx']],
  ['/ (home)', [...SIGNED_IN, 'src/pages/home/HomePage.tsx']],
  // The second-factor section lists the enrolled phones on arrival, which loads the phone code.
  [
    '/settings/profile',
    [...SIGNED_IN, 'src/pages/settings/profile/ProfilePage.tsx', 'src/providers/auth/phoneFactor.ts'],
  ],
  ['/price-suggestions/global-rules', [...SIGNED_IN, 'src/pages/price-suggestions/rules/PriceRulesPage.tsx']],
  // The rule editor; its chart (recharts) loads with the simulation's first histogram, counted on the next line.
  [
    '/price-suggestions/global-rules/[ruleId]',
    [...SIGNED_IN, 'src/pages/price-suggestions/editor/PriceRuleEditorPage.tsx'],
  ],
  [
    '  + the simulation histogram',
    [
      ...SIGNED_IN,
      'src/pages/price-suggestions/editor/PriceRuleEditorPage.tsx',
      'src/pages/price-suggestions/simulation/ChangeHistogram.tsx',
    ],
  ],
  ['/data-insights/brand-snapshot', [...SIGNED_IN, 'src/pages/data-insights/BrandSnapshotPage.tsx']],
  // The competitor snapshot; its chart (recharts) loads when the period has points to draw, counted on the next line.
  ['/data-insights/competitor-snapshot', [...SIGNED_IN, 'src/pages/data-insights/CompetitorSnapshotPage.tsx']],
  [
    '  + the price index chart',
    [...SIGNED_IN, 'src/pages/data-insights/CompetitorSnapshotPage.tsx', 'src/pages/data-insights/PriceIndexChart.tsx'],
  ],
  ['every other signed-in route', [...SIGNED_IN, 'src/pages/planned/PlannedPage.tsx']],
];

/** The files a manifest key loads: itself and its static imports, transitively. */
function closure(keys, files = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) continue;
    files.add(chunk.file);
    closure(chunk.imports ?? [], files);
  }
  return files;
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

const rows = ROUTES.map(([route, keys]) => {
  const files = closure([...START, ...keys]);
  return { route, chunks: files.size, gzipKb: Math.round([...files].reduce((sum, file) => sum + gzipKb(file), 0)) };
});

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log('| route | chunks | JS first loaded (gzip) |\n|---|---:|---:|');
  for (const row of rows) console.log(`| ${row.route} | ${row.chunks} | ${row.gzipKb} kB |`);
}
