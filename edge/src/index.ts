/** Worker entry point (wrangler.toml `main`): the app, its unhandled errors reported in production (error-reports.ts). */
import { createApp } from './app.ts';
import { withErrorReports } from './error-reports.ts';

export default withErrorReports(createApp());
