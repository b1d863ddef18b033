/** `npm run migrate -- --database-url postgres://… [--check]`: api/src/db/migrate-cli.ts. */
import { runMigrateCli } from '../../api/src/db/migrate-cli.ts';

process.exit(await runMigrateCli(process.argv.slice(2)));
