/**
 * `npm run rollback -- --env production [--to <build id>] [--dry-run]`: sends the environment's
 * traffic back to the worker version it ran before (or the last version of build `--to`), which
 * Cloudflare still holds: nothing is uploaded or rebuilt. The API's image and the database are
 * the operator's to roll back (README "For operators": migrations only add).
 */
import { parseArgs } from 'node:util';
import { moveTraffic, OpsError, parseEnvironment, readLedger, runCommand } from './release.ts';

await runCommand(() => {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { env: { type: 'string' }, to: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  const environment = parseEnvironment(values.env, '--env');
  const records = readLedger(environment);
  const current = records.at(-1);
  if (!current) throw new OpsError(`Nothing was deployed to ${environment}: there is nothing to roll back.`);
  const earlier = records.slice(0, -1).filter((entry) => entry.versionId !== current.versionId);
  const target = values.to ? earlier.findLast((entry) => entry.buildId === values.to) : earlier.at(-1);
  if (!target) {
    throw new OpsError(
      values.to
        ? `Unknown version: ${environment} never ran build ${values.to} before its current one.`
        : `${environment} ran no earlier version than build ${current.buildId}.`,
    );
  }
  console.log(
    `Rolling ${environment} back from build ${current.buildId} to build ${target.buildId} (worker version ${target.versionId}).`,
  );
  moveTraffic(target.buildId, target.versionId, environment, {
    dryRun: values['dry-run'],
    via: 'rollback',
    from: current.buildId,
  });
});
