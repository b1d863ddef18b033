/**
 * The labels after a change of the keys' computation (keys.ts KEYS_VERSION, migration 074): a
 * full run scores again only the pairs still waiting to match (store.ts). Every other pair that
 * keeps signals (decided MATCHED or NEVER_MATCH, the other candidates of a product settled at the
 * competitor, candidates no longer found) still holds signals computed under the older rules,
 * and a retrain (../retrain.ts) learns from them. Here their signals are computed again from the
 * current keys and written with the version they were computed with; nothing else of the pair
 * changes: status, stage, version, score, the rest of the evidence (what a reviewer saw), and
 * the decision log stay as they are.
 *
 * A pair is refreshed only when both sides' keys are current (a product or competitor product
 * whose keys the run did not recompute, being inactive, keeps its older signals until it is).
 */
import type { Pool } from 'pg';
import { inTransaction } from '../../db/transaction.ts';
import { lockProducts } from '../state/apply.ts';
import {
  type CompetitorStatistics,
  type FoundRow,
  pairSignals,
  type QueryProduct,
  readTermCounts,
} from './candidates.ts';
import { KEYS_VERSION } from './keys.ts';
import { storedSignals } from './store.ts';

/** Pairs read, computed and written per statement. */
const LABEL_CHUNK = 500;

interface StaleRow {
  id: string;
  product_id: string;
  p_name: string;
  p_price: number | null;
  p_normalized_name: string;
  p_brand_key: string | null;
  p_gtin: string | null;
  p_mpn: string | null;
  p_name_codes: string[];
  competitor_product_id: string;
  normalized_name: string;
  brand_key: string | null;
  gtin: string | null;
  mpn: string | null;
  name_codes: string[];
  name: string;
  price: number | null;
}

const STALE_SQL = `
SELECT pm.id, pm.product_id, p.name AS p_name, p.price::float8 AS p_price, pk.normalized_name AS p_normalized_name,
       pk.brand_key AS p_brand_key, pk.gtin AS p_gtin, pk.mpn AS p_mpn, pk.name_codes AS p_name_codes,
       pm.competitor_product_id, ck.normalized_name, ck.brand_key, ck.gtin, ck.mpn, ck.name_codes, cp.name, cp.price::float8 AS price
  FROM product_matches pm
  JOIN products p ON p.id = pm.product_id
  JOIN product_matching_keys pk ON pk.product_id = pm.product_id
  JOIN competitor_products cp ON cp.id = pm.competitor_product_id
  JOIN competitor_product_matching_keys ck ON ck.competitor_product_id = pm.competitor_product_id
 WHERE pm.competitor_id = $1 AND pm.id > $3::uuid
   AND pm.evidence ? 'signals' AND (pm.evidence ->> 'signalsKeys') IS DISTINCT FROM $2
   AND pk.fingerprint = matching_fingerprint(p.name, p.brand, p.gtin, p.mpn)
   AND ck.fingerprint = matching_fingerprint(cp.name, cp.brand, cp.gtin, cp.mpn)
 ORDER BY pm.id
 LIMIT $4`;

/**
 * Computes again the signals of the competitor's pairs whose signals are of an older keys
 * version (see the top of this file); returns how many pairs were refreshed.
 */
export async function refreshStaleSignals(pool: Pool, statistics: CompetitorStatistics): Promise<number> {
  let refreshed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await pool.query<StaleRow>(STALE_SQL, [statistics.competitorId, KEYS_VERSION, after, LABEL_CHUNK]);
    if (!rows.length) return refreshed;
    after = rows[rows.length - 1]!.id;
    const products: QueryProduct[] = rows.map((r) => ({
      id: r.product_id,
      name: r.p_name,
      normalizedName: r.p_normalized_name,
      words: r.p_normalized_name.split(' ').filter(Boolean),
      brand: r.p_brand_key,
      gtin: r.p_gtin,
      mpn: r.p_mpn,
      price: r.p_price,
      nameCodes: r.p_name_codes,
      descriptionCodes: [],
      codeVariants: [],
    }));
    const found: FoundRow[] = rows.map((r, i) => ({
      i,
      id: r.competitor_product_id,
      sources: [],
      normalized_name: r.normalized_name,
      brand_key: r.brand_key,
      gtin: r.gtin,
      mpn: r.mpn,
      name_codes: r.name_codes,
      name: r.name,
      price: r.price,
      status: null,
    }));
    await readTermCounts(pool, products, found, statistics);
    const signals = pairSignals(products, found, statistics);
    await inTransaction(pool, async (client) => {
      // The order decisions lock in (store.ts), so a decision meanwhile waits or goes first.
      await lockProducts(client, [...new Set(rows.map((r) => r.product_id))].sort());
      await client.query(
        `UPDATE product_matches pm SET evidence = pm.evidence || jsonb_build_object('signals', r.signals, 'signalsKeys', $2::text)
           FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, signals jsonb)
          WHERE pm.id = r.id`,
        [JSON.stringify(rows.map((r, k) => ({ id: r.id, signals: storedSignals(signals[k]!) }))), KEYS_VERSION],
      );
    });
    refreshed += rows.length;
    if (rows.length < LABEL_CHUNK) return refreshed;
  }
}
