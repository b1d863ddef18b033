/**
 * `npm test`: every suite of the workspace, one after the other, then one closing line with
 * the counts. Exits non-zero when any suite fails or cannot run.
 *
 *   unit + API + worker suites  vitest in policies/, api/ (PGlite, and PostgreSQL when reachable),
 *                               edge/ and web/
 *   typecheck                   generated GraphQL types current (`npm run codegen`), Biome check (format + lint, biome.json), tsc in every package
 *   end-to-end                  Playwright in Debian's Chromium against the real local stack
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './stack.ts';
import { ensureChromium } from './chromium.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
interface SuiteResult extends Counts {
  name: string;
  ok: boolean;
}

const pnpm = process.env.PNPM_BIN ?? 'pnpm';
const only = process.argv.slice(2);
const reports = mkdtempSync(join(tmpdir(), 'console-test-'));
const results: SuiteResult[] = [];

function exec(args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(pnpm, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function vitestSuite(name: string, pkg: string): void {
  const report = join(reports, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const status = exec([
    '--filter',
    pkg,
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const counts = readCounts(report, (json) => ({
    passed: json.numPassedTests ?? 0,
    failed: json.numFailedTests ?? 0,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  }));
  results.push({ name, ok: status === 0 && counts !== null, ...(counts ?? { passed: 0, failed: 1, skipped: 0 }) });
}

function typecheckSuite(): void {
  console.log('\n=== typecheck ===');
  // Generated GraphQL types current, every console operation valid against the schema (codegen.ts).
  const codegen = exec(['exec', 'graphql-codegen', '--config', 'codegen.ts', '--check']);
  // Format and lint (biome.json): an unformatted file or a lint error fails the stage (`npm run format` fixes the first).
  const lint = exec(['exec', 'biome', 'check', '.']);
  const status = Math.max(codegen, lint, exec(['-r', '--no-bail', 'typecheck']));
  results.push({ name: 'typecheck', ok: status === 0, passed: 0, failed: status === 0 ? 0 : 1, skipped: 0 });
}

function e2eSuite(): void {
  console.log('\n=== end-to-end (Chromium) ===');
  const chromium = ensureChromium();
  if (exec(['--filter', '@console/web', 'build']) !== 0) {
    results.push({ name: 'end-to-end', ok: false, passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const report = join(reports, 'e2e.json');
  const status = exec(['--filter', '@console/tests', 'exec', 'playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    CHROMIUM_PATH: chromium,
  });
  const counts = readCounts(report, (json) => ({
    passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
    failed: json.stats?.unexpected ?? 0,
    skipped: json.stats?.skipped ?? 0,
  }));
  results.push({
    name: 'end-to-end',
    ok: status === 0 && counts !== null,
    ...(counts ?? { passed: 0, failed: 1, skipped: 0 }),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function readCounts(file: string, pick: (json: any) => Counts): Counts | null {
  if (!existsSync(file)) return null;
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

const suites: Record<string, () => void> = {
  policies: () => vitestSuite('policies', '@console/policies'),
  api: () => vitestSuite('api', '@console/api'),
  'firebase-token': () => vitestSuite('firebase-token', '@console/firebase-token'),
  'error-scrub': () => vitestSuite('error-scrub', '@console/error-scrub'),
  edge: () => vitestSuite('edge', '@console/edge'),
  web: () => vitestSuite('web', '@console/web'),
  typecheck: typecheckSuite,
  e2e: e2eSuite,
};
// A suite name mistyped would run nothing and pass: refused, naming the suites there are.
const unknown = only.filter((name) => !Object.hasOwn(suites, name));
if (unknown.length) {
  console.error(`No such test suite: ${unknown.join(', ')}. The suites: ${Object.keys(suites).join(', ')}.`);
  process.exit(2);
}
for (const [name, run] of Object.entries(suites)) {
  if (only.length === 0 || only.includes(name)) run();
}
rmSync(reports, { recursive: true, force: true });

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(12)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`,
  );
}
const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
const allOk = results.every((r) => r.ok);
if (!allOk && total.failed === 0) total.failed = results.filter((r) => !r.ok).length;
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(allOk ? 0 : 1);
