/**
 * The SQL of the matching log (log.ts): the decisions of a website's pairs (matching_decisions)
 * as MatchingDecision, the conditions of a log filter, a page with its total (exact up to
 * TOTAL_EXACT_UP_TO, the planner's estimate above), the export's rows, one product's timeline.
 * No access checks here: the resolvers check the caller first.
 */
import { badUserInput } from '../../graphql/errors.ts';
import type {
  MatchingDecisionSource,
  MatchingEvent,
  MatchingLogFilter,
  MatchingStage,
  MatchingStatus,
} from '../../graphql/generated/resolvers.ts';
import { uidArg, uuidArg } from '../../graphql/validate.ts';
import { MATCH_EVENTS } from '../state/machine.ts';
import { DECISION_SOURCES, type Queryable } from '../state/apply.ts';
import { toIso, toNumber } from '../../catalogue/catalogue-scope.ts';
import { findCompetitorOf, PRODUCT_SUMMARY_COLUMNS, toProductSummary } from './shared.ts';
import { COMPETITOR_PRODUCT_COLUMNS, toCompetitorProduct } from '../../catalogue/competitor-products-store.ts';

/** The most rows one export holds. */
export const LOG_EXPORT_MAX_ROWS = 100_000;
const TOTAL_EXACT_UP_TO = 10_000;

const DECISION_SELECT = `SELECT d.id::text AS d_id, d.decided_at AS d_decided_at, d.actor_id AS d_actor_id, d.actor_email AS d_actor_email,
    d.event AS d_event, d.source AS d_source, d.match_id AS d_match_id, d.status_before AS d_status_before, d.stage_before AS d_stage_before,
    d.status_after AS d_status_after, d.stage_after AS d_stage_after, d.version_after AS d_version_after, d.score AS d_score,
    d.caused_by::text AS d_caused_by, d.reverts::text AS d_reverts, d.reverted_by::text AS d_reverted_by, m.version AS m_version,
    c.id AS c_id, c.name AS c_name, ${PRODUCT_SUMMARY_COLUMNS}, ${COMPETITOR_PRODUCT_COLUMNS}
  FROM matching_decisions d
  JOIN products p ON p.id = d.product_id
  JOIN competitors c ON c.id = d.competitor_id
  JOIN competitor_products cp ON cp.id = d.competitor_product_id
  JOIN product_matches m ON m.id = d.match_id`;

/** A log row as MatchingDecision; `canRevert`: the caller has the log's revert right. */
export function toDecision(row: Record<string, any>, canRevert: boolean) {
  return {
    id: row.d_id,
    decidedAt: toIso(row.d_decided_at)!,
    actor: row.d_actor_id || row.d_actor_email ? { id: row.d_actor_id, email: row.d_actor_email } : null,
    // The database keeps the state machine's names in lower case (STATE.md); the schema's are upper case.
    event: String(row.d_event).toUpperCase() as MatchingEvent,
    source: String(row.d_source).toUpperCase() as MatchingDecisionSource,
    matchId: row.d_match_id,
    product: toProductSummary(row),
    competitor: { id: row.c_id, name: row.c_name },
    competitorProduct: toCompetitorProduct(row),
    statusBefore: row.d_status_before as MatchingStatus,
    stageBefore: String(row.d_stage_before).toUpperCase() as MatchingStage,
    statusAfter: row.d_status_after as MatchingStatus,
    stageAfter: String(row.d_stage_after).toUpperCase() as MatchingStage,
    version: row.d_version_after,
    score: toNumber(row.d_score),
    causedBy: row.d_caused_by,
    reverts: row.d_reverts,
    revertedBy: row.d_reverted_by,
    revertable: canRevert && !row.d_reverted_by && !row.d_caused_by && row.m_version === row.d_version_after,
  };
}

/** Decisions by id, in the given order. */
export async function loadDecisions(db: Queryable, ids: string[], canRevert: boolean) {
  if (!ids.length) return [];
  const { rows } = await db.query(`${DECISION_SELECT} WHERE d.id = ANY($1::bigint[])`, [ids]);
  const byId = new Map(rows.map((row) => [row.d_id as string, row]));
  return ids.filter((id) => byId.has(id)).map((id) => toDecision(byId.get(id)!, canRevert));
}

/** An ISO 8601 date (midnight UTC) or date-time, as an ISO string. */
function timeArg(field: string, value: string): string {
  const text = value.trim();
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? Date.parse(`${text}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T/.test(text)
      ? Date.parse(text)
      : NaN;
  if (!Number.isFinite(time)) throw badUserInput(field, 'must be an ISO 8601 date (YYYY-MM-DD) or date-time');
  return new Date(time).toISOString();
}

/**
 * The WHERE conditions of a log filter ($1 is the website) and their parameters; each value
 * checked (BAD_USER_INPUT naming the field), a competitor of another website NOT_FOUND.
 */
export async function decisionConditions(
  db: Queryable,
  websiteId: string,
  filter: MatchingLogFilter | null | undefined,
) {
  const params: unknown[] = [websiteId];
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = ['d.organization_website_id = $1'];
  if (filter?.actorId) where.push(`d.actor_id = ${add(uidArg('filter.actorId', filter.actorId))}`);
  if (filter?.automatic === true) where.push('d.actor_id IS NULL AND d.actor_email IS NULL');
  if (filter?.automatic === false) where.push('(d.actor_id IS NOT NULL OR d.actor_email IS NOT NULL)');
  if (filter?.competitorId)
    where.push(
      `d.competitor_id = ${add(await findCompetitorOf(db, websiteId, filter.competitorId, 'filter.competitorId'))}`,
    );
  if (filter?.productId) where.push(`d.product_id = ${add(uuidArg('filter.productId', filter.productId))}`);
  if (filter?.status) {
    if (!['WAITING', 'MATCHED', 'NEVER_MATCH', 'SKIPPED', 'EXPIRED'].includes(filter.status))
      throw badUserInput('filter.status', 'must be a matching status');
    where.push(`d.status_after = ${add(filter.status)}`);
  }
  if (filter?.source) {
    const source = filter.source.toLowerCase();
    if (!(DECISION_SOURCES as readonly string[]).includes(source))
      throw badUserInput('filter.source', 'must be a decision source');
    where.push(`d.source = ${add(source)}`);
  }
  if (filter?.event) {
    const event = filter.event.toLowerCase();
    if (!(MATCH_EVENTS as readonly string[]).includes(event))
      throw badUserInput('filter.event', 'must be a matching event');
    where.push(`d.event = ${add(event)}`);
  }
  const from = filter?.from ? timeArg('filter.from', filter.from) : null;
  const to = filter?.to ? timeArg('filter.to', filter.to) : null;
  if (from && to && from >= to) throw badUserInput('filter.to', 'must be later than filter.from');
  if (from) where.push(`d.decided_at >= ${add(from)}`);
  if (to) where.push(`d.decided_at < ${add(to)}`);
  return { where: where.join(' AND '), params };
}

type Conditions = { where: string; params: unknown[] };

/** A page of the filtered decisions, the newest first, and the total. */
export async function listDecisions(
  db: Queryable,
  { where, params }: Conditions,
  limit: number,
  offset: number,
  canRevert: boolean,
) {
  const n = params.length;
  const [page, count] = await Promise.all([
    db.query(`${DECISION_SELECT} WHERE ${where} ORDER BY d.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      limit,
      offset,
    ]),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM matching_decisions d WHERE ${where} LIMIT ${TOTAL_EXACT_UP_TO + 1}) t`,
      params,
    ),
  ]);
  let total = count.rows[0]!.n;
  const totalIsEstimate = total > TOTAL_EXACT_UP_TO;
  if (totalIsEstimate) {
    const plan = await db.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM matching_decisions d WHERE ${where}`, params);
    total = Math.max(Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']), TOTAL_EXACT_UP_TO + 1);
  }
  return { decisions: page.rows.map((row) => toDecision(row, canRevert)), total, totalIsEstimate };
}

/** The export's decisions, the newest first: at most LOG_EXPORT_MAX_ROWS, `truncated` when there were more. */
export async function exportDecisions(db: Queryable, { where, params }: Conditions, canRevert: boolean) {
  const { rows } = await db.query(
    `${DECISION_SELECT} WHERE ${where} ORDER BY d.id DESC LIMIT ${LOG_EXPORT_MAX_ROWS + 1}`,
    params,
  );
  const truncated = rows.length > LOG_EXPORT_MAX_ROWS;
  if (truncated) rows.pop();
  return { decisions: rows.map((row) => toDecision(row, canRevert)), truncated };
}

/** One product's decisions, the newest first, at most `limit`. */
export async function productDecisions(db: Queryable, productId: string, limit: number, canRevert: boolean) {
  const { rows } = await db.query(`${DECISION_SELECT} WHERE d.product_id = $1 ORDER BY d.id DESC LIMIT $2`, [
    productId,
    limit,
  ]);
  return rows.map((row) => toDecision(row, canRevert));
}
