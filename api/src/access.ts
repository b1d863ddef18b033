/**
 * The API's access control: the one Casbin policy of policies/ (model.conf + policy.csv), read
 * from disk and built once per process.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createAccessControl, type AccessControl } from '@console/policies';
import { REPO_ROOT } from './config.ts';

const POLICIES_DIR = path.join(REPO_ROOT, 'policies');
let loaded: Promise<AccessControl> | null = null;

export function loadAccessControl(): Promise<AccessControl> {
  loaded ??= (async () => {
    const [model, policy] = await Promise.all([
      readFile(path.join(POLICIES_DIR, 'model.conf'), 'utf8'),
      readFile(path.join(POLICIES_DIR, 'policy.csv'), 'utf8'),
    ]);
    return createAccessControl(model, policy);
  })();
  return loaded;
}
