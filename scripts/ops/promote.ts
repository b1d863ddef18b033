/**
 * `npm run promote -- --from dev --to production [--build <id>] [--dry-run]`: deploys to `--to`
 * exactly the build `--from` runs now (or an earlier one it ran, `--build`), from the same
 * artifact files: nothing is rebuilt, so production gets the bytes dev was tested with.
 */
import { parseArgs } from 'node:util';
import { OpsError, parseEnvironment, readBuild, readLedger, runCommand, shipBuild } from './release.ts';

await runCommand(() => {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      build: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const from = parseEnvironment(values.from, '--from');
  const to = parseEnvironment(values.to, '--to');
  if (from === to) throw new OpsError(`--from and --to are both ${from}.`, 2);
  const records = readLedger(from);
  if (records.length === 0)
    throw new OpsError(`Nothing was deployed to ${from} yet: deploy there first (npm run deploy -- --env ${from}).`);
  const record = values.build ? records.findLast((entry) => entry.buildId === values.build) : records.at(-1)!;
  if (!record)
    throw new OpsError(
      `Unknown version: ${from} never ran build ${values.build} (it ran ${[...new Set(records.map((entry) => entry.buildId))].join(', ')}).`,
    );
  const build = readBuild(record.buildId);
  console.log(`Promoting build ${build.buildId} (${from} version ${record.versionId}) to ${to}.`);
  shipBuild(build, to, { dryRun: values['dry-run'], via: 'promote', from });
});
