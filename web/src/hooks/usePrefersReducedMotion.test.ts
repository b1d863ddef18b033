import { describe, expect, it } from 'vitest';
import { onReducedMotionChange, prefersReducedMotion, REDUCED_MOTION_QUERY } from './usePrefersReducedMotion.ts';
import { theme, themeFor } from '../theme.ts';

/** A window's matchMedia for one setting, which the test can change. */
function system(reduce: boolean) {
  const listeners = new Set<() => void>();
  const asked: string[] = [];
  const media = {
    matchMedia(query: string) {
      asked.push(query);
      return {
        get matches() {
          return query === REDUCED_MOTION_QUERY && reduce;
        },
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      } as unknown as MediaQueryList;
    },
  };
  const change = (next: boolean) => {
    reduce = next;
    for (const listener of [...listeners]) listener();
  };
  return { media, asked, change, listeners };
}

describe('reduced motion', () => {
  it('follows the system setting', () => {
    expect(prefersReducedMotion(system(true).media)).toBe(true);
    expect(prefersReducedMotion(system(false).media)).toBe(false);
    const { media, asked } = system(false);
    prefersReducedMotion(media);
    expect(asked).toEqual(['(prefers-reduced-motion: reduce)']);
  });

  it('is off where media queries are unknown', () => {
    expect(prefersReducedMotion({})).toBe(false);
    expect(() => onReducedMotionChange(() => undefined, {})()).not.toThrow();
  });

  it('tells of a change of the setting until it is removed', () => {
    const { media, change, listeners } = system(false);
    const seen: boolean[] = [];
    const remove = onReducedMotionChange(() => seen.push(prefersReducedMotion(media)), media);
    change(true);
    change(false);
    expect(seen).toEqual([true, false]);
    remove();
    expect(listeners.size).toBe(0);
    change(true);
    expect(seen).toEqual([true, false]);
  });

  it("turns antd's motion off and keeps the rest of the theme", () => {
    expect(themeFor({ reducedMotion: false })).toBe(theme);
    const reduced = themeFor({ reducedMotion: true });
    expect(reduced.token?.motion).toBe(false);
    expect({ ...reduced.token, motion: undefined }).toEqual({ ...theme.token, motion: undefined });
    expect(theme.token?.motion).toBeUndefined();
  });
});
