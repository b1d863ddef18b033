/**
 * `npm start`: builds the console and starts the whole product locally, with the embedded
 * database and demo data kept in .data/ (git-ignored). Ctrl-C stops everything it started.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_USERS } from '../api/src/seed/demo-users.ts';
import { ROOT, startStack } from './stack.ts';

const pnpm = process.env.PNPM_BIN ?? 'pnpm';
console.log('Building the console ...');
const build = spawnSync(pnpm, ['--filter', '@console/web', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

console.log('Starting the Auth emulator, the database, the API, the job worker and the edge worker ...');
const stack = await startStack({
  dataDir: join(ROOT, '.data'),
  authPort: 9099,
  apiPort: 4000,
  webPort: 8787,
  verbose: process.argv.includes('--verbose'),
  persistAuth: true,
});

const width = Math.max(...DEMO_USERS.map((user) => user.email.length));
console.log(`
The console is running: open ${stack.webUrl}

Sign in with one of the demo accounts (local only):
${DEMO_USERS.map((user) => `  ${user.roles.join(', ').padEnd(7)} ${user.email.padEnd(width)}  password: ${user.password}`).join('\n')}

GraphQL API: ${stack.apiUrl}    Auth emulator: ${stack.authUrl}
Logs: .data/logs/    Press Ctrl-C to stop.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping ...');
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  });
}
