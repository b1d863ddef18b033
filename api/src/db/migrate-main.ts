/** The production bundle's migration program (dist/api/migrate.mjs): see migrate-cli.ts. */
import { runMigrateCli } from './migrate-cli.ts';

process.exit(await runMigrateCli(process.argv.slice(2)));
