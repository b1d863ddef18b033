/**
 * Applies state-machine transitions to stored pairs: checks (machine.ts), updates product_matches
 * and writes the decision log (matching_decisions), with the consequences (supersede, resume)
 * and the product's rollups. Every function here runs on a client INSIDE the caller's
 * transaction (BEGIN ... COMMIT is the caller's; `inTransaction` of db/transaction.ts does it),
 * so a refusal thrown here rolls back everything the caller did in it.
 *
 * Locking order (avoids deadlocks with the queue trigger, STATE.md): the product row first, then
 * the pair rows. Writers that change many pairs of a product in one transaction lock the
 * products first (lockProducts) too.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { inTransaction, type Queryable } from '../../db/transaction.ts';
import { conflict, TransitionError } from './errors.ts';
import {
  revertTransition,
  stateKey,
  transition,
  type Actor,
  type MatchEvent,
  type MatchStage,
  type MatchState,
  type MatchStatus,
} from './machine.ts';

/** Re-exported for the callers that import it from here (the one definition: db/transaction.ts). */
export type { Queryable };

export const DECISION_SOURCES = [
  'queue',
  'search',
  'confirmation',
  'log',
  'undo',
  'product',
  'engine',
  'expiry',
] as const;
export type DecisionSource = (typeof DECISION_SOURCES)[number];

export interface TransitionRequest {
  matchId: string;
  /** Any event of the table but revert (see revertDecision). */
  event: Exclude<MatchEvent, 'revert'>;
  actor: Actor;
  source: DecisionSource;
  /** The version the caller saw; a different current version is a CONFLICT (STALE_VERSION). */
  expectedVersion?: number;
  /** A retry with the same key returns the first result; a key reused for another request is a CONFLICT. */
  idempotencyKey?: string;
  /** Groups the decisions of one request (bulk actions); a fresh one when absent. */
  batchId?: string;
}

export interface AppliedTransition {
  decisionId: string;
  matchId: string;
  productId: string;
  competitorId: string;
  event: MatchEvent;
  before: MatchState;
  after: MatchState;
  /** The pair's version after the decision. */
  version: number;
  /** True when an earlier request with the same idempotency key had applied it. */
  replayed: boolean;
  batchId: string;
  /** Pairs changed as a consequence (supersede, resume, reverted consequences). */
  consequences: AppliedTransition[];
}

interface PairRow {
  id: string;
  product_id: string;
  competitor_product_id: string;
  competitor_id: string;
  organization_website_id: string;
  status: MatchStatus;
  stage: MatchStage;
  version: number;
  score: number | null;
}

interface DecisionRow {
  id: string;
  match_id: string;
  product_id: string;
  competitor_id: string;
  actor_id: string | null;
  event: MatchEvent;
  status_before: MatchStatus;
  stage_before: MatchStage;
  status_after: MatchStatus;
  stage_after: MatchStage;
  version_after: number;
  batch_id: string;
  caused_by: string | null;
  reverts: string | null;
  reverted_by: string | null;
  idempotency_key: string | null;
}

/** Note: `id` comes out as text; order by `matching_decisions.id` (ORDER BY id would sort the text). */
const DECISION_COLUMNS = `id::text, match_id, product_id, competitor_id, actor_id, event, status_before, stage_before, status_after, stage_after,
  version_after, batch_id, caused_by::text, reverts::text, reverted_by::text, idempotency_key`;

/** Locks products (id order) so their pairs and queue rows change one writer at a time. */
export async function lockProducts(db: Queryable, productIds: string[]): Promise<void> {
  if (productIds.length)
    await db.query('SELECT 1 FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [productIds]);
}

async function readPair(db: Queryable, matchId: string, lock: boolean): Promise<PairRow | null> {
  const { rows } = await db.query<PairRow>(
    `SELECT m.id, m.product_id, m.competitor_product_id, m.competitor_id, p.organization_website_id, m.status, m.stage, m.version, m.score
       FROM product_matches m JOIN products p ON p.id = m.product_id
      WHERE m.id = $1${lock ? ' FOR UPDATE OF m' : ''}`,
    [matchId],
  );
  return rows[0] ?? null;
}

/** The pair locked for a change, its product locked first. */
async function lockPair(db: Queryable, matchId: string): Promise<PairRow> {
  const found = await db.query<{ product_id: string }>('SELECT product_id FROM product_matches WHERE id = $1', [
    matchId,
  ]);
  if (!found.rows[0]) throw new TransitionError('NOT_FOUND', 'NOT_FOUND', `Match ${matchId} was not found.`);
  await lockProducts(db, [found.rows[0].product_id]);
  const pair = await readPair(db, matchId, true);
  if (!pair) throw new TransitionError('NOT_FOUND', 'NOT_FOUND', `Match ${matchId} was not found.`);
  return pair;
}

const toState = (status: MatchStatus, stage: MatchStage): MatchState => ({ status, stage });

function fromRow(row: DecisionRow, replayed: boolean, consequences: AppliedTransition[] = []): AppliedTransition {
  return {
    decisionId: row.id,
    matchId: row.match_id,
    productId: row.product_id,
    competitorId: row.competitor_id,
    event: row.event,
    before: toState(row.status_before, row.stage_before),
    after: toState(row.status_after, row.stage_after),
    version: row.version_after,
    replayed,
    batchId: row.batch_id,
    consequences,
  };
}

/** The earlier result of a request with this key, or null. Throws when the key was used for another request. */
async function replay(
  db: Queryable,
  key: string,
  matchId: string | null,
  event: MatchEvent,
): Promise<AppliedTransition | null> {
  const { rows } = await db.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS} FROM matching_decisions WHERE idempotency_key = $1`,
    [key],
  );
  const row = rows[0];
  if (!row) return null;
  if ((matchId && row.match_id !== matchId) || row.event !== event) {
    throw conflict(
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was already used for another decision; send a new key for a new decision.',
    );
  }
  const consequences = await db.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS} FROM matching_decisions WHERE caused_by = $1 ORDER BY matching_decisions.id`,
    [row.id],
  );
  return fromRow(
    row,
    true,
    consequences.rows.map((c) => fromRow(c, true)),
  );
}

function actorColumns(actor: Actor): [string | null, string | null] {
  return actor.kind === 'user' ? [actor.userId, actor.email ?? null] : [null, null];
}

async function writePairAndLog(
  db: Queryable,
  pair: PairRow,
  to: MatchState,
  log: {
    event: MatchEvent;
    actor: Actor;
    source: DecisionSource;
    key: string | null;
    batchId: string;
    causedBy: string | null;
    reverts: string | null;
  },
): Promise<DecisionRow> {
  const [actorId, actorEmail] = actorColumns(log.actor);
  // One statement: the pair's new state and the log row (the CTE's update is seen by nothing
  // else, the insert reads its RETURNING).
  const { rows } = await db.query<DecisionRow>(
    `WITH changed AS (
       UPDATE product_matches
          SET status = $2, stage = $3, version = version + 1, updated_at = now(),
              waiting_since = CASE WHEN $2 = 'WAITING' AND (status <> 'WAITING' OR stage <> $3) THEN now() ELSE waiting_since END
        WHERE id = $1
       RETURNING id, version
     )
     INSERT INTO matching_decisions (organization_website_id, match_id, product_id, competitor_product_id, competitor_id, actor_id, actor_email,
                                     event, status_before, stage_before, status_after, stage_after, version_before, version_after, score,
                                     source, idempotency_key, batch_id, caused_by, reverts)
     SELECT $4, $1, $5, $6, $7, $8, $9, $10, $11, $12, $2, $3, $13, changed.version, $14, $15, $16, $17, $18, $19 FROM changed
     RETURNING ${DECISION_COLUMNS}`,
    [
      pair.id,
      to.status,
      to.stage,
      pair.organization_website_id,
      pair.product_id,
      pair.competitor_product_id,
      pair.competitor_id,
      actorId,
      actorEmail,
      log.event,
      pair.status,
      pair.stage,
      pair.version,
      pair.score,
      log.source,
      log.key,
      log.batchId,
      log.causedBy,
      log.reverts,
    ],
  );
  return rows[0]!;
}

async function refreshRollups(db: Queryable, productIds: string[]): Promise<void> {
  await db.query('SELECT refresh_product_rollups($1::uuid[])', [[...new Set(productIds)]]);
}

/**
 * One transition of one pair (any event but revert), logged, with its consequences:
 * - a pair that becomes MATCHED or waits for confirmation supersedes the product's other pairs
 *   waiting to match at the same competitor (they become SKIPPED, logged as 'supersede');
 * - a pair rejected (or unmatched) from confirmation resumes the pairs its match had superseded
 *   (back to waiting to match, logged as 'resume').
 */
export async function applyTransition(db: Queryable, request: TransitionRequest): Promise<AppliedTransition> {
  if (request.idempotencyKey) {
    const earlier = await replay(db, request.idempotencyKey, request.matchId, request.event);
    if (earlier) return earlier;
  }
  const pair = await lockPair(db, request.matchId);
  if (request.idempotencyKey) {
    // A concurrent request with the same key may have committed while this one waited.
    const earlier = await replay(db, request.idempotencyKey, request.matchId, request.event);
    if (earlier) return earlier;
  }
  if (request.expectedVersion !== undefined && request.expectedVersion !== pair.version) {
    throw conflict(
      'STALE_VERSION',
      `This pair changed since you saw it (version ${request.expectedVersion}, now ${pair.version}); reload it and decide again.`,
      {
        currentVersion: pair.version,
        currentStatus: pair.status,
      },
    );
  }
  const current = toState(pair.status, pair.stage);
  const outcome = transition(current, request.event, request.actor);
  if (!outcome.ok) {
    throw outcome.reason === 'FORBIDDEN'
      ? new TransitionError('FORBIDDEN', 'FORBIDDEN', outcome.message)
      : conflict('NOT_ALLOWED_FROM_STATE', outcome.message, { currentStatus: pair.status });
  }
  const batchId = request.batchId ?? randomUUID();
  const row = await writePairAndLog(db, pair, outcome.to, {
    event: request.event,
    actor: request.actor,
    source: request.source,
    key: request.idempotencyKey ?? null,
    batchId,
    causedBy: null,
    reverts: null,
  });
  const consequences: AppliedTransition[] = [];
  const afterKey = stateKey(outcome.to);
  if (afterKey === 'MATCHED' || afterKey === 'WAITING/confirmation') {
    const siblings = await db.query<PairRow>(
      `SELECT m.id, m.product_id, m.competitor_product_id, m.competitor_id, $3::uuid AS organization_website_id, m.status, m.stage, m.version, m.score
         FROM product_matches m
        WHERE m.product_id = $1 AND m.competitor_id = $2 AND m.id <> $4 AND m.status = 'WAITING' AND m.stage = 'candidate'
        ORDER BY m.id FOR UPDATE`,
      [pair.product_id, pair.competitor_id, pair.organization_website_id, pair.id],
    );
    for (const sibling of siblings.rows)
      consequences.push(await consequence(db, sibling, 'supersede', request, batchId, row.id));
  }
  if (stateKey(current) === 'WAITING/confirmation' && outcome.to.status === 'NEVER_MATCH') {
    for (const sibling of await supersededBy(db, pair.id))
      consequences.push(await consequence(db, sibling, 'resume', request, batchId, row.id));
  }
  await refreshRollups(db, [pair.product_id]);
  return fromRow(row, false, consequences);
}

async function consequence(
  db: Queryable,
  sibling: PairRow,
  event: 'supersede' | 'resume',
  cause: TransitionRequest,
  batchId: string,
  causedBy: string,
): Promise<AppliedTransition> {
  const outcome = transition(toState(sibling.status, sibling.stage), event, cause.actor, true);
  if (!outcome.ok) throw conflict('NOT_ALLOWED_FROM_STATE', outcome.message);
  const row = await writePairAndLog(db, sibling, outcome.to, {
    event,
    actor: cause.actor,
    source: cause.source,
    key: null,
    batchId,
    causedBy,
    reverts: null,
  });
  return fromRow(row, false);
}

/**
 * The pairs superseded by the decision that put `matchId` into confirmation (the latest such,
 * not reverted) that are still exactly as that supersede left them. Locked.
 */
async function supersededBy(db: Queryable, matchId: string): Promise<PairRow[]> {
  const { rows } = await db.query<PairRow>(
    `SELECT m.id, m.product_id, m.competitor_product_id, m.competitor_id, d.organization_website_id, m.status, m.stage, m.version, m.score
       FROM matching_decisions d
       JOIN product_matches m ON m.id = d.match_id AND m.version = d.version_after AND m.status = 'SKIPPED'
      WHERE d.event = 'supersede' AND d.reverted_by IS NULL
        AND d.caused_by = (SELECT id FROM matching_decisions WHERE match_id = $1 AND status_after = 'WAITING' AND stage_after = 'confirmation'
                              AND reverted_by IS NULL ORDER BY id DESC LIMIT 1)
      ORDER BY m.id FOR UPDATE OF m`,
    [matchId],
  );
  return rows;
}

export interface RevertRequest {
  decisionId: string;
  actor: Actor;
  /** log: from the matching log (revert capability); undo: the decision's own actor. */
  mode: 'log' | 'undo';
  idempotencyKey?: string;
  batchId?: string;
}

/**
 * Reverts one logged decision: its pair goes back to the decision's `before` state (only while
 * the pair is still where that decision left it), then the decision's consequences that are
 * still where they were left are reverted too. Logged as 'revert' rows pointing at what they
 * reverted; the reverted rows point back (reverted_by).
 */
export async function revertDecision(db: Queryable, request: RevertRequest): Promise<AppliedTransition> {
  const keyed = request.idempotencyKey;
  if (keyed) {
    const earlier = await replayRevert(db, keyed, request.decisionId);
    if (earlier) return earlier;
  }
  const target = await readDecision(db, request.decisionId);
  if (!target) throw new TransitionError('NOT_FOUND', 'NOT_FOUND', `Decision ${request.decisionId} was not found.`);
  if (target.caused_by) {
    throw conflict(
      'NOT_ALLOWED_FROM_STATE',
      'This change was a consequence of another decision; revert that decision instead.',
    );
  }
  const pair = await lockPair(db, target.match_id);
  if (keyed) {
    const earlier = await replayRevert(db, keyed, request.decisionId);
    if (earlier) return earlier;
  }
  const locked = (await readDecision(db, request.decisionId, true))!;
  const outcome = revertTransition(
    toState(pair.status, pair.stage),
    pair.version,
    revertable(locked),
    request.actor,
    request.mode,
  );
  if (!outcome.ok) {
    throw outcome.reason === 'FORBIDDEN'
      ? new TransitionError('FORBIDDEN', 'FORBIDDEN', outcome.message)
      : conflict('NOT_ALLOWED_FROM_STATE', outcome.message, { currentStatus: pair.status });
  }
  const batchId = request.batchId ?? randomUUID();
  const source: DecisionSource = request.mode === 'log' ? 'log' : 'undo';
  const row = await writePairAndLog(db, pair, outcome.to, {
    event: 'revert',
    actor: request.actor,
    source,
    key: keyed ?? null,
    batchId,
    causedBy: null,
    reverts: locked.id,
  });
  await db.query('UPDATE matching_decisions SET reverted_by = $2 WHERE id = $1', [locked.id, row.id]);
  const consequences: AppliedTransition[] = [];
  const caused = await db.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS} FROM matching_decisions WHERE caused_by = $1 AND reverted_by IS NULL ORDER BY matching_decisions.id FOR UPDATE`,
    [locked.id],
  );
  for (const effect of caused.rows) {
    const sibling = await readPair(db, effect.match_id, true);
    if (!sibling || sibling.version !== effect.version_after) continue; // moved on since: left as it is
    const back = toState(effect.status_before, effect.stage_before);
    const revertRow = await writePairAndLog(db, sibling, back, {
      event: 'revert',
      actor: request.actor,
      source,
      key: null,
      batchId,
      causedBy: row.id,
      reverts: effect.id,
    });
    await db.query('UPDATE matching_decisions SET reverted_by = $2 WHERE id = $1', [effect.id, revertRow.id]);
    consequences.push(fromRow(revertRow, false));
  }
  await refreshRollups(db, [pair.product_id]);
  return fromRow(row, false, consequences);
}

async function readDecision(db: Queryable, id: string, lock = false): Promise<DecisionRow | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const { rows } = await db.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS} FROM matching_decisions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

async function replayRevert(db: Queryable, key: string, decisionId: string): Promise<AppliedTransition | null> {
  const { rows } = await db.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS} FROM matching_decisions WHERE idempotency_key = $1`,
    [key],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.event !== 'revert' || row.reverts !== decisionId) {
    throw conflict(
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was already used for another decision; send a new key for a new decision.',
    );
  }
  const consequences = await db.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS} FROM matching_decisions WHERE caused_by = $1 ORDER BY matching_decisions.id`,
    [row.id],
  );
  return fromRow(
    row,
    true,
    consequences.rows.map((c) => fromRow(c, true)),
  );
}

const revertable = (row: DecisionRow) => ({
  actorId: row.actor_id,
  event: row.event,
  before: toState(row.status_before, row.stage_before),
  after: toState(row.status_after, row.stage_after),
  versionAfter: row.version_after,
  revertedBy: row.reverted_by,
});

/** applyTransition in its own transaction on a pooled connection. */
export async function applyTransitionInTransaction(pool: Pool, request: TransitionRequest): Promise<AppliedTransition> {
  return inTransaction(pool, (client) => applyTransition(client, request));
}
