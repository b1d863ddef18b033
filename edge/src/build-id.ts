/**
 * The build this worker bundle belongs to: `npm run build` (scripts/ops/build.ts) writes it into
 * the bundle with wrangler's `--define __BUILD_ID__:"<commit>-<time>"`; a bundle built any other
 * way (wrangler dev, tests) says "unversioned". /config.json carries it.
 */
declare const __BUILD_ID__: string | undefined;

export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'unversioned';
