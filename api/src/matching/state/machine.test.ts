import { describe, expect, it } from 'vitest';
import {
  MATCH_EVENTS,
  revertTransition,
  stateKey,
  statisticsKey,
  transition,
  type Actor,
  type MatchEvent,
  type MatchState,
  type StateKey,
} from './machine.ts';

const SYSTEM: Actor = { kind: 'system' };
const ADMIN: Actor = { kind: 'user', userId: 'admin', decide: true, confirm: true, revert: true };
const OWNER: Actor = { kind: 'user', userId: 'owner', decide: true, confirm: true, revert: true };
const USER: Actor = { kind: 'user', userId: 'user', decide: true, confirm: false, revert: false };
const VIEWER: Actor = { kind: 'user', userId: 'viewer', decide: false, confirm: false, revert: false };
const ACTORS = { SYSTEM, ADMIN, OWNER, USER, VIEWER } as const;
type ActorName = keyof typeof ACTORS;

const STATES: Record<StateKey, MatchState> = {
  'WAITING/candidate': { status: 'WAITING', stage: 'candidate' },
  'WAITING/confirmation': { status: 'WAITING', stage: 'confirmation' },
  MATCHED: { status: 'MATCHED', stage: 'candidate' },
  NEVER_MATCH: { status: 'NEVER_MATCH', stage: 'candidate' },
  SKIPPED: { status: 'SKIPPED', stage: 'candidate' },
  EXPIRED: { status: 'EXPIRED', stage: 'candidate' },
};
const ALL_STATES = Object.keys(STATES) as StateKey[];

/**
 * The expected table: for each event and actor, every state it applies from and where it
 * leads. Any (event, actor, state) not listed must be refused.
 */
type Expected = Partial<Record<ActorName, Partial<Record<StateKey, StateKey>>>>;
const HUMAN_DECIDE = (to: Partial<Record<StateKey, StateKey>>): Expected => ({ ADMIN: to, OWNER: to, USER: to });
const EXPECTED: Record<Exclude<MatchEvent, 'revert' | 'supersede' | 'resume'>, Expected> = {
  propose: { SYSTEM: { EXPIRED: 'WAITING/candidate' } },
  automatic_match: { SYSTEM: { 'WAITING/candidate': 'MATCHED' } },
  request_confirmation: { SYSTEM: { 'WAITING/candidate': 'WAITING/confirmation' } },
  match: {
    ADMIN: { 'WAITING/candidate': 'MATCHED', SKIPPED: 'MATCHED', EXPIRED: 'MATCHED', NEVER_MATCH: 'MATCHED' },
    OWNER: { 'WAITING/candidate': 'MATCHED', SKIPPED: 'MATCHED', EXPIRED: 'MATCHED', NEVER_MATCH: 'MATCHED' },
    USER: {
      'WAITING/candidate': 'WAITING/confirmation',
      SKIPPED: 'WAITING/confirmation',
      EXPIRED: 'WAITING/confirmation',
      NEVER_MATCH: 'WAITING/confirmation',
    },
  },
  never_match: {
    ADMIN: {
      'WAITING/candidate': 'NEVER_MATCH',
      SKIPPED: 'NEVER_MATCH',
      EXPIRED: 'NEVER_MATCH',
      'WAITING/confirmation': 'NEVER_MATCH',
      MATCHED: 'NEVER_MATCH',
    },
    OWNER: {
      'WAITING/candidate': 'NEVER_MATCH',
      SKIPPED: 'NEVER_MATCH',
      EXPIRED: 'NEVER_MATCH',
      'WAITING/confirmation': 'NEVER_MATCH',
      MATCHED: 'NEVER_MATCH',
    },
    USER: { 'WAITING/candidate': 'NEVER_MATCH', SKIPPED: 'NEVER_MATCH', EXPIRED: 'NEVER_MATCH' },
  },
  skip: HUMAN_DECIDE({ 'WAITING/candidate': 'SKIPPED' }),
  reopen: HUMAN_DECIDE({ SKIPPED: 'WAITING/candidate', EXPIRED: 'WAITING/candidate' }),
  confirm: { ADMIN: { 'WAITING/confirmation': 'MATCHED' }, OWNER: { 'WAITING/confirmation': 'MATCHED' } },
  reject: { ADMIN: { 'WAITING/confirmation': 'NEVER_MATCH' }, OWNER: { 'WAITING/confirmation': 'NEVER_MATCH' } },
  expire: { SYSTEM: { MATCHED: 'EXPIRED', 'WAITING/candidate': 'EXPIRED', 'WAITING/confirmation': 'EXPIRED' } },
  renew: { SYSTEM: { EXPIRED: 'MATCHED' } },
};

const cases = Object.entries(EXPECTED).flatMap(([event, byActor]) =>
  (Object.keys(ACTORS) as ActorName[]).flatMap((actor) =>
    ALL_STATES.map((from) => ({ event: event as MatchEvent, actor, from, to: byActor[actor]?.[from] ?? null })),
  ),
);

describe('transition table', () => {
  it.each(cases)('$event by $actor from $from -> $to', ({ event, actor, from, to }) => {
    const outcome = transition(STATES[from], event, ACTORS[actor]);
    if (to === null) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.message.length).toBeGreaterThan(10);
    } else {
      expect(outcome).toEqual({ ok: true, to: STATES[to] });
    }
  });

  it('never lets a NEVER_MATCH pair be proposed, confirmed or matched automatically', () => {
    for (const event of [
      'propose',
      'automatic_match',
      'request_confirmation',
      'renew',
      'reopen',
      'confirm',
      'resume',
    ] as MatchEvent[]) {
      for (const actor of Object.values(ACTORS)) {
        expect(transition(STATES.NEVER_MATCH, event, actor, true).ok).toBe(false);
      }
    }
  });

  it('refuses a Viewer every event with FORBIDDEN', () => {
    for (const event of MATCH_EVENTS.filter((e) => e !== 'revert')) {
      for (const from of ALL_STATES) {
        const outcome = transition(STATES[from], event, VIEWER);
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.reason).toBe('FORBIDDEN');
      }
    }
  });

  it('says FORBIDDEN for the role and NOT_ALLOWED_FROM_STATE for the state', () => {
    expect(transition(STATES['WAITING/confirmation'], 'confirm', USER)).toMatchObject({
      ok: false,
      reason: 'FORBIDDEN',
    });
    expect(transition(STATES.MATCHED, 'confirm', OWNER)).toMatchObject({ ok: false, reason: 'NOT_ALLOWED_FROM_STATE' });
    expect(transition(STATES.MATCHED, 'never_match', USER)).toMatchObject({ ok: false, reason: 'FORBIDDEN' });
  });

  it('applies supersede and resume only as consequences', () => {
    expect(transition(STATES['WAITING/candidate'], 'supersede', OWNER).ok).toBe(false);
    expect(transition(STATES['WAITING/candidate'], 'supersede', USER, true)).toEqual({ ok: true, to: STATES.SKIPPED });
    expect(transition(STATES.SKIPPED, 'resume', OWNER, true)).toEqual({ ok: true, to: STATES['WAITING/candidate'] });
    expect(transition(STATES.MATCHED, 'supersede', OWNER, true).ok).toBe(false);
  });
});

describe('revert', () => {
  const decision = (over: Partial<Parameters<typeof revertTransition>[2]> = {}) => ({
    actorId: 'user',
    event: 'match' as MatchEvent,
    before: STATES['WAITING/candidate'],
    after: STATES['WAITING/confirmation'],
    versionAfter: 3,
    revertedBy: null,
    ...over,
  });
  it.each([
    { name: 'an Owner from the log', actor: OWNER, mode: 'log' as const, ok: true },
    { name: 'an Admin from the log', actor: ADMIN, mode: 'log' as const, ok: true },
    { name: 'a User from the log', actor: USER, mode: 'log' as const, ok: false },
    { name: 'the decision’s User by undo', actor: USER, mode: 'undo' as const, ok: true },
    { name: 'another user by undo', actor: OWNER, mode: 'undo' as const, ok: false },
    { name: 'a Viewer', actor: VIEWER, mode: 'log' as const, ok: false },
    { name: 'the engine', actor: SYSTEM, mode: 'log' as const, ok: true },
  ])('$name: $ok', ({ actor, mode, ok }) => {
    const outcome = revertTransition(STATES['WAITING/confirmation'], 3, decision(), actor, mode);
    expect(outcome.ok).toBe(ok);
    if (ok) expect(outcome).toEqual({ ok: true, to: STATES['WAITING/candidate'] });
  });
  it('refuses when the pair moved on, or the decision was reverted', () => {
    expect(revertTransition(STATES['WAITING/confirmation'], 4, decision(), OWNER, 'log')).toMatchObject({
      ok: false,
      reason: 'NOT_ALLOWED_FROM_STATE',
    });
    expect(revertTransition(STATES.MATCHED, 3, decision(), OWNER, 'log')).toMatchObject({
      ok: false,
      reason: 'NOT_ALLOWED_FROM_STATE',
    });
    expect(
      revertTransition(STATES['WAITING/confirmation'], 3, decision({ revertedBy: '9' }), OWNER, 'log'),
    ).toMatchObject({ ok: false, reason: 'NOT_ALLOWED_FROM_STATE' });
  });
  it('does not let undo take back a revert', () => {
    expect(revertTransition(STATES['WAITING/confirmation'], 3, decision({ event: 'revert' }), USER, 'undo').ok).toBe(
      false,
    );
  });
});

describe('statistics keys', () => {
  it.each([
    ['WAITING/candidate', 'waitingToMatch'],
    ['WAITING/confirmation', 'waitingToConfirm'],
    ['MATCHED', 'matched'],
    ['NEVER_MATCH', 'neverMatch'],
    ['SKIPPED', 'skipped'],
    ['EXPIRED', 'expired'],
  ] as const)('%s counts as %s', (state, key) => {
    expect(statisticsKey(STATES[state])).toBe(key);
    expect(stateKey(STATES[state])).toBe(state);
  });
});
