/**
 * Retraining an organization's matching model from its decisions (docs/matching.md, issue 17):
 *
 * - Labels: a product's candidates at a competitor whose signals were kept (evidence `signals`,
 *   runs/store.ts) form a list; a list teaches when a person decided in it: the pair a person
 *   left MATCHED is the product (the others are not: one competitor product per product), or
 *   every pair of the list was left NEVER_MATCH by a person ("none of them").
 *   After the keys' computation changes, the next full run computes the kept signals of decided
 *   pairs again under the current rules (runs/labels.ts), so the labels carry one meaning.
 * - The lists are split by product (a fifth held out, the same split every time); the model is
 *   trained on the rest with the current model (the organization's, else the shipped default)
 *   as its prior, and both are measured on the held-out lists (mean log-likelihood of the right
 *   choice, recall@1).
 * - Too few lists: nothing is trained, the current model stays, and the retrain says why. A new
 *   model whose held-out quality is below the current one's is rolled back (recorded, not
 *   active). Otherwise it becomes the organization's active model, the next version.
 *
 * Every retrain is recorded in matching_retrains (migration 072) with its outcome and message.
 */
import type { Pool } from 'pg';
import { DEFAULT_MODEL } from './default-model.ts';
import { FEATURE_NAMES, type FeatureVector } from './features.ts';
import { parseModel, scoreList, trainModel, type LabelledList, type MatchingModel } from './model.ts';
import type { Queryable } from './state/apply.ts';

/** Lists needed to train (and among them lists with a match). */
export const MINIMUM_LISTS = 100;
export const MINIMUM_MATCHED_LISTS = 30;
/** New human decisions since the last retrain that make the next one due. */
export const RETRAIN_AFTER_DECISIONS = 200;
/** The pull toward the prior: an organization's few hundred lists refine the default, they do not replace it. */
export const ORGANIZATION_L2 = 0.02;
/** The new model may be this much worse (mean log-likelihood) and still count as not worse (noise). */
export const QUALITY_TOLERANCE = 0.002;

export interface ListKey {
  productId: string;
  competitorId: string;
}

export type KeyedList = LabelledList & ListKey;

/** The signals as the model reads them (absent = 0). */
export function signalVector(stored: Record<string, number> | null | undefined): FeatureVector {
  const vector = {} as FeatureVector;
  for (const name of FEATURE_NAMES) vector[name] = Number(stored?.[name] ?? 0) || 0;
  return vector;
}

/** The organization's labelled lists (see the top of this file), in a stable order. */
export async function loadLabelledLists(db: Queryable, organizationId: string): Promise<KeyedList[]> {
  const { rows } = await db.query<{
    product_id: string;
    competitor_id: string;
    status: string;
    human: boolean;
    signals: Record<string, number>;
  }>(
    // The latest decision of every pair the organization decided on, in one pass (no look-up per pair).
    `WITH last AS (
       SELECT DISTINCT ON (d.match_id) d.match_id, d.actor_id IS NOT NULL AS human
         FROM matching_decisions d JOIN organization_websites ow ON ow.id = d.organization_website_id
        WHERE ow.organization_id = $1
        ORDER BY d.match_id, d.id DESC
     ), decided AS (
       SELECT DISTINCT m.product_id, m.competitor_id
         FROM last JOIN product_matches m ON m.id = last.match_id
        WHERE last.human AND m.status IN ('MATCHED', 'NEVER_MATCH') AND m.evidence ? 'signals'
     )
     SELECT m.product_id, m.competitor_id, m.status, m.evidence -> 'signals' AS signals, coalesce(last.human, false) AS human
       FROM decided x JOIN product_matches m ON m.product_id = x.product_id AND m.competitor_id = x.competitor_id
       LEFT JOIN last ON last.match_id = m.id
      WHERE m.evidence ? 'signals'
      ORDER BY m.product_id, m.competitor_id, m.id`,
    [organizationId],
  );
  const lists = new Map<string, { key: ListKey; rows: typeof rows }>();
  for (const row of rows) {
    const id = `${row.product_id}/${row.competitor_id}`;
    const entry = lists.get(id) ?? { key: { productId: row.product_id, competitorId: row.competitor_id }, rows: [] };
    entry.rows.push(row);
    lists.set(id, entry);
  }
  const result: KeyedList[] = [];
  for (const { key, rows: pairs } of lists.values()) {
    const matched = pairs.some((p) => p.status === 'MATCHED' && p.human);
    const allNever = pairs.every((p) => p.status === 'NEVER_MATCH' && p.human);
    if (!matched && !allNever) continue;
    result.push({
      ...key,
      candidates: pairs.map((p) => signalVector(p.signals)),
      matches: pairs.map((p) => p.status === 'MATCHED' && p.human),
    });
  }
  return result;
}

/** A fifth of the products, always the same ones (FNV-1a of the product id). */
export function heldOut(productId: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < productId.length; i++) hash = Math.imul(hash ^ productId.charCodeAt(i), 0x01000193) >>> 0;
  return hash % 5 === 0;
}

export interface Quality {
  /** mean log-likelihood of the right choice (the match, or none) per list; higher is better */
  logLikelihood: number;
  /** lists with a match whose best candidate is it */
  recallAt1: number;
  lists: number;
}

export function quality(model: MatchingModel, lists: readonly LabelledList[]): Quality {
  let likelihood = 0;
  let withMatch = 0;
  let first = 0;
  for (const list of lists) {
    const scores = scoreList(model, list.candidates).map((s) => s.score);
    const right = list.matches.some(Boolean)
      ? scores.filter((_, i) => list.matches[i]).reduce((a, b) => a + b, 0)
      : 1 - scores.reduce((a, b) => a + b, 0);
    likelihood += Math.log(Math.max(right, 1e-12));
    if (list.matches.some(Boolean)) {
      withMatch++;
      const best = scores.indexOf(Math.max(...scores));
      if (list.matches[best]) first++;
    }
  }
  return {
    logLikelihood: lists.length ? likelihood / lists.length : 0,
    recallAt1: withMatch ? first / withMatch : 0,
    lists: lists.length,
  };
}

/** The organization's active model, else the shipped default. */
export async function activeModel(db: Queryable, organizationId: string): Promise<MatchingModel> {
  const { rows } = await db.query<{ model: unknown }>(
    'SELECT model FROM matching_models WHERE organization_id = $1 AND active',
    [organizationId],
  );
  return rows[0] ? parseModel(rows[0].model) : DEFAULT_MODEL;
}

/** The active model of the organization a website belongs to. */
export async function activeModelOfWebsite(db: Queryable, websiteId: string): Promise<MatchingModel> {
  const { rows } = await db.query<{ model: unknown }>(
    `SELECT m.model FROM organization_websites ow JOIN matching_models m ON m.organization_id = ow.organization_id AND m.active WHERE ow.id = $1`,
    [websiteId],
  );
  return rows[0] ? parseModel(rows[0].model) : DEFAULT_MODEL;
}

/** Human decisions of the organization (what "new decisions since the last retrain" counts). */
export async function humanDecisions(db: Queryable, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM matching_decisions d JOIN organization_websites ow ON ow.id = d.organization_website_id
      WHERE ow.organization_id = $1 AND d.actor_id IS NOT NULL`,
    [organizationId],
  );
  return rows[0]!.n;
}

export interface RetrainOutcome {
  outcome: 'trained' | 'rolled_back' | 'too_few_labels';
  message: string;
  /** the version now active (unchanged unless trained) */
  activeVersion: string;
  newVersion: string | null;
  labelledLists: number;
  candidate: Quality | null;
  current: Quality | null;
  seconds: number;
  /** where the time went (seconds): reading the decisions, training, measuring on the held-out lists, writing */
  phases: { read: number; train: number; measure: number; write: number };
}

export interface RetrainOptions {
  minimumLists?: number;
  minimumMatchedLists?: number;
  l2?: number;
}

/** One retrain of an organization's model (see the top of this file); recorded in matching_retrains. */
export async function retrainOrganization(
  pool: Pool,
  organizationId: string,
  options: RetrainOptions = {},
): Promise<RetrainOutcome> {
  const started = performance.now();
  const phases = { read: 0, train: 0, measure: 0, write: 0 };
  let mark = started;
  const lap = (phase: keyof typeof phases) => {
    const now = performance.now();
    phases[phase] += (now - mark) / 1000;
    mark = now;
  };
  const decisions = await humanDecisions(pool, organizationId);
  const lists = await loadLabelledLists(pool, organizationId);
  const current = await activeModel(pool, organizationId);
  const minimumLists = options.minimumLists ?? MINIMUM_LISTS;
  const minimumMatched = options.minimumMatchedLists ?? MINIMUM_MATCHED_LISTS;
  const matched = lists.filter((l) => l.matches.some(Boolean)).length;
  lap('read');
  const record = async (outcome: RetrainOutcome['outcome'], message: string, modelId: string | null) => {
    const seconds = (performance.now() - started) / 1000;
    await pool.query(
      `INSERT INTO matching_retrains (organization_id, outcome, model_id, decisions, labelled_lists, message, seconds) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [organizationId, outcome, modelId, decisions, lists.length, message, seconds],
    );
    return seconds;
  };
  if (lists.length < minimumLists || matched < minimumMatched) {
    const message =
      `Too few labelled lists to retrain: ${lists.length} decided (${matched} with a match); ` +
      `${minimumLists} (${minimumMatched} with a match) are needed. The current model ${current.version} stays.`;
    const seconds = await record('too_few_labels', message, null);
    lap('write');
    return {
      outcome: 'too_few_labels',
      message,
      activeVersion: current.version,
      newVersion: null,
      labelledLists: lists.length,
      candidate: null,
      current: null,
      seconds,
      phases,
    };
  }
  const training = lists.filter((l) => !heldOut(l.productId));
  const held = lists.filter((l) => heldOut(l.productId));
  const { rows: versions } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM matching_models WHERE organization_id = $1',
    [organizationId],
  );
  const version = `org-${versions[0]!.n + 1}`;
  const model = trainModel(training, {
    version,
    prior: current,
    l2: options.l2 ?? ORGANIZATION_L2,
    trainedOn: [`${current.version} as prior`, `${training.length} decided lists of the organization`],
  });
  lap('train');
  const candidateQuality = quality(model, held);
  const currentQuality = quality(current, held);
  const worse = held.length > 0 && candidateQuality.logLikelihood < currentQuality.logLikelihood - QUALITY_TOLERANCE;
  lap('measure');
  const fmt = (q: Quality) => `log-likelihood ${q.logLikelihood.toFixed(4)}, recall@1 ${q.recallAt1.toFixed(3)}`;
  const client = await pool.connect();
  let modelId: string;
  try {
    await client.query('BEGIN');
    // One retrain of an organization at a time writes versions (the job is one per organization too).
    await client.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [organizationId]);
    if (!worse)
      await client.query('UPDATE matching_models SET active = false WHERE organization_id = $1 AND active', [
        organizationId,
      ]);
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO matching_models (organization_id, version, model, active, trained_lists, held_out_lists, quality) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        organizationId,
        version,
        JSON.stringify(model),
        !worse,
        training.length,
        held.length,
        JSON.stringify({ candidate: candidateQuality, current: currentQuality, replaces: current.version }),
      ],
    );
    modelId = inserted.rows[0]!.id;
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  const message = worse
    ? `Rolled back: ${version} did worse on ${held.length} held-out lists (${fmt(candidateQuality)}) than ${current.version} (${fmt(currentQuality)}). ${current.version} stays.`
    : `${version} is active: on ${held.length} held-out lists ${fmt(candidateQuality)} against ${current.version}'s ${fmt(currentQuality)}; trained on ${training.length} lists.`;
  const seconds = await record(worse ? 'rolled_back' : 'trained', message, modelId);
  lap('write');
  return {
    outcome: worse ? 'rolled_back' : 'trained',
    message,
    activeVersion: worse ? current.version : version,
    newVersion: version,
    labelledLists: lists.length,
    candidate: candidateQuality,
    current: currentQuality,
    seconds,
    phases,
  };
}

/** Organizations with at least `after` human decisions since their last retrain (or ever). */
export async function organizationsDueForRetrain(db: Queryable, after = RETRAIN_AFTER_DECISIONS): Promise<string[]> {
  const { rows } = await db.query<{ organization_id: string }>(
    `SELECT ow.organization_id
       FROM matching_decisions d JOIN organization_websites ow ON ow.id = d.organization_website_id
      WHERE d.actor_id IS NOT NULL
      GROUP BY ow.organization_id
     HAVING count(*) - coalesce((SELECT r.decisions FROM matching_retrains r WHERE r.organization_id = ow.organization_id ORDER BY r.id DESC LIMIT 1), 0) >= $1`,
    [after],
  );
  return rows.map((r) => r.organization_id);
}
