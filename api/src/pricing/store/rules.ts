/**
 * The SQL of price rules: find within the caller's reach, list, the checks that need the
 * database, and the writes. Every write that can change suggestions queues the website's
 * recompute (recompute-queue.ts) in the same transaction.
 */
import type { ApiContext } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';
import { ruleError } from '../rules/errors.ts';
import { likePattern, scopeOf } from '../../catalogue/catalogue-scope.ts';
import type { Queryable } from '../../db/transaction.ts';
import type { RuleSettings, RuleStatus } from '../rules/validate.ts';
import { queueRecompute } from './recompute-queue.ts';
import { RULE_COLUMNS, type RuleRow } from './rule-row.ts';
import { countSelected } from './selection-sql.ts';

const FROM_RULES = `FROM price_rules r JOIN organization_websites ow ON ow.id = r.organization_website_id`;

export async function findRule(db: Queryable, ctx: ApiContext, id: string, lock = false): Promise<RuleRow> {
  const { rows } = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} ${FROM_RULES} WHERE r.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)${lock ? ' FOR UPDATE OF r' : ''}`,
    [id, scopeOf(ctx)],
  );
  if (!rows[0]) throw notFound('Price rule', id);
  return rows[0];
}

export const RULE_SORTS = {
  PRIORITY_ASC: 'r.priority ASC',
  PRIORITY_DESC: 'r.priority DESC',
  NAME_ASC: 'r.name ASC, r.priority ASC',
  NAME_DESC: 'r.name DESC, r.priority ASC',
  UPDATED_AT_ASC: 'r.updated_at ASC, r.priority ASC',
  UPDATED_AT_DESC: 'r.updated_at DESC, r.priority ASC',
} as const;

export async function listRules(
  db: Queryable,
  websiteId: string,
  options: {
    status: RuleStatus | null;
    search: string | null;
    sort: keyof typeof RULE_SORTS;
    limit: number;
    offset: number;
  },
): Promise<{ rows: RuleRow[]; total: number }> {
  const where = `r.organization_website_id = $1 AND ($2::text IS NULL OR r.status = $2) AND ($3::text IS NULL OR r.name ILIKE $3)`;
  const params = [websiteId, options.status, options.search ? likePattern(options.search) : null];
  const [{ rows }, total] = await Promise.all([
    db.query<RuleRow>(
      `SELECT ${RULE_COLUMNS} ${FROM_RULES} WHERE ${where} ORDER BY ${RULE_SORTS[options.sort]}, r.id LIMIT $4 OFFSET $5`,
      [...params, options.limit, options.offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM price_rules r WHERE ${where}`, params),
  ]);
  return { rows, total: total.rows[0]!.n };
}

/** The checks of a rule that need the website's data; each failure names its field. */
export async function checkRuleAgainstWebsite(
  db: Queryable,
  websiteId: string,
  settings: RuleSettings,
  ruleId: string | null,
): Promise<void> {
  const clash = await db.query<{ name: string }>(
    'SELECT name FROM price_rules WHERE organization_website_id = $1 AND priority = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)',
    [websiteId, settings.priority, ruleId],
  );
  if (clash.rows[0])
    throw ruleError(
      'priority',
      'PRIORITY_TAKEN',
      `rule "${clash.rows[0].name}" has priority ${settings.priority} already`,
      { rule: clash.rows[0].name, priority: settings.priority },
    );
  const named = [
    ...settings.competitors.competitorIds,
    ...(settings.strategy.competitorId ? [settings.strategy.competitorId] : []),
  ];
  if (named.length) {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM competitors WHERE organization_website_id = $1 AND id = ANY($2::uuid[])',
      [websiteId, named],
    );
    const known = new Set(rows.map((r) => r.id));
    if (settings.competitors.competitorIds.some((id) => !known.has(id)))
      throw ruleError(
        'competitors.competitorIds',
        'UNKNOWN_COMPETITOR',
        'names a competitor the website does not have',
      );
    if (settings.strategy.competitorId && !known.has(settings.strategy.competitorId))
      throw ruleError('strategy.competitorId', 'UNKNOWN_COMPETITOR', 'names a competitor the website does not have');
  }
  const products = [...settings.products.includeProductIds, ...settings.products.excludeProductIds];
  if (products.length) {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE organization_website_id = $1 AND id = ANY($2::uuid[])',
      [websiteId, products],
    );
    if (rows[0]!.n !== products.length)
      throw ruleError('products.includeProductIds', 'UNKNOWN_PRODUCT', 'names a product the website does not have');
  }
  if ((await countSelected(db as never, websiteId, settings.products)) === 0)
    throw ruleError('products', 'SELECTS_NOTHING', 'the filters select no product');
}

const SETTINGS_VALUES = (s: RuleSettings) => [
  s.name,
  s.status,
  s.priority,
  JSON.stringify(s.products),
  JSON.stringify(s.competitors),
  JSON.stringify(s.strategy),
  JSON.stringify(s.bounds),
  JSON.stringify(s.rounding),
];

export async function insertRule(
  db: Queryable,
  websiteId: string,
  settings: RuleSettings,
  actor: { id: string; email: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO price_rules (organization_website_id, name, status, priority, products, competitors, strategy, bounds, rounding, updated_by, updated_by_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [websiteId, ...SETTINGS_VALUES(settings), actor.id, actor.email],
  );
  if (settings.status === 'ACTIVE') await queueRecompute(db, websiteId);
  return rows[0]!.id;
}

export async function updateRule(
  db: Queryable,
  rule: RuleRow,
  settings: RuleSettings,
  actor: { id: string; email: string },
): Promise<void> {
  await db.query(
    `UPDATE price_rules SET name = $2, status = $3, priority = $4, products = $5, competitors = $6, strategy = $7, bounds = $8, rounding = $9,
            updated_by = $10, updated_by_email = $11, updated_at = now() WHERE id = $1`,
    [rule.id, ...SETTINGS_VALUES(settings), actor.id, actor.email],
  );
  if (settings.status === 'ACTIVE' || rule.status === 'ACTIVE') await queueRecompute(db, rule.organization_website_id);
}

export async function setRuleStatus(
  db: Queryable,
  rule: RuleRow,
  status: RuleStatus,
  actor: { id: string; email: string },
): Promise<void> {
  await db.query(
    'UPDATE price_rules SET status = $2, updated_by = $3, updated_by_email = $4, updated_at = now() WHERE id = $1',
    [rule.id, status, actor.id, actor.email],
  );
  if (status === 'ACTIVE' || rule.status === 'ACTIVE') await queueRecompute(db, rule.organization_website_id);
}

export async function deleteRule(db: Queryable, rule: RuleRow): Promise<void> {
  await db.query('DELETE FROM price_rules WHERE id = $1', [rule.id]);
  if (rule.status === 'ACTIVE') await queueRecompute(db, rule.organization_website_id);
}

/** The copy goes last (the website's highest priority + 1), as a Draft. */
export async function duplicateRule(
  db: Queryable,
  rule: RuleRow,
  actor: { id: string; email: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO price_rules (organization_website_id, name, status, priority, products, competitors, strategy, bounds, rounding, updated_by, updated_by_email)
     SELECT organization_website_id, left(name, 193) || ' (copy)', 'DRAFT',
            (SELECT max(priority) + 1 FROM price_rules WHERE organization_website_id = r.organization_website_id),
            products, competitors, strategy, bounds, rounding, $2, $3
       FROM price_rules r WHERE id = $1 RETURNING id`,
    [rule.id, actor.id, actor.email],
  );
  return rows[0]!.id;
}

/** Priorities 1..n in the given order; the list must be exactly the website's rules. */
export async function reorderRules(
  db: Queryable,
  websiteId: string,
  ruleIds: string[],
  actor: { id: string; email: string },
): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM price_rules WHERE organization_website_id = $1 FOR UPDATE',
    [websiteId],
  );
  const existing = new Set(rows.map((r) => r.id));
  if (
    new Set(ruleIds).size !== ruleIds.length ||
    ruleIds.length !== existing.size ||
    ruleIds.some((id) => !existing.has(id))
  ) {
    throw ruleError('priceRuleIds', 'REORDER_INCOMPLETE', 'must name every rule of the website exactly once');
  }
  await db.query('SET CONSTRAINTS price_rules_priority_unique DEFERRED');
  await db.query(
    `UPDATE price_rules r SET priority = o.n, updated_by = $2, updated_by_email = $3, updated_at = now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS o (id, n) WHERE r.id = o.id AND r.priority <> o.n`,
    [ruleIds, actor.id, actor.email],
  );
  await queueRecompute(db, websiteId);
}
