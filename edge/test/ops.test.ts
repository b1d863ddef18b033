/**
 * The release commands offline (scripts/ops/): `npm run build` makes one stamped artifact set,
 * and deploy, promote and rollback with --dry-run pack exactly that set for the target
 * environment through wrangler's versions commands, while bad input (unknown environment,
 * unknown build or version, no credentials) is refused with a message and a non-zero exit and
 * changes no record. The built worker bundle runs in workerd and says its build id.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWranglerToml, section } from './wrangler-env.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const work = mkdtempSync(join(tmpdir(), 'console-ops-'));
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  OPS_ARTIFACTS_DIR: join(work, 'builds'),
  OPS_LEDGER_DIR: join(work, 'ledger'),
  WRANGLER_LOG_PATH: join(work, 'wrangler-logs'),
};
let buildId = '';

function ops(command: string, args: string[] = [], extra: Record<string, string> = {}) {
  const result = spawnSync(TSX, [join(ROOT, 'scripts', 'ops', `${command}.ts`), ...args], {
    cwd: ROOT,
    env: { ...env, ...extra },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

function ledger(environment: string): unknown[] | null {
  const file = join(env.OPS_LEDGER_DIR, `${environment}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown[]) : null;
}

/** What a real deploy records after wrangler moved the traffic (no Cloudflare account here). */
function recordDeployment(environment: string, records: { buildId: string; versionId: string }[]) {
  mkdirSync(env.OPS_LEDGER_DIR, { recursive: true });
  writeFileSync(
    join(env.OPS_LEDGER_DIR, `${environment}.json`),
    JSON.stringify(records.map((record) => ({ ...record, deployedAt: new Date().toISOString(), via: 'deploy' }))),
  );
}

beforeAll(() => {
  const web = join(work, 'web-dist');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>console</title>');
  const built = ops('build', ['--web-dist', web]);
  expect(built.status, built.out).toBe(0);
  buildId = readFileSync(join(env.OPS_ARTIFACTS_DIR, 'latest'), 'utf8').trim();
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run build', { timeout: 60_000 }, () => {
  it('makes one artifact set stamped with commit and time', () => {
    const dir = join(env.OPS_ARTIFACTS_DIR, buildId);
    const info = JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8')) as { buildId: string; commit: string };
    // The commit the build was made from (HEAD then; others may have committed since).
    expect(spawnSync('git', ['merge-base', '--is-ancestor', info.commit, 'HEAD'], { cwd: ROOT }).status).toBe(0);
    expect(buildId).toMatch(new RegExp(`^${info.commit.slice(0, 12)}-\\d{8}T\\d{6}Z$`));
    expect(info.buildId).toBe(buildId);
    for (const file of [
      'web/index.html',
      'worker/index.js',
      'api/main.mjs',
      'api/migrate.mjs',
      'api/Dockerfile',
      'api/app/policies/policy.csv',
    ]) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
  });

  it('writes the build id into the worker bundle: /config.json says it in workerd', async () => {
    const out = join(env.OPS_ARTIFACTS_DIR, buildId, 'worker');
    const local = section(readWranglerToml(), 'local');
    const mf = new Miniflare({
      modules: true,
      scriptPath: join(out, 'index.js'),
      modulesRoot: out,
      modulesRules: [{ type: 'Text', include: ['**/*.conf', '**/*.csv'] }],
      compatibilityDate: readWranglerToml().compatibility_date as string,
      compatibilityFlags: readWranglerToml().compatibility_flags as string[],
      bindings: { ...local.vars },
      serviceBindings: { ASSETS: () => new Response('asset') },
    });
    try {
      const response = await mf.dispatchFetch('http://127.0.0.1/config.json');
      expect(response.status).toBe(200);
      expect(((await response.json()) as { buildId: string }).buildId).toBe(buildId);
    } finally {
      await mf.dispose();
    }
  });
});

describe('deploy, promote, rollback', { timeout: 120_000 }, () => {
  it('deploy --dry-run packs the build as a dev worker version offline and records nothing', () => {
    const result = ops('deploy', ['--env', 'dev', '--dry-run']);
    expect(result.status, result.out).toBe(0);
    expect(result.out).toContain('--dry-run: exiting now.');
    expect(result.out).toContain('env.MAIN_BUCKET (price-console-dev-main)');
    expect(result.out).toContain('env.ASSETS');
    expect(result.out).toContain(`Dry run: build ${buildId} packs for dev`);
    expect(ledger('dev')).toBeNull();
  });

  it.each([
    [['--env', 'staging'], 2, /Unknown environment "staging"/],
    [['--env', 'local'], 2, /local is not deployed/],
    [[], 2, /Name the environment/],
    [
      ['--env', 'dev', '--build', '0123456789ab-20260101T000000Z', '--dry-run'],
      1,
      /Unknown or incomplete build 0123456789ab-20260101T000000Z/,
    ],
    [['--env', 'dev', '--build', '../../etc', '--dry-run'], 1, /Unknown build/],
    [
      ['--env', 'production'],
      1,
      /No Cloudflare credentials: set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID.*Nothing was uploaded/,
    ],
  ])('deploy %j is refused (exit %i) and changes nothing', (args, status, message) => {
    const result = ops('deploy', args);
    expect(result.status).toBe(status);
    expect(result.out).toMatch(message);
    expect(ledger('dev')).toBeNull();
    expect(ledger('production')).toBeNull();
  });

  it('promote refuses before dev ran anything, then packs exactly what dev runs for production', () => {
    const before = ops('promote', ['--from', 'dev', '--to', 'production', '--dry-run']);
    expect(before.status).toBe(1);
    expect(before.out).toMatch(/Nothing was deployed to dev yet/);

    recordDeployment('dev', [{ buildId, versionId: '11111111-2222-3333-4444-555555555555' }]);
    const promoted = ops('promote', ['--from', 'dev', '--to', 'production', '--dry-run']);
    expect(promoted.status, promoted.out).toBe(0);
    expect(promoted.out).toContain(
      `Promoting build ${buildId} (dev version 11111111-2222-3333-4444-555555555555) to production.`,
    );
    expect(promoted.out).toContain('env.MAIN_BUCKET (price-console-production-main)');
    expect(promoted.out).toContain(`Dry run: build ${buildId} packs for production`);
    expect(ledger('production')).toBeNull();

    const unknown = ops('promote', [
      '--from',
      'dev',
      '--to',
      'production',
      '--build',
      '0123456789ab-20260101T000000Z',
      '--dry-run',
    ]);
    expect(unknown.status).toBe(1);
    expect(unknown.out).toMatch(/Unknown version: dev never ran build 0123456789ab-20260101T000000Z/);
    const noCredentials = ops('promote', ['--from', 'dev', '--to', 'production']);
    expect(noCredentials.status).toBe(1);
    expect(noCredentials.out).toMatch(/No Cloudflare credentials/);
    expect(ledger('production')).toBeNull();
  });

  it('rollback returns to the version before the current one, and refuses when there is none', () => {
    recordDeployment('production', [{ buildId, versionId: 'aaaaaaaa-0000-0000-0000-000000000001' }]);
    const none = ops('rollback', ['--env', 'production', '--dry-run']);
    expect(none.status).toBe(1);
    expect(none.out).toMatch(/ran no earlier version/);

    const next = '0123456789ab-20270101T000000Z';
    recordDeployment('production', [
      { buildId, versionId: 'aaaaaaaa-0000-0000-0000-000000000001' },
      { buildId: next, versionId: 'bbbbbbbb-0000-0000-0000-000000000002' },
    ]);
    const dry = ops('rollback', ['--env', 'production', '--dry-run']);
    expect(dry.status, dry.out).toBe(0);
    expect(dry.out).toContain(
      `Rolling production back from build ${next} to build ${buildId} (worker version aaaaaaaa-0000-0000-0000-000000000001).`,
    );
    expect(dry.out).toContain(
      "Dry run: would send 100% of production's traffic to version aaaaaaaa-0000-0000-0000-000000000001",
    );

    const unknown = ops('rollback', ['--env', 'production', '--to', '999999999999-20200101T000000Z', '--dry-run']);
    expect(unknown.status).toBe(1);
    expect(unknown.out).toMatch(/Unknown version: production never ran build 999999999999-20200101T000000Z/);
    const noCredentials = ops('rollback', ['--env', 'production']);
    expect(noCredentials.status).toBe(1);
    expect(noCredentials.out).toMatch(/No Cloudflare credentials/);
    expect(ledger('production')).toHaveLength(2);
  });
});
