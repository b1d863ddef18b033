/** Configuration from the environment, and a start refused for an unsafe one. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_WEBSITES, loadConfig, REPO_ROOT } from '../src/config.ts';

const LOCAL = { APP_ENV: 'local', FIREBASE_PROJECT_ID: 'demo-price-console' };
const SECRET = 'x'.repeat(40);
const PRODUCTION = {
  APP_ENV: 'production',
  FIREBASE_PROJECT_ID: 'prod-project',
  DATABASE_URL: 'postgres://db/console',
  EDGE_SHARED_SECRET: SECRET,
};

describe('loadConfig', () => {
  it('has local defaults once the environment and project are named', () => {
    expect(loadConfig(LOCAL)).toMatchObject({
      environment: 'local',
      host: '127.0.0.1',
      port: 4000,
      databaseUrl: null,
      pgliteDir: `${REPO_ROOT}/.data/pglite`,
      firebaseProjectId: 'demo-price-console',
      authEmulatorHost: null,
      demoData: false,
      seedWebsites: DEFAULT_SEED_WEBSITES,
      migrateAtStart: true,
      edgeSecret: null,
      buildId: 'unversioned',
      logLevel: 'info',
    });
  });

  it('reads the environment and --scale', () => {
    const config = loadConfig(
      {
        ...PRODUCTION,
        HOST: '0.0.0.0',
        PORT: '4100',
        PGLITE_DIR: '/tmp/x',
        BUILD_ID: 'abc1234-20261127T0100Z',
        LOG_LEVEL: 'warn',
      },
      ['--scale', '10000'],
    );
    expect(config).toMatchObject({
      environment: 'production',
      host: '0.0.0.0',
      port: 4100,
      databaseUrl: 'postgres://db/console',
      pgliteDir: '/tmp/x',
      firebaseProjectId: 'prod-project',
      seedWebsites: 10000,
      demoData: false,
      migrateAtStart: false,
      edgeSecret: SECRET,
      buildId: 'abc1234-20261127T0100Z',
      logLevel: 'warn',
    });
  });

  it('migrates at start outside local only when asked', () => {
    expect(loadConfig({ ...PRODUCTION, MIGRATE_AT_START: 'on' }).migrateAtStart).toBe(true);
    expect(loadConfig(PRODUCTION, ['--migrate']).migrateAtStart).toBe(true);
  });

  it('seeds demo data only when the local stack asks', () => {
    expect(loadConfig({ ...LOCAL, DEMO_DATA: 'on' }).demoData).toBe(true);
  });

  it.each([
    [{}, /APP_ENV is not set/],
    [{ FIREBASE_PROJECT_ID: 'prod-project' }, /APP_ENV is not set/],
    [{ APP_ENV: 'production' }, /FIREBASE_PROJECT_ID is not set/],
    [{ APP_ENV: 'local' }, /FIREBASE_PROJECT_ID is not set/],
    [{ ...PRODUCTION, FIREBASE_PROJECT_ID: 'demo-price-console' }, /demo Firebase project/],
    [{ ...PRODUCTION, DATABASE_URL: '' }, /needs DATABASE_URL/],
    [{ ...PRODUCTION, EDGE_SHARED_SECRET: '' }, /needs EDGE_SHARED_SECRET/],
    [{ ...PRODUCTION, EDGE_SHARED_SECRET: 'short' }, /at least 32 characters/],
    [{ ...PRODUCTION, DEMO_DATA: 'on' }, /DEMO_DATA .* local stack only/],
    [
      { ...PRODUCTION, APP_ENV: 'dev', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      /Refusing to start: the dev configuration names an Auth emulator/,
    ],
    [
      { ...PRODUCTION, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      /Refusing to start: the production configuration names an Auth emulator/,
    ],
    [{ ...LOCAL, FIREBASE_AUTH_EMULATOR_HOST: '10.1.2.3:9099' }, /must run on this machine/],
    [{ ...PRODUCTION, LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('refuses %j', (env, reason) => {
    expect(() => loadConfig(env)).toThrow(reason);
  });

  it('accepts the emulator locally on loopback', () => {
    expect(loadConfig({ ...LOCAL, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).authEmulatorHost).toBe(
      '127.0.0.1:9099',
    );
  });

  it.each([
    { ...LOCAL, APP_ENV: 'staging' },
    { ...LOCAL, PORT: 'eighty' },
    { ...LOCAL, SEED_WEBSITES: '-1' },
  ])('rejects %j', (env) => {
    expect(() => loadConfig(env)).toThrow();
  });
});

describe('main', () => {
  it('exits non-zero with the reason when production names an Auth emulator', () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    const result = spawnSync(tsx, [main], {
      env: { ...process.env, ...PRODUCTION, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/Refusing to start: the production configuration names an Auth emulator/);
  });
});
