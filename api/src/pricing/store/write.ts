/**
 * Writes computed suggestions: one upsert per batch that leaves a suggestion that stays the same
 * untouched (no write, computed_at kept), and puts a reviewed one back to PENDING when its
 * suggested price changes (a new price reopens a rejected one, and an accepted one must be
 * accepted again before it is published).
 */
import type { Queryable } from '../../db/transaction.ts';
import type { Suggestion } from '../engine/types.ts';

export interface Computed {
  productId: string;
  ruleId: string;
  currency: string;
  suggestion: Suggestion;
}

/**
 * The batch is compared with the stored suggestions first (one join on the primary key): only
 * new or changed ones reach the upsert. An upsert's ON CONFLICT locks every row it finds, even
 * one its WHERE then leaves alone (a write to the row's page and the WAL for each), so a full
 * recompute that changes little writes little.
 */
const UPSERT = `
  WITH u AS (
    -- As they are stored (numeric(12, 2)), so that the comparison sees what the upsert would write.
    SELECT product_id, rule_id, current_price::numeric(12, 2) AS current_price, suggested_price::numeric(12, 2) AS suggested_price,
           change::numeric(12, 2) AS change, change_percent::numeric(18, 2) AS change_percent, currency, outcome, explanation
      FROM unnest($2::uuid[], $3::uuid[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::text[], $9::text[], $10::jsonb[])
      AS u (product_id, rule_id, current_price, suggested_price, change, change_percent, currency, outcome, explanation))
  INSERT INTO price_suggestions AS s (product_id, organization_website_id, rule_id, current_price, suggested_price, change, change_percent, currency, outcome, explanation, computed_at)
  SELECT u.product_id, $1, u.rule_id, u.current_price, u.suggested_price, u.change, u.change_percent, u.currency, u.outcome, u.explanation, now()
    FROM u LEFT JOIN price_suggestions o ON o.product_id = u.product_id
   WHERE o.product_id IS NULL
      OR (o.rule_id, o.current_price, o.suggested_price, o.outcome, o.currency::text, o.explanation)
         IS DISTINCT FROM (u.rule_id, u.current_price, u.suggested_price, u.outcome, u.currency, u.explanation)
  ON CONFLICT (product_id) DO UPDATE
     SET rule_id = EXCLUDED.rule_id, current_price = EXCLUDED.current_price, suggested_price = EXCLUDED.suggested_price,
         change = EXCLUDED.change, change_percent = EXCLUDED.change_percent, currency = EXCLUDED.currency,
         outcome = EXCLUDED.outcome, explanation = EXCLUDED.explanation, computed_at = now(),
         review = CASE WHEN s.suggested_price IS DISTINCT FROM EXCLUDED.suggested_price THEN 'PENDING' ELSE s.review END,
         reviewed_by = CASE WHEN s.suggested_price IS DISTINCT FROM EXCLUDED.suggested_price THEN NULL ELSE s.reviewed_by END,
         reviewed_by_email = CASE WHEN s.suggested_price IS DISTINCT FROM EXCLUDED.suggested_price THEN NULL ELSE s.reviewed_by_email END,
         reviewed_at = CASE WHEN s.suggested_price IS DISTINCT FROM EXCLUDED.suggested_price THEN NULL ELSE s.reviewed_at END
   WHERE (s.rule_id, s.current_price, s.suggested_price, s.outcome, s.currency, s.explanation)
         IS DISTINCT FROM (EXCLUDED.rule_id, EXCLUDED.current_price, EXCLUDED.suggested_price, EXCLUDED.outcome, EXCLUDED.currency, EXCLUDED.explanation)`;

export async function writeSuggestions(
  db: Queryable,
  websiteId: string,
  computed: Computed[],
  cleared: string[],
): Promise<void> {
  if (computed.length) {
    const columns: unknown[][] = [[], [], [], [], [], [], [], [], []];
    for (const c of computed) {
      const s = c.suggestion;
      const values = [
        c.productId,
        c.ruleId,
        s.currentPrice,
        s.suggestedPrice,
        s.change,
        s.changePercent,
        c.currency,
        s.outcome,
        JSON.stringify(s.steps),
      ];
      for (let i = 0; i < values.length; i++) columns[i]!.push(values[i]);
    }
    await db.query(UPSERT, [websiteId, ...columns]);
  }
  if (cleared.length) await db.query('DELETE FROM price_suggestions WHERE product_id = ANY($1::uuid[])', [cleared]);
}
