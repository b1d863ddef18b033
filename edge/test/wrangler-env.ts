/** The vars of each environment read from the real wrangler.toml, as the worker would get them. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import type { EdgeBindings } from '../src/env.ts';
import { fakeAssets, type FakeFiles } from './fake-assets.ts';

export const WRANGLER_TOML = fileURLToPath(new URL('../../wrangler.toml', import.meta.url));
export const ENVIRONMENTS = ['local', 'dev', 'production'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

export interface WranglerSection {
  name?: string;
  vars?: Record<string, string>;
  r2_buckets?: { binding: string; bucket_name: string }[];
}
export type WranglerToml = WranglerSection & Record<string, unknown> & { env?: Record<string, WranglerSection> };

export function readWranglerToml(): WranglerToml {
  return parse(readFileSync(WRANGLER_TOML, 'utf8')) as WranglerToml;
}

/** A stand-in for the EDGE_SHARED_SECRET an operator puts with `wrangler secret put` (dev, production). */
export const TEST_EDGE_SECRET = 'test-edge-secret-0123456789abcdef0123456789';

/**
 * A stand-in for the STORAGE_SERVICE_ACCOUNT an operator puts where storage is on Firebase (dev,
 * production): the fields a key file has; nothing signs with it (test/service-account.ts makes real ones).
 */
export const TEST_STORAGE_SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  client_email: 'edge-storage@demo-price-console.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nnot-a-key\n-----END PRIVATE KEY-----\n',
});

/** The section wrangler uses for an environment ([env.<name>]; the top level is none). */
export function section(toml: WranglerToml, environment: EnvironmentName): WranglerSection {
  const found = toml.env?.[environment];
  if (!found) throw new Error(`wrangler.toml has no [env.${environment}]`);
  return found;
}

export function envFor(
  environment: EnvironmentName,
  overrides: Partial<Record<keyof EdgeBindings, string>> = {},
  files?: FakeFiles,
): EdgeBindings {
  const vars = section(readWranglerToml(), environment).vars ?? {};
  const secrets =
    environment === 'local'
      ? {}
      : { EDGE_SHARED_SECRET: TEST_EDGE_SECRET, STORAGE_SERVICE_ACCOUNT: TEST_STORAGE_SERVICE_ACCOUNT };
  // A fresh object each time: the worker caches its parsed config per env object.
  return { ...vars, ...secrets, ...overrides, ASSETS: fakeAssets(files) } as unknown as EdgeBindings;
}
