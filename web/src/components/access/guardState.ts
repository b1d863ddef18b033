export type GuardState = 'loading' | 'allowed' | 'denied';

export interface GuardInputs {
  userLoading: boolean;
  accessLoading: boolean;
  /** The access check's answer; undefined when it has none (yet, or it failed). */
  can: boolean | undefined;
}

/** docs/roles.md guard: a spinner while the user loads, the content only when allowed, else denied. */
export function guardState({ userLoading, accessLoading, can }: GuardInputs): GuardState {
  if (userLoading || accessLoading) return 'loading';
  return can === true ? 'allowed' : 'denied';
}
