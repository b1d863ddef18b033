/**
 * `npm run deploy -- --env dev [--build <id>] [--dry-run]`: uploads a build's worker and console
 * (the latest build unless named) as a new worker version of the environment, sends it all
 * traffic and records it (release.ts). --dry-run packs the same upload offline and changes nothing.
 */
import { parseArgs } from 'node:util';
import { parseEnvironment, readBuild, runCommand, shipBuild } from './release.ts';

await runCommand(() => {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { env: { type: 'string' }, build: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  const environment = parseEnvironment(values.env, '--env');
  const build = readBuild(values.build);
  shipBuild(build, environment, { dryRun: values['dry-run'], via: 'deploy' });
});
