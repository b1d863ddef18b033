/**
 * One build, promoted (README "For operators"): the artifact sets `npm run build` leaves in
 * .builds/<build id>/, the record of what each environment runs (.deploy/<env>.json), and the
 * wrangler calls that upload and deploy a worker version. deploy.ts, promote.ts and rollback.ts
 * are thin command lines over this module.
 *
 * Every command checks everything it can before it changes anything (the build exists, the
 * environment is known, credentials are present, the version is recorded), so a refusal leaves
 * nothing half-deployed: an uploaded version serves no traffic until `versions deploy` moves
 * traffic to it, and the record is written only after that succeeded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../stack.ts';

export const DEPLOYABLE = ['dev', 'production'] as const;
export type Deployable = (typeof DEPLOYABLE)[number];

export const WRANGLER_TOML = join(ROOT, 'wrangler.toml');
const WRANGLER = join(ROOT, 'edge', 'node_modules', 'wrangler', 'bin', 'wrangler.js');
const QUIET = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  NO_COLOR: '1',
};

/** A refusal: its message is printed and the command exits with `exitCode`. */
export class OpsError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export interface BuildInfo {
  buildId: string;
  commit: string;
  builtAt: string;
  /** The working tree had uncommitted changes when it was built. */
  dirty: boolean;
}

export interface DeploymentRecord {
  buildId: string;
  versionId: string;
  deployedAt: string;
  /** How it got there. */
  via: 'deploy' | 'promote' | 'rollback';
  from?: string;
}

export function artifactsDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.OPS_ARTIFACTS_DIR || join(ROOT, '.builds');
}

export function ledgerDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.OPS_LEDGER_DIR || join(ROOT, '.deploy');
}

/** `<commit, 12 hex>-<UTC time, 20261127T010203Z>`: sortable, and valid as a wrangler tag and an image tag. */
export function makeBuildId(commit: string, at: Date): string {
  if (!/^[0-9a-f]{7,40}$/.test(commit)) throw new OpsError(`Not a commit hash: "${commit}"`);
  const time = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `${commit.slice(0, 12)}-${time}`;
}

export const BUILD_ID_SHAPE = /^[0-9a-f]{7,12}-\d{8}T\d{6}Z$/;

export function parseEnvironment(value: string | undefined, flag: string): Deployable {
  if (!value) throw new OpsError(`Name the environment: ${flag} dev or ${flag} production.`, 2);
  if (value === 'local') throw new OpsError('local is not deployed: `npm start` runs it on this machine.', 2);
  if (!(DEPLOYABLE as readonly string[]).includes(value))
    throw new OpsError(`Unknown environment "${value}" (expected dev or production).`, 2);
  return value as Deployable;
}

export function buildDir(buildId: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(artifactsDir(env), buildId);
}

/** The artifact set of a build (the latest when `buildId` is absent), checked complete. */
export function readBuild(
  buildId: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): BuildInfo & { dir: string } {
  const latest = join(artifactsDir(env), 'latest');
  const id = buildId ?? (existsSync(latest) ? readFileSync(latest, 'utf8').trim() : undefined);
  if (!id) throw new OpsError(`No build in ${artifactsDir(env)}: run \`npm run build\` first.`);
  if (!BUILD_ID_SHAPE.test(id))
    throw new OpsError(`Unknown build "${id}": a build id looks like 0123456789ab-20261127T010203Z.`);
  const dir = buildDir(id, env);
  const missing = [
    'build.json',
    'web/index.html',
    'worker/index.js',
    'api/main.mjs',
    'api/migrate.mjs',
    'api/worker.mjs',
  ].filter((file) => !existsSync(join(dir, file)));
  if (missing.length)
    throw new OpsError(
      `Unknown or incomplete build ${id} (${dir} lacks ${missing.join(', ')}): run \`npm run build\`.`,
    );
  return { ...(JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8')) as BuildInfo), dir };
}

export function readLedger(environment: Deployable, env: NodeJS.ProcessEnv = process.env): DeploymentRecord[] {
  const file = join(ledgerDir(env), `${environment}.json`);
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as DeploymentRecord[];
}

export function appendLedger(
  environment: Deployable,
  record: DeploymentRecord,
  env: NodeJS.ProcessEnv = process.env,
): void {
  mkdirSync(ledgerDir(env), { recursive: true });
  const records = [...readLedger(environment, env), record];
  writeFileSync(join(ledgerDir(env), `${environment}.json`), `${JSON.stringify(records, null, 2)}\n`);
}

/** Cloudflare's credentials for a real (not dry) run; refused before anything is uploaded. */
export function requireCredentials(env: NodeJS.ProcessEnv = process.env): void {
  const missing = ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'].filter((name) => !env[name]);
  if (missing.length) {
    throw new OpsError(
      `No Cloudflare credentials: set ${missing.join(' and ')} (an API token with the Workers Scripts:Edit permission), or add --dry-run. Nothing was uploaded.`,
    );
  }
}

export interface WranglerResult {
  status: number;
  output: string;
}

export function wrangler(args: string[], env: NodeJS.ProcessEnv = process.env): WranglerResult {
  const result = spawnSync(process.execPath, [WRANGLER, ...args, '--config', WRANGLER_TOML], {
    cwd: ROOT,
    env: { ...env, ...QUIET },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  return { status: result.status ?? 1, output };
}

/**
 * Uploads a build's worker bundle and console assets as a new version of the environment's
 * worker (tagged with the build id) and, unless dry, moves all traffic to it and records it.
 * Dry: wrangler checks and packs the same upload offline and stops.
 */
export function shipBuild(
  build: BuildInfo & { dir: string },
  environment: Deployable,
  options: { dryRun: boolean; via: DeploymentRecord['via']; from?: string; log?: (line: string) => void },
  env: NodeJS.ProcessEnv = process.env,
): DeploymentRecord | null {
  const log = options.log ?? console.log;
  if (!options.dryRun) requireCredentials(env);
  const upload = wrangler(
    [
      'versions',
      'upload',
      join(build.dir, 'worker', 'index.js'),
      '--no-bundle',
      '--env',
      environment,
      '--assets',
      join(build.dir, 'web'),
      '--tag',
      build.buildId,
      '--message',
      `build ${build.buildId} (${options.via}${options.from ? ` from ${options.from}` : ''})`,
      ...(options.dryRun ? ['--dry-run'] : []),
    ],
    env,
  );
  log(upload.output.trimEnd());
  if (upload.status !== 0)
    throw new OpsError(`Uploading build ${build.buildId} to ${environment} failed (above); nothing was deployed.`);
  if (options.dryRun) {
    log(
      `Dry run: build ${build.buildId} packs for ${environment}; a real run uploads it, sends it 100% of ${environment}'s traffic and records it.`,
    );
    return null;
  }
  const versionId = /Worker Version ID:\s*([0-9a-f-]{36})/i.exec(upload.output)?.[1];
  if (!versionId) throw new OpsError('wrangler uploaded but named no version id; nothing was deployed (see above).');
  return moveTraffic(build.buildId, versionId, environment, options, env);
}

/** `versions deploy <version>@100%`, then the record. */
export function moveTraffic(
  buildId: string,
  versionId: string,
  environment: Deployable,
  options: { dryRun: boolean; via: DeploymentRecord['via']; from?: string; log?: (line: string) => void },
  env: NodeJS.ProcessEnv = process.env,
): DeploymentRecord | null {
  const log = options.log ?? console.log;
  if (options.dryRun) {
    log(`Dry run: would send 100% of ${environment}'s traffic to version ${versionId} (build ${buildId}).`);
    return null;
  }
  requireCredentials(env);
  const deployed = wrangler(
    [
      'versions',
      'deploy',
      `${versionId}@100%`,
      '--env',
      environment,
      '--yes',
      '--message',
      `build ${buildId} (${options.via})`,
    ],
    env,
  );
  log(deployed.output.trimEnd());
  if (deployed.status !== 0)
    throw new OpsError(
      `Moving ${environment}'s traffic to version ${versionId} failed (above); ${environment} still runs what it ran.`,
    );
  const record: DeploymentRecord = {
    buildId,
    versionId,
    deployedAt: new Date().toISOString(),
    via: options.via,
    ...(options.from ? { from: options.from } : {}),
  };
  appendLedger(environment, record, env);
  log(
    `${environment} now runs build ${buildId} (worker version ${versionId}). The API of this build: ${join(buildDir(buildId, env), 'api')} (image tag ${buildId}).`,
  );
  return record;
}

/** Runs a command line's body: an OpsError is its message and exit code, anything else a failure. */
export async function runCommand(body: () => Promise<void> | void): Promise<never> {
  try {
    await body();
    process.exit(0);
  } catch (error) {
    console.error(error instanceof OpsError ? error.message : `Failed: ${(error as Error).stack ?? error}`);
    process.exit(error instanceof OpsError ? error.exitCode : 1);
  }
}
