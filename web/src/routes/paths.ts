import { CARRIED_PARAMS } from '../config/constants.ts';

export type PathIds = Record<string, string | number>;

/** Replaces each bracketed placeholder of a route pattern with its id: '/users/[userId]' -> '/users/42'. */
export function buildPath(pattern: string, ids: PathIds = {}): string {
  return pattern.replace(/\[([A-Za-z]+)\]/g, (_, name: string) => {
    const id = ids[name];
    if (id === undefined || id === '') throw new Error(`No value for [${name}] in ${pattern}`);
    return encodeURIComponent(String(id));
  });
}

/**
 * The parameters carried from the current address (web/README.md: `owid` and `locale`), each only when
 * it is a single non-empty string.
 */
export function carriedParams(currentSearch: string): [string, string][] {
  const current = new URLSearchParams(currentSearch);
  return CARRIED_PARAMS.flatMap((name) => {
    const values = current.getAll(name);
    return values.length === 1 && values[0] ? [[name, values[0]] as [string, string]] : [];
  });
}

/** Adds the carried parameters to an internal target, unless the target sets them itself. */
export function withCarriedParams(target: string, currentSearch: string): string {
  const hashAt = target.indexOf('#');
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '');
  for (const [name, value] of carriedParams(currentSearch)) {
    if (!query.has(name)) query.set(name, value);
  }
  const search = query.toString();
  return `${path}${search ? `?${search}` : ''}${hash}`;
}
