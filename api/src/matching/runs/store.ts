/**
 * Writing a run's results into product_matches (STATE.md): new candidates are inserted as
 * WAITING (waiting to match) and never twice (UNIQUE pair, ON CONFLICT); an existing pair keeps
 * its status, and only a pair still waiting to match gets the new score and evidence. Automatic
 * matches and requests for confirmation go through the state machine (applyTransition), logged
 * with no actor and source 'engine'.
 */
import type { Pool } from 'pg';
import { inTransaction } from '../../db/transaction.ts';
import { applyTransition, lockProducts } from '../state/apply.ts';
import { TransitionError } from '../state/errors.ts';
import type { MatchEvidence } from '../score.ts';
import { KEYS_VERSION, type Db } from './keys.ts';

export interface StoredEvidence extends MatchEvidence {
  gtinEqual: boolean;
  mpnEqual: boolean;
  sources: string[];
  /** 1 = the best candidate of the product at that competitor */
  rank: number;
  engine: 1;
  /** the version of the model that scored the pair (../model.ts); absent before learned scores */
  model?: string;
  /** each signal's share of the score's log-odds */
  contributions?: Record<string, number>;
  /** the pair's signals (features.ts, 4 places), what a retrain learns from once the pair is decided (../retrain.ts) */
  signals?: Record<string, number>;
  /** the keys' computation the signals were computed with (keys.ts KEYS_VERSION); absent before it was kept */
  signalsKeys?: string;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Signals as stored: 4 places, zeros left out (a retrain reads an absent signal as 0). */
export function storedSignals(signals: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(signals)
      .filter(([, value]) => value !== 0)
      .map(([name, value]) => [name, round(value)]),
  );
}

/** The evidence as stored: the engine's, with rounded similarities, the searches, the rank and the model that scored it. */
export function storedEvidence(
  evidence: MatchEvidence,
  sources: string[],
  rank: number,
  scoring?: { modelVersion: string; contributions: Record<string, number>; signals?: Record<string, number> },
): StoredEvidence {
  return {
    ...evidence,
    nameSimilarity: round(evidence.nameSimilarity),
    wordSimilarity: round(evidence.wordSimilarity),
    priceDifference: evidence.priceDifference === null ? null : round(evidence.priceDifference),
    gtinEqual: evidence.matchedIdentifiers.includes('gtin'),
    mpnEqual: evidence.matchedIdentifiers.includes('mpn'),
    sources: [...sources].sort(),
    rank,
    engine: 1,
    ...(scoring ? { model: scoring.modelVersion, contributions: scoring.contributions } : {}),
    ...(scoring?.signals ? { signals: storedSignals(scoring.signals), signalsKeys: KEYS_VERSION } : {}),
  };
}

export interface CandidateRow {
  productId: string;
  competitorProductId: string;
  score: number;
  evidence: StoredEvidence;
}

/** Our products (of the given ones) that already have a MATCHED or waiting-to-confirm pair at the competitor. */
export async function settledProducts(db: Db, competitorId: string, productIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ product_id: string }>(
    `SELECT DISTINCT product_id FROM product_matches
      WHERE product_id = ANY($1::uuid[]) AND competitor_id = $2 AND (status = 'MATCHED' OR (status = 'WAITING' AND stage = 'confirmation'))`,
    [productIds, competitorId],
  );
  return new Set(rows.map((r) => r.product_id));
}

/**
 * Inserts the candidates that are new and refreshes the score and evidence of those still
 * waiting to match, in one transaction that locks the products first (the order decisions use).
 */
export async function storeCandidates(
  pool: Pool,
  competitorId: string,
  rows: CandidateRow[],
): Promise<{ created: number; updated: number }> {
  if (!rows.length) return { created: 0, updated: 0 };
  const productIds = [...new Set(rows.map((r) => r.productId))].sort();
  return inTransaction(pool, async (client) => {
    await lockProducts(client, productIds);
    const { rows: written } = await client.query<{ product_id: string; created: boolean }>(
      `INSERT INTO product_matches AS pm (product_id, competitor_product_id, competitor_id, status, score, evidence)
       SELECT r.product_id, r.competitor_product_id, $2, 'WAITING', r.score, r.evidence
         FROM jsonb_to_recordset($1::jsonb) AS r(product_id uuid, competitor_product_id uuid, score real, evidence jsonb)
       ON CONFLICT (product_id, competitor_product_id) DO UPDATE SET score = EXCLUDED.score, evidence = EXCLUDED.evidence
        WHERE pm.status = 'WAITING' AND pm.stage = 'candidate' AND (pm.score, pm.evidence) IS DISTINCT FROM (EXCLUDED.score, EXCLUDED.evidence)
       RETURNING pm.product_id, (xmax = 0) AS created`,
      [
        JSON.stringify(
          rows.map((r) => ({
            product_id: r.productId,
            competitor_product_id: r.competitorProductId,
            score: r.score,
            evidence: r.evidence,
          })),
        ),
        competitorId,
      ],
    );
    const created = written.filter((w) => w.created);
    if (created.length)
      await client.query('SELECT refresh_product_rollups($1::uuid[])', [
        [...new Set(created.map((w) => w.product_id))],
      ]);
    return { created: created.length, updated: written.length - created.length };
  });
}

export interface AutomaticPair {
  productId: string;
  competitorProductId: string;
  score: number;
}

const AUTOMATIC_CHUNK = 50;

/**
 * Applies the automatic matches a run selected: in automatic mode the pair becomes MATCHED, in
 * confirmation mode it waits for confirmation. A pair that is no longer waiting to match (a
 * reviewer decided meanwhile), whose product was matched at the competitor meanwhile, or whose
 * competitor product is already matched to another of our products is left as it is.
 */
export async function applyAutomatic(
  pool: Pool,
  competitor: { id: string; matchingMode: string },
  pairs: AutomaticPair[],
): Promise<number> {
  const event = competitor.matchingMode === 'automatic' ? 'automatic_match' : 'request_confirmation';
  let applied = 0;
  for (let start = 0; start < pairs.length; start += AUTOMATIC_CHUNK) {
    const chunk = pairs.slice(start, start + AUTOMATIC_CHUNK);
    applied += await inTransaction(pool, async (client) => {
      await lockProducts(client, [...new Set(chunk.map((p) => p.productId))].sort());
      const { rows } = await client.query<{ id: string; version: number; eligible: boolean }>(
        `SELECT pm.id, pm.version,
                pm.status = 'WAITING' AND pm.stage = 'candidate'
                AND NOT EXISTS (SELECT 1 FROM product_matches o
                                 WHERE o.competitor_product_id = pm.competitor_product_id AND o.product_id <> pm.product_id
                                   AND (o.status = 'MATCHED' OR (o.status = 'WAITING' AND o.stage = 'confirmation')))
                AND NOT EXISTS (SELECT 1 FROM product_matches o
                                 WHERE o.product_id = pm.product_id AND o.competitor_id = pm.competitor_id AND o.id <> pm.id
                                   AND (o.status = 'MATCHED' OR (o.status = 'WAITING' AND o.stage = 'confirmation'))) AS eligible
           FROM unnest($1::uuid[], $2::uuid[]) AS a(product_id, competitor_product_id)
           JOIN product_matches pm ON pm.product_id = a.product_id AND pm.competitor_product_id = a.competitor_product_id
          ORDER BY pm.product_id`,
        [chunk.map((p) => p.productId), chunk.map((p) => p.competitorProductId)],
      );
      const eligible = rows.filter((row) => row.eligible);
      // All at once; should one be refused (a decision came in between), the chunk is taken
      // back to its start and the pairs go one by one, each in its own savepoint.
      await client.query('SAVEPOINT automatic_chunk');
      try {
        for (const row of eligible)
          await applyTransition(client, {
            matchId: row.id,
            event,
            actor: { kind: 'system' },
            source: 'engine',
            expectedVersion: row.version,
          });
        return eligible.length;
      } catch (error) {
        if (!(error instanceof TransitionError)) throw error;
        await client.query('ROLLBACK TO SAVEPOINT automatic_chunk');
      }
      let done = 0;
      for (const row of eligible) {
        await client.query('SAVEPOINT automatic');
        try {
          await applyTransition(client, {
            matchId: row.id,
            event,
            actor: { kind: 'system' },
            source: 'engine',
            expectedVersion: row.version,
          });
          await client.query('RELEASE SAVEPOINT automatic');
          done++;
        } catch (error) {
          if (!(error instanceof TransitionError)) throw error;
          await client.query('ROLLBACK TO SAVEPOINT automatic');
        }
      }
      return done;
    });
  }
  return applied;
}
