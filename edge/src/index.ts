/** Worker entry point (wrangler.toml `main`). */
import { createApp } from './app.ts';

export default createApp();
