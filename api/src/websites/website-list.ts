/**
 * The organization website list behind the picker in the header and the websites pages: the one
 * seam between its resolver (organization-websites.ts) and how it is read: prepared statements
 * per variant, answers kept per version of the data (versioned-cache.ts, data_versions), and
 * whole ordered lists of a scope for paging. The caller passes what the caller may see (scope,
 * whether the API key is readable); nothing here checks access. LIST_CACHE=off turns the caches
 * off (graphql/website-list-answers.ts, which also reads the version with the caller's record).
 */
import { Kind, type GraphQLResolveInfo, type SelectionNode } from 'graphql';
import type { Pool } from 'pg';
import { likePattern } from '../catalogue/catalogue-scope.ts';
import { listCacheEnabled } from '../graphql/website-list-answers.ts';
import { VersionedCache } from './versioned-cache.ts';

export interface OrganizationWebsiteRow {
  id: string;
  name: string;
  api_key: string;
  has_feed: boolean;
  website_id: string;
  website_name: string;
  website_url: string;
  organization_id: string;
  organization_name: string;
}

/** An item of the list; `apiKeyReadable` is decided once per request (see `apiKey`). */
export interface OrganizationWebsiteItem {
  id: string;
  name: string;
  hasFeed: boolean;
  apiKey: string | null;
  apiKeyReadable?: boolean;
  website: { id: string; name: string; url: string };
  organization: { id: string; name: string };
}

export function toItem(row: OrganizationWebsiteRow, apiKeyReadable?: boolean): OrganizationWebsiteItem {
  return {
    id: row.id,
    name: row.name,
    hasFeed: row.has_feed,
    apiKey: row.api_key ?? null,
    apiKeyReadable,
    website: { id: row.website_id, name: row.website_name, url: row.website_url },
    organization: { id: row.organization_id, name: row.organization_name },
  };
}

/**
 * The list in ONE statement (one round trip, one snapshot): the page and its total. The page
 * is cut from organization_websites alone (an index walk in name order, hasFeed read from the
 * row) and only its rows are joined to their website and organization. The total of an
 * unfiltered list comes from organization_website_counts (kept by triggers); a name search
 * collects its hits once through the trigram index (organization_websites_named) and both
 * counts and pages them. The statement is prepared once per connection and variant (named).
 */
function listStatement(filter: { organization: boolean; search: boolean; apiKey: boolean }) {
  const name = `organization_website_list_${filter.search ? 's' : 'p'}${filter.organization ? 'o' : 'a'}${filter.apiKey ? 'k' : 'n'}`;
  // Parameters in this order: the organization id and the search pattern when filtered by them,
  // then limit and offset (a prepared statement may not have unused parameters).
  let n = 0;
  const organization = filter.organization ? `$${++n}::uuid` : null;
  const pattern = filter.search ? `$${++n}::text` : null;
  const limit = `$${++n}::int`;
  const offset = `$${++n}::int`;
  const source = pattern
    ? `hits AS MATERIALIZED (SELECT * FROM organization_websites_named(${pattern}, ${organization ?? 'NULL::uuid'})),
       page AS (SELECT * FROM hits ORDER BY name, id LIMIT ${limit} OFFSET ${offset}),
       total AS (SELECT count(*)::int AS total FROM hits)`
    : `page AS (
         SELECT ow.id, ow.name, ow.organization_id, ow.website_id, ow.feed_count, ow.api_key
           FROM organization_websites ow ${organization ? `WHERE ow.organization_id = ${organization}` : ''}
          ORDER BY ow.name, ow.id LIMIT ${limit} OFFSET ${offset}
       ),
       total AS (
         SELECT coalesce(sum(c.websites), 0)::int AS total FROM organization_website_counts c
          ${organization ? `WHERE c.organization_id = ${organization}` : ''}
       )`;
  const text = `WITH ${source}
    SELECT total.total, p.id, p.name, ${filter.apiKey ? 'p.api_key' : 'NULL::text AS api_key'}, p.feed_count > 0 AS has_feed,
           w.id AS website_id, w.name AS website_name, w.url AS website_url,
           o.id AS organization_id, o.name AS organization_name
      FROM total
      LEFT JOIN (
        page p
        -- One index lookup per row of the page. A plain join is planned as a hash join over
        -- every website (the planner prices 500 cached lookups above a scan of 10,000 rows);
        -- OFFSET 0 keeps the subqueries from being merged into such a join.
        CROSS JOIN LATERAL (SELECT w.id, w.name, w.url FROM websites w WHERE w.id = p.website_id OFFSET 0) w
        CROSS JOIN LATERAL (SELECT o.id, o.name FROM organizations o WHERE o.id = p.organization_id OFFSET 0) o
      ) ON true
     ORDER BY p.name, p.id`;
  return { name, text };
}
const LIST_STATEMENTS = new Map<string, { name: string; text: string }>();
for (const organization of [false, true]) {
  for (const search of [false, true]) {
    for (const apiKey of [false, true])
      LIST_STATEMENTS.set(`${organization}${search}${apiKey}`, listStatement({ organization, search, apiKey }));
  }
}

/** Does the query select `data { apiKey }` (directly or through fragments)? */
export function selectsApiKey(info: GraphQLResolveInfo | undefined): boolean {
  if (!info?.fieldNodes) return true; // unknown: assume it does (the key is then checked per request)
  const visit = (selections: readonly SelectionNode[], path: readonly string[]): boolean =>
    selections.some((selection) => {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value !== path[0]) return false;
        return path.length === 1 || visit(selection.selectionSet?.selections ?? [], path.slice(1));
      }
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : info.fragments?.[selection.name.value];
      return fragment ? visit(fragment.selectionSet.selections, path) : true;
    });
  return info.fieldNodes.some((node) => visit(node.selectionSet?.selections ?? [], ['data', 'apiKey']));
}

export type ListAnswer = { data: OrganizationWebsiteItem[]; meta: { pagination: { total: number } } };

/**
 * Every console page load asks for the same few picker pages, and organization websites change
 * rarely: answers are kept per database (pool) for the version of the data they were read at
 * (data_versions, bumped by triggers on every write the list shows). A request reads the version
 * (with the caller's record, see website-list-answers.ts, or else one primary-key lookup) and
 * reuses an answer only of that version. Bounded to 20,000 rows.
 *
 * Pages of the unfiltered list at many offsets (scrolling, paging) are cut from the whole
 * ordered list of the scope, read once per version in one statement (the same statement as a
 * page, so the same order and total) once a second distinct page of that scope is asked for at
 * one version (a single page costs no more than its own query). Scopes of up to 20,000 websites;
 * 60,000 rows in all. LIST_CACHE=off turns all of it off (the benchmark's cold figures).
 */
const listCaches = new WeakMap<object, VersionedCache<ListAnswer>>();
const LIST_CACHE_ROWS = 20_000;
const WHOLE_LIST_MAX_ROWS = 20_000;
const WHOLE_LISTS_ROWS = 60_000;

function listCache(pool: object): VersionedCache<ListAnswer> {
  let cache = listCaches.get(pool);
  if (!cache) listCaches.set(pool, (cache = new VersionedCache<ListAnswer>(LIST_CACHE_ROWS)));
  return cache;
}

/** The whole ordered list of a scope at one version, and its total. */
interface WholeList {
  total: number;
  rows: OrganizationWebsiteRow[];
}
interface WholeLists {
  lists: VersionedCache<WholeList>;
  /** Reads under way, and scopes asked for once, at the lists' version. */
  loading: Map<string, Promise<void>>;
  asked: Set<string>;
  version: string | null;
}
const wholeListsByPool = new WeakMap<object, WholeLists>();

/** The whole lists of a database at `version`; null for a request that read an older version than the newest seen. */
function wholeLists(pool: object, version: string): WholeLists | null {
  let state = wholeListsByPool.get(pool);
  if (!state)
    wholeListsByPool.set(
      pool,
      (state = {
        lists: new VersionedCache<WholeList>(WHOLE_LISTS_ROWS),
        loading: new Map(),
        asked: new Set(),
        version: null,
      }),
    );
  if (state.version !== version) {
    if (state.version !== null && BigInt(version) < BigInt(state.version)) return null;
    state.version = version;
    state.loading.clear();
    state.asked.clear();
  }
  return state;
}

/** Reads the whole list of a scope in the background (one statement); a failure only means pages keep their own queries. */
function loadWholeList(
  pool: Pool,
  state: WholeLists,
  version: string,
  scope: string,
  statement: { name: string; text: string },
  organizationId: string | null,
) {
  const values: unknown[] = organizationId !== null ? [organizationId] : [];
  values.push(WHOLE_LIST_MAX_ROWS + 1, 0);
  const loading = pool
    // Its own prepared statement: the plan of a whole list is not the plan of a page.
    .query<OrganizationWebsiteRow & { total: number }>({
      name: `${statement.name}_whole`,
      text: statement.text,
      values,
    })
    .then(({ rows }) => {
      const total = rows[0]?.total ?? 0;
      const listed = rows.filter((row) => row.id !== null);
      if (listed.length > WHOLE_LIST_MAX_ROWS || listed.length !== total) return;
      state.lists.set(version, scope, { total, rows: listed }, Math.max(1, listed.length));
    })
    .catch(() => undefined)
    .finally(() => {
      if (state.loading.get(scope) === loading) state.loading.delete(scope);
    });
  state.loading.set(scope, loading);
}

const LIST_VERSION = {
  name: 'organization_website_list_version',
  text: "SELECT version::text AS version FROM data_versions WHERE name = 'organization_websites'",
};

export interface WebsiteListRequest {
  /** One organization's websites; null: every organization's (Admin). */
  organizationId: string | null;
  /** A case-insensitive substring of the name. */
  search: string | null;
  limit: number;
  offset: number;
  /** true: the page carries the API key; false or undefined: it is not read. */
  apiKeyReadable: boolean | undefined;
  /** The list's data version when the request already read it (website-list-answers.ts). */
  listVersion?: string;
}

/** One page of the list and its total, from the caches when they hold this version's answer. */
export async function readWebsiteList(pool: Pool, request: WebsiteListRequest): Promise<ListAnswer> {
  const { organizationId, search, limit, offset, apiKeyReadable } = request;
  // The answer depends on exactly these: the scope (one organization or all), the search, the
  // page, and whether the api key is part of it.
  const cacheKey = JSON.stringify([organizationId, search, limit, offset, apiKeyReadable ?? null]);
  const cache = listCacheEnabled() ? listCache(pool) : null;
  const version = cache
    ? (request.listVersion ?? (await pool.query<{ version: string }>(LIST_VERSION)).rows[0]?.version)
    : undefined;
  if (cache && version) {
    const cached = cache.get(version, cacheKey);
    if (cached) return cached;
  }
  const statement = LIST_STATEMENTS.get(`${organizationId !== null}${search !== null}${apiKeyReadable === true}`)!;

  // An unfiltered page is cut from the whole list when it is at hand.
  const scope = JSON.stringify([organizationId, apiKeyReadable === true]);
  const whole = search === null && cache && version ? wholeLists(pool, version) : null;
  const list = whole?.lists.get(version!, scope);
  if (list) {
    const data = list.rows.slice(offset, offset + limit).map((row) => toItem(row, apiKeyReadable));
    return { data, meta: { pagination: { total: list.total } } };
  }

  const values: unknown[] = [];
  if (organizationId !== null) values.push(organizationId);
  if (search !== null) values.push(likePattern(search));
  values.push(limit, offset);
  const { rows } = await pool.query<OrganizationWebsiteRow & { total: number }>({ ...statement, values });
  const data: OrganizationWebsiteItem[] = [];
  for (const row of rows) if (row.id !== null) data.push(toItem(row, apiKeyReadable));
  const answer: ListAnswer = { data, meta: { pagination: { total: rows[0]?.total ?? 0 } } };
  if (cache && version) cache.set(version, cacheKey, answer, Math.max(1, data.length));
  if (whole && !whole.loading.has(scope) && answer.meta.pagination.total <= WHOLE_LIST_MAX_ROWS) {
    // The second distinct page of a scope at this version: the whole list is worth reading.
    if (whole.asked.has(scope)) loadWholeList(pool, whole, version!, scope, statement, organizationId);
    else whole.asked.add(scope);
  }
  return answer;
}
