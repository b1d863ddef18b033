/** Configuration from the environment, and a start refused for an unsafe one. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_WEBSITES, loadConfig, REPO_ROOT } from '../src/config.ts';

describe('loadConfig', () => {
  it('has local defaults', () => {
    expect(loadConfig({})).toMatchObject({
      environment: 'local',
      host: '127.0.0.1',
      port: 4000,
      databaseUrl: null,
      pgliteDir: `${REPO_ROOT}/.data/pglite`,
      firebaseProjectId: 'demo-price-console',
      authEmulatorHost: null,
      seedWebsites: DEFAULT_SEED_WEBSITES,
    });
  });

  it('reads the environment and --scale', () => {
    const config = loadConfig(
      { APP_ENV: 'production', HOST: '0.0.0.0', PORT: '4100', DATABASE_URL: 'postgres://db/console', PGLITE_DIR: '/tmp/x', FIREBASE_PROJECT_ID: 'prod-project' },
      ['--scale', '10000'],
    );
    expect(config).toMatchObject({ environment: 'production', host: '0.0.0.0', port: 4100, databaseUrl: 'postgres://db/console', pgliteDir: '/tmp/x', firebaseProjectId: 'prod-project', seedWebsites: 10000 });
  });

  it.each(['dev', 'production'])('refuses %s with an Auth emulator', (APP_ENV) => {
    expect(() => loadConfig({ APP_ENV, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/Refusing to start/);
  });

  it('accepts the emulator locally', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).authEmulatorHost).toBe('127.0.0.1:9099');
  });

  it.each([{ APP_ENV: 'staging' }, { PORT: 'eighty' }, { SEED_WEBSITES: '-1' }])('rejects %j', (env) => {
    expect(() => loadConfig(env)).toThrow();
  });
});

describe('main', () => {
  it('exits non-zero with the reason when production names an Auth emulator', () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    const result = spawnSync(tsx, [main], {
      env: { ...process.env, APP_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/Refusing to start: the production configuration names an Auth emulator/);
  });
});
