/**
 * The SQL of matching runs as the API reads them (the matching area's GraphQL layer, runs.ts):
 * one run within a caller's scope, a page of a website's runs, and the competitor a run is asked
 * for. Requesting a run is the engine's (../runs/queue.ts). No access checks here.
 */
import type { Queryable } from '../../db/transaction.ts';
import { toIso } from '../../catalogue/catalogue-scope.ts';
import type { MatchingRunRow } from '../runs/queue.ts';

type RunRow = MatchingRunRow & {
  started_by_email: string | null;
  competitor_name: string | null;
  competitor_mode: string | null;
};

const SELECT_RUN = `
  SELECT r.*, u.email AS started_by_email, c.name AS competitor_name, c.matching_mode AS competitor_mode
    FROM matching_runs r
    JOIN organization_websites ow ON ow.id = r.organization_website_id
    LEFT JOIN competitors c ON c.id = r.competitor_id
    LEFT JOIN app_users u ON u.id = r.started_by`;

/** A run as the schema's MatchingRun. */
function toRun(row: RunRow) {
  return {
    id: row.id,
    organizationWebsiteId: row.organization_website_id,
    competitor: row.competitor_id
      ? { id: row.competitor_id, name: row.competitor_name, matchingMode: row.competitor_mode }
      : null,
    kind: row.kind.toUpperCase(),
    trigger: row.trigger.toUpperCase(),
    status: row.status.toUpperCase(),
    startedBy: row.started_by_email,
    productsTotal: row.products_total,
    productsDone: row.products_done,
    keysRefreshed: row.keys_refreshed,
    candidatesCreated: row.candidates_created,
    candidatesUpdated: row.candidates_updated,
    matchedAutomatically: row.matched_automatically,
    sentToConfirmation: row.sent_to_confirmation,
    errorMessage: row.error_message,
    errorCode: row.error_code,
    errorDetail: row.error_detail,
    createdAt: toIso(row.created_at)!,
    startedAt: toIso(row.started_at),
    finishedAt: toIso(row.finished_at),
  };
}

/** The run if it is in `organizationId`'s scope (null: every organization's, the Admin's), else null. */
export async function findRun(db: Queryable, organizationId: string | null, id: string) {
  const { rows } = await db.query<RunRow>(
    `${SELECT_RUN} WHERE r.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [id, organizationId],
  );
  return rows[0] ? toRun(rows[0]) : null;
}

/** A page of the website's runs, the newest first, and how many it has. */
export async function listRuns(db: Queryable, websiteId: string, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    db.query<RunRow>(
      `${SELECT_RUN} WHERE r.organization_website_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
      [websiteId, limit, offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM matching_runs WHERE organization_website_id = $1', [
      websiteId,
    ]),
  ]);
  return { runs: page.rows.map(toRun), total: count.rows[0]!.total };
}

/** The competitor's website and whether it is active, if it is in `organizationId`'s scope; else null. */
export async function runCompetitor(db: Queryable, organizationId: string | null, competitorId: string) {
  const { rows } = await db.query<{ organization_website_id: string; active: boolean }>(
    `SELECT c.organization_website_id, c.active FROM competitors c JOIN organization_websites ow ON ow.id = c.organization_website_id
      WHERE c.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [competitorId, organizationId],
  );
  return rows[0] ? { websiteId: rows[0].organization_website_id, active: rows[0].active } : null;
}
