#!/usr/bin/env node
// Entry point of `npm start` and `npm test` on a machine that has only Node and npm:
// makes sure pnpm 12 is available (installing it into .tools/ when it is not on PATH),
// installs the workspace from the lockfile, then runs scripts/<task>.ts with tsx.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The pnpm version is pinned here rather than in package.json's packageManager field: with that
// field pnpm 12 refuses a frozen install (it wants to record itself in the lockfile).
const PNPM_VERSION = '12.21.0';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [task, ...args] = process.argv.slice(2);
if (!task) {
  console.error('usage: node scripts/run.mjs <task> [args...]');
  process.exit(2);
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function findPnpm() {
  const onPath = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim().startsWith('12.')) return 'pnpm';
  const local = join(root, '.tools', 'node_modules', '.bin', 'pnpm');
  if (!existsSync(local)) {
    console.log(`Installing pnpm ${PNPM_VERSION} into .tools/ ...`);
    const status = run('npm', [
      'install',
      '--prefix',
      join(root, '.tools'),
      '--no-save',
      '--no-audit',
      '--no-fund',
      `pnpm@${PNPM_VERSION}`,
    ]);
    if (status !== 0) process.exit(status);
  }
  return local;
}

// Ctrl-C reaches every process of the terminal's group: let the task handle it and finish.
// A SIGTERM sent to this process alone (a process manager stopping it) is passed on to the task
// once it runs, so the task stops what it started (`npm start`: the whole stack).
let running = null;
process.on('SIGINT', () => {});
process.on('SIGTERM', () => running?.kill('SIGTERM'));

const pnpm = findPnpm();
const env = { ...process.env, PNPM_BIN: pnpm };
const installStatus = run(pnpm, ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only'], {
  env,
});
if (installStatus !== 0) {
  console.error('Installing the workspace failed (see above).');
  process.exit(installStatus);
}
const tsx = join(root, 'node_modules', '.bin', 'tsx');
// Relative paths given to a task are relative to where npm was invoked.
running = spawn(tsx, [join(root, 'scripts', `${task}.ts`), ...args], {
  env,
  cwd: process.env.INIT_CWD ?? root,
  stdio: 'inherit',
});
running.on('error', (error) => {
  console.error(error);
  process.exit(1);
});
running.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
