import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import {
  calibrationSentences,
  formatCoverage,
  formatPrecision,
  type MatchingCalibration,
  targetPrecisionError,
} from './calibration.ts';

const base: MatchingCalibration = {
  targetPrecision: 0.99,
  automatic: true,
  threshold: 0.83,
  estimatedPrecision: 0.9937,
  estimatedCoverage: 0.7149,
  decisions: 412,
  competitorDecisions: 412,
  source: 'COMPETITOR',
  decisionsNeeded: 0,
  reason: null,
};

describe('automatic matching at a competitor, in words', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      fallbackLng: false,
      resources: { en: { translation: en }, cs: { translation: cs } },
      interpolation: { escapeValue: false },
    });
  });
  const say = (c: MatchingCalibration, language = 'en') =>
    calibrationSentences(c, i18n.getFixedT(language), language).join(' ');

  it('states the estimate, never better than it is', () => {
    expect(formatPrecision(0.9937, 'en')).toBe('0.993');
    expect(formatPrecision(0.99, 'en')).toBe('0.99');
    expect(formatCoverage(0.7149, 'en')).toBe('71%');
    expect(say(base)).toBe(
      'Automatic matching at 0.993 estimated precision covers 71% of pairs, for the target precision 0.99; 412 decisions behind this estimate.',
    );
    expect(say(base, 'cs')).toMatch(
      /^Automatické párování s odhadovanou přesností 0,993 pokrývá 71\s%\spárů, pro cílovou přesnost 0,99; odhad vychází z 412 rozhodnutí\.$/,
    );
  });

  it('with too few decisions, how many more are needed; borrowed from the organization, says so', () => {
    const tooFew = {
      ...base,
      automatic: false,
      threshold: null,
      estimatedPrecision: null,
      estimatedCoverage: null,
      decisions: 12,
      competitorDecisions: 3,
      source: 'ORGANIZATION' as const,
      decisionsNeeded: 38,
      reason: 'TOO_FEW_DECISIONS' as const,
    };
    expect(say(tooFew)).toBe(
      "Nothing is matched automatically yet: 38 more decisions are needed for the target precision 0.99 (12 so far). Estimated from the organization's decisions: this competitor has 3 of its own.",
    );
    expect(say(tooFew, 'cs')).toContain('je potřeba ještě 38 rozhodnutí');
    const notReached = {
      ...tooFew,
      decisions: 80,
      source: 'COMPETITOR' as const,
      competitorDecisions: 80,
      decisionsNeeded: 0,
      reason: 'PRECISION_NOT_REACHED' as const,
    };
    expect(say(notReached)).toBe(
      'Nothing is matched automatically: no threshold keeps the target precision 0.99 over the 80 decisions so far.',
    );
  });
});

describe('the target precision an Admin types', () => {
  it('takes what the API takes: greater than 0.5, at most 1', () => {
    expect(targetPrecisionError(0.99)).toBeNull();
    expect(targetPrecisionError(1)).toBeNull();
    expect(targetPrecisionError(0.5001)).toBeNull();
    expect(targetPrecisionError(0.5)).toBe('range');
    expect(targetPrecisionError(1.01)).toBe('range');
    expect(targetPrecisionError(99)).toBe('range');
    expect(targetPrecisionError(-1)).toBe('range');
    expect(targetPrecisionError(Number.POSITIVE_INFINITY)).toBe('range');
    expect(targetPrecisionError(null)).toBe('required');
    expect(targetPrecisionError(Number.NaN)).toBe('required');
  });
});
