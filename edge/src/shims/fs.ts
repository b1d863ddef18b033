/**
 * Stands in for Node's `fs` in the worker bundle (wrangler.toml [alias]): casbin imports it
 * lazily to read policy files from disk, which the worker never does (it passes the policy as
 * text). Without nodejs_compat the import would not resolve at all.
 */
function unavailable(): never {
  throw new Error('fs is not available in the edge worker');
}

export const readFileSync = unavailable;
export const readFile = unavailable;
export const writeFileSync = unavailable;
export const promises = { readFile: unavailable, writeFile: unavailable };
export default { readFileSync, readFile, writeFileSync, promises };
