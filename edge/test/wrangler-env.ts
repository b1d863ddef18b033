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

/** The section wrangler uses for an environment: local is the top level. */
export function section(toml: WranglerToml, environment: EnvironmentName): WranglerSection {
  if (environment === 'local') return toml;
  const found = toml.env?.[environment];
  if (!found) throw new Error(`wrangler.toml has no [env.${environment}]`);
  return found;
}

export function envFor(environment: EnvironmentName, overrides: Partial<Record<keyof EdgeBindings, string>> = {}, files?: FakeFiles): EdgeBindings {
  const vars = section(readWranglerToml(), environment).vars ?? {};
  // A fresh object each time: the worker caches its parsed config per env object.
  return { ...vars, ...overrides, ASSETS: fakeAssets(files) } as unknown as EdgeBindings;
}
