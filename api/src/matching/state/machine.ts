/**
 * The matching state machine (STATE.md): every status change of a product x competitor product
 * pair is one of these events, and this table says from which states it may happen, to which
 * state it leads and who may trigger it. Pure: no database, no clock.
 */

export const MATCH_STATUSES = ['WAITING', 'MATCHED', 'NEVER_MATCH', 'SKIPPED', 'EXPIRED'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** Only meaningful while WAITING: waiting to match (matching queue) or to confirm (confirmation queue). */
export const MATCH_STAGES = ['candidate', 'confirmation'] as const;
export type MatchStage = (typeof MATCH_STAGES)[number];

export interface MatchState {
  status: MatchStatus;
  /** 'candidate' for every status but WAITING/confirmation. */
  stage: MatchStage;
}

export const MATCH_EVENTS = [
  'propose',
  'automatic_match',
  'request_confirmation',
  'match',
  'never_match',
  'skip',
  'reopen',
  'confirm',
  'reject',
  'expire',
  'renew',
  'supersede',
  'resume',
  'revert',
] as const;
export type MatchEvent = (typeof MATCH_EVENTS)[number];

/**
 * Who triggers a transition. `system`: the engine (runs, expiry). A user carries the
 * capabilities the policy gives their role (policy.csv):
 * - decide: Update on productMatchingQueue:detail (User, Owner/Editor, Admin)
 * - confirm: Update on matchingConfirmation (Owner/Editor, Admin)
 * - revert: Update on productMatchingQueue:log (Owner/Editor, Admin)
 */
export type Actor =
  | { kind: 'system' }
  | { kind: 'user'; userId: string; email?: string; decide: boolean; confirm: boolean; revert: boolean };

/** What an event needs of its actor. `consequence`: only as a side effect of another event. */
type Requirement = 'system' | 'decide' | 'confirm' | 'consequence';

export const WAITING_TO_MATCH: MatchState = { status: 'WAITING', stage: 'candidate' };
export const WAITING_TO_CONFIRM: MatchState = { status: 'WAITING', stage: 'confirmation' };
const state = (status: Exclude<MatchStatus, 'WAITING'>): MatchState => ({ status, stage: 'candidate' });

/** A state as one word: WAITING/candidate, WAITING/confirmation, MATCHED, ... */
export type StateKey = 'WAITING/candidate' | 'WAITING/confirmation' | Exclude<MatchStatus, 'WAITING'>;
export const stateKey = (s: MatchState): StateKey =>
  (s.status === 'WAITING' ? `WAITING/${s.stage}` : s.status) as StateKey;

interface Rule {
  event: MatchEvent;
  from: StateKey[];
  requires: Requirement;
  /** The target; a function when it depends on the actor (a User's match waits for confirmation). */
  to: MatchState | ((actor: Actor) => MatchState);
  /** A stricter requirement for some source states (e.g. unmatching a MATCHED pair needs confirm). */
  stricter?: Partial<Record<StateKey, Requirement>>;
}

/** The transition table (revert is not in it: its target is the reverted decision's source). */
export const TRANSITIONS: readonly Rule[] = [
  { event: 'propose', from: ['EXPIRED'], requires: 'system', to: WAITING_TO_MATCH },
  { event: 'automatic_match', from: ['WAITING/candidate'], requires: 'system', to: state('MATCHED') },
  { event: 'request_confirmation', from: ['WAITING/candidate'], requires: 'system', to: WAITING_TO_CONFIRM },
  {
    event: 'match',
    from: ['WAITING/candidate', 'SKIPPED', 'EXPIRED', 'NEVER_MATCH'],
    requires: 'decide',
    to: (actor) => (actor.kind === 'user' && actor.confirm ? state('MATCHED') : WAITING_TO_CONFIRM),
  },
  {
    event: 'never_match',
    from: ['WAITING/candidate', 'SKIPPED', 'EXPIRED', 'WAITING/confirmation', 'MATCHED'],
    requires: 'decide',
    to: state('NEVER_MATCH'),
    stricter: { 'WAITING/confirmation': 'confirm', MATCHED: 'confirm' },
  },
  { event: 'skip', from: ['WAITING/candidate'], requires: 'decide', to: state('SKIPPED') },
  { event: 'reopen', from: ['SKIPPED', 'EXPIRED'], requires: 'decide', to: WAITING_TO_MATCH },
  { event: 'confirm', from: ['WAITING/confirmation'], requires: 'confirm', to: state('MATCHED') },
  { event: 'reject', from: ['WAITING/confirmation'], requires: 'confirm', to: state('NEVER_MATCH') },
  {
    event: 'expire',
    from: ['MATCHED', 'WAITING/candidate', 'WAITING/confirmation'],
    requires: 'system',
    to: state('EXPIRED'),
  },
  { event: 'renew', from: ['EXPIRED'], requires: 'system', to: state('MATCHED') },
  { event: 'supersede', from: ['WAITING/candidate'], requires: 'consequence', to: state('SKIPPED') },
  { event: 'resume', from: ['SKIPPED'], requires: 'consequence', to: WAITING_TO_MATCH },
];

export type Refusal = 'FORBIDDEN' | 'NOT_ALLOWED_FROM_STATE';
export type Outcome = { ok: true; to: MatchState } | { ok: false; reason: Refusal; message: string };

function satisfies(actor: Actor, requirement: Requirement, asConsequence: boolean): boolean {
  if (requirement === 'consequence') return asConsequence;
  if (requirement === 'system') return actor.kind === 'system';
  if (actor.kind === 'system') return false;
  return requirement === 'decide' ? actor.decide : actor.confirm;
}

/**
 * The state `event` leads to from `from` when `actor` triggers it, or why not. `asConsequence`:
 * the event is a side effect of a decision the actor was allowed to take (supersede, resume).
 */
export function transition(from: MatchState, event: MatchEvent, actor: Actor, asConsequence = false): Outcome {
  const rule = TRANSITIONS.find((r) => r.event === event);
  if (!rule)
    return {
      ok: false,
      reason: 'NOT_ALLOWED_FROM_STATE',
      message: `'${event}' is not a transition of the table (revert has its own rule).`,
    };
  const key = stateKey(from);
  const requirement = rule.stricter?.[key] ?? rule.requires;
  if (!satisfies(actor, requirement, asConsequence)) {
    return { ok: false, reason: 'FORBIDDEN', message: forbiddenMessage(event, requirement) };
  }
  if (!rule.from.includes(key)) {
    return {
      ok: false,
      reason: 'NOT_ALLOWED_FROM_STATE',
      message: `A pair in ${describe(from)} cannot be '${event.replace('_', ' ')}' (allowed from ${rule.from.join(', ')}).`,
    };
  }
  return { ok: true, to: typeof rule.to === 'function' ? rule.to(actor) : rule.to };
}

/** A logged decision as revert needs it. */
export interface RevertableDecision {
  actorId: string | null;
  event: MatchEvent;
  before: MatchState;
  after: MatchState;
  versionAfter: number;
  revertedBy: string | null;
}

/**
 * Revert of a logged decision: back to its `before` state, allowed only while the pair is still
 * exactly where that decision left it (same version) and it was not reverted already. From the
 * log: actors with `revert`. Undo: the decision's own actor with `decide` (a User undoes their
 * own decisions, never another's, never a revert).
 */
export function revertTransition(
  current: MatchState,
  currentVersion: number,
  decision: RevertableDecision,
  actor: Actor,
  mode: 'log' | 'undo',
): Outcome {
  if (actor.kind === 'user') {
    const allowed =
      mode === 'log' ? actor.revert : actor.decide && decision.actorId === actor.userId && decision.event !== 'revert';
    if (!allowed) {
      return {
        ok: false,
        reason: 'FORBIDDEN',
        message:
          mode === 'log'
            ? 'Reverting decisions from the matching log needs Update on productMatchingQueue:log.'
            : 'Only your own decisions can be undone.',
      };
    }
  }
  if (decision.revertedBy)
    return { ok: false, reason: 'NOT_ALLOWED_FROM_STATE', message: 'This decision was reverted already.' };
  if (currentVersion !== decision.versionAfter || stateKey(current) !== stateKey(decision.after)) {
    return {
      ok: false,
      reason: 'NOT_ALLOWED_FROM_STATE',
      message: `The pair changed after this decision (now ${describe(current)}); revert the later decisions first.`,
    };
  }
  return { ok: true, to: decision.before };
}

export function describe(s: MatchState): string {
  if (s.status !== 'WAITING') return s.status;
  return s.stage === 'candidate' ? 'WAITING (waiting to match)' : 'WAITING (waiting to confirm)';
}

function forbiddenMessage(event: MatchEvent, requirement: Requirement): string {
  switch (requirement) {
    case 'system':
      return `'${event}' is taken by the matching engine only.`;
    case 'consequence':
      return `'${event}' happens only as a consequence of another decision.`;
    case 'confirm':
      return 'Confirming, rejecting or unmatching a pair needs Update on matchingConfirmation (Owner or Admin).';
    default:
      return 'Deciding in the matching queue needs Update on productMatchingQueue:detail (User, Owner or Admin).';
  }
}

/** The statistics key of a state (docs/matching.md). */
export type StatisticsKey = 'matched' | 'waitingToMatch' | 'waitingToConfirm' | 'skipped' | 'neverMatch' | 'expired';
export function statisticsKey(s: MatchState): StatisticsKey {
  switch (s.status) {
    case 'WAITING':
      return s.stage === 'candidate' ? 'waitingToMatch' : 'waitingToConfirm';
    case 'MATCHED':
      return 'matched';
    case 'NEVER_MATCH':
      return 'neverMatch';
    case 'SKIPPED':
      return 'skipped';
    default:
      return 'expired';
  }
}
