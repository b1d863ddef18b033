/**
 * `npm run build [-- --web-dist <dir>]`: one versioned artifact set in .builds/<build id>/ —
 * web/ (the console's assets), worker/ (the edge worker's bundle), api/ (the API and migration
 * bundles, the Dockerfile's context) and build.json — stamped with the build id (commit + UTC time),
 * which /config.json, the API's health answers and its logs carry. deploy, promote and rollback
 * move these exact files; nothing is built again. `--web-dist` takes an already built console
 * instead of building it (tests).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../stack.ts';
import { bundleApi } from './bundle-api.ts';
import { artifactsDir, makeBuildId, OpsError, runCommand, wrangler, type BuildInfo } from './release.ts';

await runCommand(async () => {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { 'web-dist': { type: 'string' } } });
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  const commit = git('rev-parse', 'HEAD').stdout.trim();
  if (!commit) throw new OpsError('Not a git checkout: the build id needs the commit.');
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  const info: BuildInfo = {
    buildId: makeBuildId(commit, new Date()),
    commit,
    builtAt: new Date().toISOString(),
    dirty,
  };
  const dir = join(artifactsDir(), info.buildId);
  if (dirty) console.warn('Warning: the working tree has uncommitted changes; build.json says so (dirty: true).');
  console.log(`Build ${info.buildId} -> ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    // 1. The console.
    let webDist = values['web-dist']
      ? resolve(process.env.INIT_CWD ?? process.cwd(), values['web-dist'])
      : join(ROOT, 'web', 'dist');
    if (!values['web-dist']) {
      const web = spawnSync(process.env.PNPM_BIN ?? 'pnpm', ['--filter', '@console/web', 'build'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (web.status !== 0) throw new OpsError('Building the console failed (above).');
    }
    if (!existsSync(join(webDist, 'index.html')))
      throw new OpsError(`${webDist} holds no index.html: not a built console.`);
    cpSync(webDist, join(dir, 'web'), { recursive: true });
    webDist = join(dir, 'web');

    // 2. The worker, with the build id written in (edge/src/build-id.ts); the same bundle for every environment.
    const worker = wrangler([
      'deploy',
      '--dry-run',
      '--env',
      'production',
      '--outdir',
      join(dir, 'worker'),
      '--assets',
      webDist,
      '--define',
      `__BUILD_ID__:${JSON.stringify(info.buildId)}`,
    ]);
    if (worker.status !== 0) {
      console.error(worker.output);
      throw new OpsError('Bundling the worker failed (above).');
    }

    // 3. The API and its migrations.
    await bundleApi(join(dir, 'api'), info.buildId);
    cpSync(join(ROOT, 'Dockerfile'), join(dir, 'api', 'Dockerfile'));

    writeFileSync(join(dir, 'build.json'), `${JSON.stringify(info, null, 2)}\n`);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(join(artifactsDir(), 'latest'), `${info.buildId}\n`);
  console.log(
    `Built ${info.buildId}: web/, worker/, api/ (docker build -t price-console-api:${info.buildId} ${join(dir, 'api')}).`,
  );
});
