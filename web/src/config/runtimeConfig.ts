/**
 * The runtime configuration the edge worker serves at /config.json. Nothing environment-specific
 * is baked into the bundle: the same build runs locally, in dev and in production.
 */
export type Environment = 'local' | 'dev' | 'production';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
}

export interface RuntimeConfig {
  environment: Environment;
  /** Null when /config.json could not be loaded or lacks it: sign-in is then impossible. */
  firebase: FirebaseWebConfig | null;
  authEmulatorUrl: string | null;
  graphqlUrl: string;
  storage: { mainBucket: string; publicBucket: string } | null;
  errorReporting: { dsn: string } | null;
  /** The build the worker serves ('<commit>-<time>', or 'unversioned'): error reports carry it. */
  buildId: string;
}

/** docs/graphql.md: the GraphQL address falls back to a local address on port 4000. */
export const FALLBACK_GRAPHQL_URL = 'http://127.0.0.1:4000/graphql';

export const CONFIG_PATH = '/config.json';

export interface LoadedConfig {
  config: RuntimeConfig;
  /** Why the configuration is incomplete (for the log); null when it loaded fine. */
  problem: string | null;
}

const FALLBACK: RuntimeConfig = {
  environment: 'local',
  firebase: null,
  authEmulatorUrl: null,
  graphqlUrl: FALLBACK_GRAPHQL_URL,
  storage: null,
  errorReporting: null,
  buildId: 'unversioned',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function parseFirebase(value: unknown): FirebaseWebConfig | null {
  if (!isObject(value)) return null;
  const { apiKey, authDomain, projectId } = value;
  if (!nonEmpty(apiKey) || !nonEmpty(authDomain) || !nonEmpty(projectId)) return null;
  return { apiKey, authDomain, projectId };
}

/** Validates the worker's JSON; every missing or malformed part falls back on its own. */
export function parseRuntimeConfig(json: unknown): LoadedConfig {
  if (!isObject(json)) return { config: FALLBACK, problem: 'config.json is not a JSON object' };
  const environment = (['local', 'dev', 'production'] as const).find((name) => name === json.environment) ?? 'local';
  const firebase = parseFirebase(json.firebase);
  const storage =
    isObject(json.storage) && nonEmpty(json.storage.mainBucket) && nonEmpty(json.storage.publicBucket)
      ? { mainBucket: json.storage.mainBucket, publicBucket: json.storage.publicBucket }
      : null;
  const errorReporting =
    isObject(json.errorReporting) && nonEmpty(json.errorReporting.dsn) ? { dsn: json.errorReporting.dsn } : null;
  return {
    config: {
      environment,
      firebase,
      authEmulatorUrl: nonEmpty(json.authEmulatorUrl) ? json.authEmulatorUrl : null,
      graphqlUrl: nonEmpty(json.graphqlUrl) ? json.graphqlUrl : FALLBACK_GRAPHQL_URL,
      storage,
      errorReporting,
      buildId: nonEmpty(json.buildId) ? json.buildId : 'unversioned',
    },
    problem: firebase ? null : 'config.json has no usable "firebase" section',
  };
}

/** Fetches /config.json from the page's own origin; never throws. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<LoadedConfig> {
  try {
    const response = await fetchFn(CONFIG_PATH, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return { config: FALLBACK, problem: `${CONFIG_PATH} answered ${response.status}` };
    return parseRuntimeConfig(await response.json());
  } catch (error) {
    return { config: FALLBACK, problem: `${CONFIG_PATH} could not be loaded: ${String(error)}` };
  }
}
