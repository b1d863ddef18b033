/**
 * wrangler.toml itself: every environment complete and separate, and the production bundle
 * builds offline with the real file (assets pointed at a temporary placeholder).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS, readWranglerToml, section, WRANGLER_TOML } from './wrangler-env.ts';

const REQUIRED_VARS = [
  'APP_ENV',
  'GRAPHQL_UPSTREAM',
  'GRAPHQL_UPSTREAM_TIMEOUT_MS',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'STORAGE_MAIN_BUCKET',
  'STORAGE_PUBLIC_BUCKET',
  'STORAGE_BACKEND',
  'ERROR_REPORTING_DSN',
];

describe('wrangler.toml', () => {
  const toml = readWranglerToml();

  it('runs edge/src/index.ts first, in front of web/dist, on the local runtime date', () => {
    expect(toml.main).toBe('edge/src/index.ts');
    expect(toml.compatibility_date).toBe('2026-04-26');
    // casbin (the storage routes' access policy) needs Node's Buffer and fs at run time.
    expect(toml.compatibility_flags).toEqual(['nodejs_compat']);
    expect(toml.assets).toEqual({
      directory: './web/dist',
      binding: 'ASSETS',
      run_worker_first: true,
      not_found_handling: 'none',
    });
    // The access policy files are bundled as text modules.
    expect(toml.rules).toEqual([{ type: 'Text', globs: ['**/*.conf', '**/*.csv'], fallthrough: true }]);
  });

  it('has a top level that is no environment: no vars, no buckets, no secret (the worker then refuses to serve)', () => {
    expect(toml.vars).toBeUndefined();
    expect(toml.r2_buckets).toBeUndefined();
    expect(Object.keys(toml.env ?? {}).sort()).toEqual([...ENVIRONMENTS].sort());
    expect(JSON.stringify(toml)).not.toMatch(/EDGE_SHARED_SECRET"\s*:/);
  });

  it.each(ENVIRONMENTS)('%s sets every var and both R2 bindings, matching its bucket names', (environment) => {
    const { vars = {}, r2_buckets = [] } = section(toml, environment);
    expect(Object.keys(vars).sort()).toEqual([...REQUIRED_VARS].sort());
    expect(vars.APP_ENV).toBe(environment);
    expect(vars.STORAGE_MAIN_BUCKET).toBe(`price-console-${environment}-main`);
    expect(vars.STORAGE_PUBLIC_BUCKET).toBe(`price-console-${environment}-public`);
    expect(r2_buckets).toEqual([
      { binding: 'MAIN_BUCKET', bucket_name: vars.STORAGE_MAIN_BUCKET },
      { binding: 'PUBLIC_BUCKET', bucket_name: vars.STORAGE_PUBLIC_BUCKET },
    ]);
    if (environment !== 'local') {
      expect(vars.FIREBASE_AUTH_EMULATOR_HOST).toBe('');
      expect(vars.GRAPHQL_UPSTREAM).toMatch(/^https:\/\//);
    }
    expect(environment === 'production' || vars.ERROR_REPORTING_DSN === '').toBe(true);
    // Local works offline on the R2 simulation; dev and production use Firebase Storage.
    expect(vars.STORAGE_BACKEND).toBe(environment === 'local' ? 'r2' : 'firebase');
  });

  it('gives each environment its own worker name, project and buckets', () => {
    const names = ENVIRONMENTS.map((environment) => section(toml, environment).name ?? toml.name);
    const projects = ENVIRONMENTS.map((environment) => section(toml, environment).vars?.FIREBASE_PROJECT_ID);
    const buckets = ENVIRONMENTS.flatMap((environment) =>
      (section(toml, environment).r2_buckets ?? []).map((bucket) => bucket.bucket_name),
    );
    expect(new Set(names).size).toBe(3);
    expect(new Set(projects).size).toBe(3);
    expect(new Set(buckets).size).toBe(6);
  });

  it('bundles the production worker offline with `wrangler deploy --dry-run`', { timeout: 60_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'edge-dry-run-'));
    try {
      const assets = join(work, 'dist');
      const outdir = join(work, 'out');
      mkdirSync(assets);
      writeFileSync(join(assets, 'index.html'), '<!doctype html><title>placeholder</title>');
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [
          wranglerBin(),
          'deploy',
          '--dry-run',
          '--env',
          'production',
          '--outdir',
          outdir,
          '--assets',
          assets,
          '--config',
          WRANGLER_TOML,
        ],
        {
          cwd: dirname(WRANGLER_TOML),
          env: {
            ...process.env,
            WRANGLER_SEND_METRICS: 'false',
            WRANGLER_SEND_ERROR_REPORTS: 'false',
            CLOUDFLARE_CF_FETCH_ENABLED: 'false',
            WRANGLER_HIDE_BANNER: 'true',
            NO_COLOR: '1',
            WRANGLER_LOG_PATH: join(work, 'logs'),
          },
        },
      );
      const output = stdout + stderr;
      expect(output).toContain('--dry-run: exiting now.');
      expect(output).toContain('env.MAIN_BUCKET (price-console-production-main)');
      expect(output).toContain('env.ASSETS');
      expect(output).not.toMatch(/WARNING/);
      expect(readdirSync(outdir)).toContain('index.js');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

function wranglerBin(): string {
  return fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url));
}
