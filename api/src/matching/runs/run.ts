/**
 * One matching run, start to end:
 *
 * 1. keys: the stale matching keys of the website's products are recomputed; a FULL run also
 *    recomputes its competitors' stale keys (and recounts their terms when the counts are
 *    missing or off), an INCREMENTAL run only those of the competitor products its recorded
 *    changes name (seen since the import);
 * 2. scope: FULL, every active product with keys x every active competitor in scope;
 *    INCREMENTAL, the products whose keys changed x every active competitor, plus, for each
 *    competitor product whose keys changed, our products it may match (reverse search by GTIN,
 *    model number, name within the brand) x its competitor;
 * 3. in batches of products, per competitor: candidates scored (candidates.ts), the top ones
 *    stored (store.ts), progress written to the run row;
 * 4. at the end, per competitor, the automatic matches (threshold.ts selectAutomaticMatches over
 *    each list's best candidate and its runner-up, the first candidate of another record) at the
 *    competitor's calibrated threshold (../calibration-store.ts; none with too few decisions),
 *    applied through the state machine by the competitor's mode.
 *
 * A product that already has a MATCHED or waiting-to-confirm pair at a competitor gets no new
 * candidates there; NEVER_MATCH pairs are dropped from every list, and so are the competitor's
 * other listings of the same record (candidates.ts neverMatchedRecords: a copy's pair already
 * waiting is neither scored again nor matched, a reviewer decides it). A FULL run then computes
 * again the signals of the pairs it did not score whose signals are of older keys (labels.ts:
 * signals only, never a status or the log).
 */
import type { Pool } from 'pg';
import { competitorCalibrations } from '../calibration-store.ts';
import { activeModelOfWebsite } from '../retrain.ts';
import { selectAutomaticMatches, type ScoredPair } from '../threshold.ts';
import {
  brandSizes,
  CompetitorStatistics,
  loadQueryProducts,
  scoreCandidates,
  type ScoredCandidate,
} from './candidates.ts';
import {
  loadBrandIndex,
  recountTerms,
  refreshCompetitorKeys,
  refreshProductKeys,
  termsUpToDate,
  type Db,
} from './keys.ts';
import { refreshStaleSignals } from './labels.ts';
import { DEFAULT_SETTINGS, type MatchingSettings } from './settings.ts';
import { applyAutomatic, settledProducts, storeCandidates, storedEvidence, type CandidateRow } from './store.ts';

export interface RunRecord {
  id: string;
  organization_website_id: string;
  competitor_id: string | null;
  kind: 'full' | 'incremental';
}

interface CompetitorScope {
  id: string;
  matchingMode: string;
}

export interface RunCounts {
  productsTotal: number;
  productsDone: number;
  keysRefreshed: number;
  candidatesCreated: number;
  candidatesUpdated: number;
  matchedAutomatically: number;
  sentToConfirmation: number;
}

async function activeCompetitors(db: Db, run: RunRecord): Promise<CompetitorScope[]> {
  const { rows } = await db.query<{ id: string; matching_mode: string }>(
    `SELECT id, matching_mode FROM competitors
      WHERE organization_website_id = $1 AND active AND ($2::uuid IS NULL OR id = $2) ORDER BY id`,
    [run.organization_website_id, run.competitor_id],
  );
  return rows.map((r) => ({ id: r.id, matchingMode: r.matching_mode }));
}

/**
 * Our products (with keys, active) a changed competitor product may be: same GTIN, a shared
 * model number, the nearest names within its brand (across brands when it has none).
 */
async function reverseCandidates(
  db: Db,
  websiteId: string,
  competitorProductIds: string[],
  limit: number,
): Promise<string[]> {
  const found = new Set<string>();
  for (let start = 0; start < competitorProductIds.length; start += 500) {
    const { rows } = await db.query<{ product_id: string }>(
      `SELECT DISTINCT f.product_id FROM competitor_product_matching_keys x
       CROSS JOIN LATERAL (
         SELECT k.product_id FROM product_matching_keys k
          WHERE x.gtin IS NOT NULL AND k.organization_website_id = $2 AND k.gtin = x.gtin
         UNION ALL
         SELECT c.product_id FROM product_matching_codes c
          WHERE cardinality(x.name_codes) > 0 AND c.organization_website_id = $2 AND c.code = ANY(x.name_codes)
         UNION ALL
         (SELECT k.product_id FROM product_matching_keys k
           WHERE x.brand_key IS NOT NULL AND k.organization_website_id = $2 AND k.brand_key = x.brand_key
           ORDER BY k.normalized_name <-> x.normalized_name LIMIT $3)
         UNION ALL
         (SELECT k.product_id FROM product_matching_keys k
           WHERE x.brand_key IS NULL AND k.organization_website_id = $2
           ORDER BY k.normalized_name <-> x.normalized_name LIMIT $3)
       ) f
       JOIN products p ON p.id = f.product_id AND p.active
       WHERE x.competitor_product_id = ANY($1::uuid[])`,
      [competitorProductIds.slice(start, start + 500), websiteId, limit],
    );
    for (const row of rows) found.add(row.product_id);
  }
  return [...found];
}

/**
 * What `selectAutomaticMatches` reads of a product's candidates (best first): the best one and its
 * runner-up, the first candidate of another record. A copy of the best (the same record listed
 * twice, candidates.ts `record`) is no runner-up, so the list reaches past the copies: a close
 * candidate of another record after them still holds the best back.
 */
export function automaticProposal(productId: string, list: readonly ScoredCandidate[]): ScoredPair[] {
  const [best] = list;
  if (!best) return [];
  const runnerUp = list.find((candidate) => candidate.record !== best.record);
  return (runnerUp ? [best, runnerUp] : [best]).map((candidate) => ({
    leftId: productId,
    rightId: candidate.competitorProductId,
    score: candidate.score,
    record: candidate.record,
  }));
}

async function allKeyedProducts(db: Db, websiteId: string): Promise<string[]> {
  const { rows } = await db.query<{ product_id: string }>(
    `SELECT k.product_id FROM product_matching_keys k JOIN products p ON p.id = k.product_id
      WHERE k.organization_website_id = $1 AND p.active ORDER BY k.product_id`,
    [websiteId],
  );
  return rows.map((r) => r.product_id);
}

export interface RunHooks {
  /** called after every batch (and after the scope is known) with the counts so far */
  progress(counts: RunCounts): Promise<void>;
  /** INCREMENTAL: takes the recorded changes for this run */
  takeChanges(): Promise<Array<{ competitorId: string | null; since: Date }>>;
}

export async function executeRun(
  pool: Pool,
  run: RunRecord,
  hooks: RunHooks,
  settings: MatchingSettings = DEFAULT_SETTINGS,
): Promise<RunCounts> {
  const counts: RunCounts = {
    productsTotal: 0,
    productsDone: 0,
    keysRefreshed: 0,
    candidatesCreated: 0,
    candidatesUpdated: 0,
    matchedAutomatically: 0,
    sentToConfirmation: 0,
  };
  const websiteId = run.organization_website_id;
  const competitors = await activeCompetitors(pool, run);
  const brands = await loadBrandIndex(pool, websiteId);
  const changedProducts = await refreshProductKeys(pool, websiteId, brands);
  counts.keysRefreshed += changedProducts.length;

  /** product id -> the competitors to search it at */
  const work = new Map<string, Set<string>>();
  const add = (productIds: string[], competitorIds: string[]) => {
    if (!competitorIds.length) return;
    for (const id of productIds) {
      const set = work.get(id) ?? new Set<string>();
      for (const c of competitorIds) set.add(c);
      work.set(id, set);
    }
  };
  if (run.kind === 'full') {
    for (const competitor of competitors) {
      // Term counts follow key changes; counted afresh when missing or off (products deleted).
      const counted = await termsUpToDate(pool, competitor.id);
      counts.keysRefreshed += (
        await refreshCompetitorKeys(pool, competitor.id, brands, { countTerms: counted })
      ).changed.length;
      if (!counted || !(await termsUpToDate(pool, competitor.id))) await recountTerms(pool, competitor.id);
    }
    add(
      await allKeyedProducts(pool, websiteId),
      competitors.map((c) => c.id),
    );
  } else {
    const changes = await hooks.takeChanges();
    add(
      changedProducts,
      competitors.map((c) => c.id),
    );
    for (const competitor of competitors) {
      const recorded = changes.filter((c) => c.competitorId === competitor.id);
      if (!recorded.length) continue;
      const since = new Date(Math.min(...recorded.map((c) => c.since.getTime())));
      const { changed } = await refreshCompetitorKeys(pool, competitor.id, brands, {
        seenSince: since,
        countTerms: true,
      });
      counts.keysRefreshed += changed.length;
      if (changed.length)
        add(await reverseCandidates(pool, websiteId, changed, settings.reverseLimit), [competitor.id]);
    }
  }
  const productIds = [...work.keys()].sort();
  counts.productsTotal = productIds.length;
  await hooks.progress(counts);

  /** per competitor, the score a best candidate must reach to be matched automatically */
  const thresholds = new Map<string, number>();
  if (settings.calibration === 'fixed') {
    for (const competitor of competitors) thresholds.set(competitor.id, settings.automatic.threshold);
  } else {
    const calibrations = await competitorCalibrations(
      pool,
      competitors.map((c) => c.id),
    );
    for (const competitor of competitors) {
      const calibration = calibrations.get(competitor.id);
      thresholds.set(competitor.id, calibration?.automatic ? calibration.threshold : Number.POSITIVE_INFINITY);
    }
  }

  // The organization's model (retrain.ts) when it has one, else the shipped default.
  const model = await activeModelOfWebsite(pool, websiteId);
  const statistics = new Map<string, CompetitorStatistics>();
  const sizes = new Map<string, Map<string | null, number>>();
  /** per competitor, the lists of products whose best candidate reaches the threshold */
  const proposals = new Map<string, ScoredPair[][]>(competitors.map((c) => [c.id, []]));
  for (let start = 0; start < productIds.length; start += settings.batchSize) {
    const batch = await loadQueryProducts(pool, productIds.slice(start, start + settings.batchSize));
    for (const competitor of competitors) {
      const wanted = batch.filter((p) => work.get(p.id)!.has(competitor.id));
      if (!wanted.length) continue;
      const settled = await settledProducts(
        pool,
        competitor.id,
        wanted.map((p) => p.id),
      );
      const open = wanted.filter((p) => !settled.has(p.id));
      if (!open.length) continue;
      if (!statistics.has(competitor.id)) {
        statistics.set(competitor.id, await CompetitorStatistics.load(pool, competitor.id));
        sizes.set(competitor.id, await brandSizes(pool, competitor.id));
      }
      const lists = await scoreCandidates(
        pool,
        competitor.id,
        open,
        statistics.get(competitor.id)!,
        sizes.get(competitor.id)!,
        settings.limits,
        model,
      );
      const rows: CandidateRow[] = [];
      for (const [productId, list] of lists) {
        list.slice(0, settings.candidatesPerCompetitor).forEach((candidate, index) => {
          if (candidate.score < settings.minimumScore) return;
          rows.push({
            productId,
            competitorProductId: candidate.competitorProductId,
            score: candidate.score,
            evidence: storedEvidence(candidate.evidence, candidate.sources, index + 1, candidate),
          });
        });
        if (list[0] && list[0].score >= thresholds.get(competitor.id)!)
          proposals.get(competitor.id)!.push(automaticProposal(productId, list));
      }
      const stored = await storeCandidates(pool, competitor.id, rows);
      counts.candidatesCreated += stored.created;
      counts.candidatesUpdated += stored.updated;
    }
    counts.productsDone = Math.min(productIds.length, start + settings.batchSize);
    await hooks.progress(counts);
  }

  for (const competitor of competitors) {
    const threshold = thresholds.get(competitor.id)!;
    if (!Number.isFinite(threshold)) continue;
    const accepted = selectAutomaticMatches(proposals.get(competitor.id)!, { ...settings.automatic, threshold });
    if (!accepted.length) continue;
    const applied = await applyAutomatic(
      pool,
      competitor,
      accepted.map((p) => ({ productId: p.leftId, competitorProductId: p.rightId, score: p.score })),
    );
    if (competitor.matchingMode === 'automatic') counts.matchedAutomatically += applied;
    else counts.sentToConfirmation += applied;
  }
  if (run.kind === 'full') {
    // The pairs this run did not score again (decided, settled, no longer found) get signals of
    // the current keys' computation when theirs are older: the labels a retrain learns from.
    for (const competitor of competitors) {
      const known = statistics.get(competitor.id) ?? (await CompetitorStatistics.load(pool, competitor.id));
      await refreshStaleSignals(pool, known);
    }
  }
  await hooks.progress(counts);
  return counts;
}
