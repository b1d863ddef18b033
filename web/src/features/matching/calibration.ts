/**
 * Automatic matching at a competitor as one sentence (docs/matching.md, "Automatic matching,
 * calibrated per competitor"): the estimate behind the calibrated threshold, or why nothing is
 * matched automatically and how many more decisions are needed.
 */
import type { Fragment } from '../../graphql/typed.ts';

/** What the console reads of it (the MatchingCalibrationFields fragment, features/matching/queries.ts). */
export type MatchingCalibration = Fragment<'MatchingCalibrationFields'>;

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Why a target precision typed by an Admin is refused (an i18n key under matching.target.errors),
 * or null: the API takes greater than 0.5, at most 1.
 */
export function targetPrecisionError(value: number | null | undefined): 'required' | 'range' | null {
  if (value === null || value === undefined || Number.isNaN(value)) return 'required';
  if (!Number.isFinite(value) || value <= 0.5 || value > 1) return 'range';
  return null;
}

/** 0.99 as '0.99', 0.9615 as '0.961' (never rounded up: an estimate is not better than it is). */
export function formatPrecision(value: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions).format(Math.floor(value * 1000 + 1e-9) / 1000);
}

/** A share 0..1 as a whole percent ('71 %'), rounded down. */
export function formatCoverage(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.floor(value * 100 + 1e-9) / 100,
  );
}

/** The sentences shown on the competitor's page and in the matching statistics. */
export function calibrationSentences(c: MatchingCalibration, t: Translate, language: string): string[] {
  const number = (n: number) => n.toLocaleString(language);
  const target = formatPrecision(c.targetPrecision, language);
  const sentences: string[] = [];
  if (c.automatic && c.estimatedPrecision !== null && c.estimatedCoverage !== null) {
    sentences.push(
      t('matching.calibration.automatic', {
        count: c.decisions,
        precision: formatPrecision(c.estimatedPrecision, language),
        coverage: formatCoverage(c.estimatedCoverage, language),
        decisions: number(c.decisions),
        target,
      }),
    );
  } else if (c.reason === 'PRECISION_NOT_REACHED') {
    sentences.push(
      t('matching.calibration.notReached', { count: c.decisions, decisions: number(c.decisions), target }),
    );
  } else {
    sentences.push(
      t('matching.calibration.tooFew', {
        count: c.decisionsNeeded,
        needed: number(c.decisionsNeeded),
        decisions: number(c.decisions),
        target,
      }),
    );
  }
  if (c.source === 'ORGANIZATION') {
    sentences.push(
      t('matching.calibration.fromOrganization', {
        count: c.competitorDecisions,
        decisions: number(c.competitorDecisions),
      }),
    );
  }
  return sentences;
}
