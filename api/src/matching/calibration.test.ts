import { describe, expect, it } from 'vitest';
import { calibrateForPrecision, type Decision } from './calibration.ts';

/** A deterministic pseudo-random sequence (a linear congruential generator). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Synthetic decisions whose true precision above any score is known: a correct pair's score is
 * uniform in [0, 1]; an incorrect pair's score is uniform in [0, 0.6). Above 0.6 precision is 1;
 * below, the mix is known.
 */
function synthetic(correct: number, incorrect: number, seed = 7): Decision[] {
  const next = random(seed);
  return [
    ...Array.from({ length: correct }, () => ({ score: next(), correct: true })),
    ...Array.from({ length: incorrect }, () => ({ score: next() * 0.6, correct: false })),
  ];
}

describe('calibrateForPrecision', () => {
  it('finds the score above which synthetic decisions are all correct, with its coverage', () => {
    const result = calibrateForPrecision(synthetic(2000, 1000));
    expect(result.automatic).toBe(true);
    if (!result.automatic) return;
    // 1000 incorrect pairs spread over [0, 0.6): ~17 per 0.01, so 0.99 precision needs a threshold near 0.6
    expect(result.threshold).toBeGreaterThan(0.55);
    expect(result.threshold).toBeLessThan(0.62);
    expect(result.estimatedPrecision).toBeGreaterThanOrEqual(0.99);
    // coverage: the share of correct scores above the threshold (uniform: 1 - threshold)
    expect(result.estimatedCoverage).toBeCloseTo(1 - result.threshold, 1);
    expect(result.decisions).toBe(3000);
    expect(result.decisionsAbove).toBeGreaterThan(700);
  });

  it.each([
    ['0.9', 0.9],
    ['0.99', 0.99],
    ['0.999', 0.999],
  ])('keeps a target precision of %s on fresh decisions of the same kind', (_name, target) => {
    const result = calibrateForPrecision(synthetic(3000, 1500, 1), { targetPrecision: target });
    expect(result.automatic).toBe(true);
    if (!result.automatic) return;
    const fresh = synthetic(3000, 1500, 2).filter((d) => d.score >= result.threshold);
    const precision = fresh.filter((d) => d.correct).length / fresh.length;
    expect(precision).toBeGreaterThanOrEqual(target - 0.01);
  });

  it('a lower target precision gives a lower threshold and more coverage', () => {
    const decisions = synthetic(2000, 1000);
    const strict = calibrateForPrecision(decisions, { targetPrecision: 0.99 });
    const loose = calibrateForPrecision(decisions, { targetPrecision: 0.9 });
    if (!strict.automatic || !loose.automatic) throw new Error('expected both calibrated');
    expect(loose.threshold).toBeLessThan(strict.threshold);
    expect(loose.estimatedCoverage).toBeGreaterThan(strict.estimatedCoverage);
  });

  it('matches nothing automatically with too few decisions and says how many more are needed', () => {
    expect(calibrateForPrecision(synthetic(20, 10))).toEqual({
      automatic: false,
      targetPrecision: 0.99,
      decisions: 30,
      decisionsNeeded: 20,
      reason: 'too-few-decisions',
    });
    expect(calibrateForPrecision([], { minimumDecisions: 10 })).toMatchObject({
      automatic: false,
      decisionsNeeded: 10,
    });
  });

  it('matches nothing when no threshold keeps the precision', () => {
    const coinFlips = Array.from({ length: 200 }, (_, i) => ({ score: (i % 100) / 100, correct: i % 2 === 0 }));
    expect(calibrateForPrecision(coinFlips)).toMatchObject({
      automatic: false,
      decisionsNeeded: 0,
      reason: 'precision-not-reached',
    });
  });

  it('does not extend into a band of errors hidden by many correct decisions above it', () => {
    const decisions = [
      ...Array.from({ length: 3000 }, (_, i) => ({ score: 0.5 + i / 6000, correct: true })),
      // 20 decisions between 0.40 and 0.42, half wrong: the cumulative precision stays above 0.99
      ...Array.from({ length: 20 }, (_, i) => ({ score: 0.4 + i / 1000, correct: i % 2 === 0 })),
    ];
    // all 3020 taken would still be 0.9967 precise; the band's lowest 20 are at 0.5
    const result = calibrateForPrecision(decisions);
    if (!result.automatic) throw new Error('expected a threshold');
    const errorsTaken = decisions.filter((d) => d.score >= result.threshold && !d.correct).length;
    expect(errorsTaken).toBeLessThanOrEqual(1);
    expect(result.decisionsAbove).toBeLessThan(3010);
  });

  it('rejects a target precision outside (0, 1]', () => {
    expect(() => calibrateForPrecision([], { targetPrecision: 1.5 })).toThrow(/target precision/);
  });
});
