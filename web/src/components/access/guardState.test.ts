import { describe, expect, it } from 'vitest';
import { type GuardInputs, guardState } from './guardState.ts';

describe('guardState', () => {
  it.each<[GuardInputs, string]>([
    [{ userLoading: true, accessLoading: false, can: true }, 'loading'],
    [{ userLoading: false, accessLoading: true, can: undefined }, 'loading'],
    [{ userLoading: false, accessLoading: false, can: true }, 'allowed'],
    [{ userLoading: false, accessLoading: false, can: false }, 'denied'],
    [{ userLoading: false, accessLoading: false, can: undefined }, 'denied'],
  ])('%j -> %s', (inputs, state) => {
    expect(guardState(inputs)).toBe(state);
  });
});
