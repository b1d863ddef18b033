/**
 * The organization's matching model and the target precision in words (docs/matching.md):
 * what a retrain did and how far the next automatic one is. Whether a typed target precision is
 * one the API takes lives beside the calibration (features/matching/calibration.ts).
 */
import type { Translate } from '../../../features/matching/calibration.ts';
import { formatPrecision } from '../../../features/matching/calibration.ts';
import type { MatchingModelAnswer, MatchingModelVersion, MatchingRetrain } from './queries.ts';

/** A version's state: active, rolled back (trained but never made active), or replaced by a later one. */
export function versionState(version: Pick<MatchingModelVersion, 'active' | 'rolledBack'>) {
  if (version.active) return 'active' as const;
  return version.rolledBack ? ('rolledBack' as const) : ('replaced' as const);
}

/** What one retrain did, in a sentence. */
export function retrainSentence(
  retrain: MatchingRetrain,
  model: Pick<MatchingModelAnswer, 'minimumLists' | 'minimumMatchedLists' | 'activeVersion'>,
  t: Translate,
  language: string,
): string {
  const number = (n: number) => n.toLocaleString(language);
  const lists = number(retrain.labelledLists);
  switch (retrain.outcome) {
    case 'TRAINED':
      return t('matching.model.retrain.TRAINED', { version: retrain.version, lists });
    case 'ROLLED_BACK':
      return t('matching.model.retrain.ROLLED_BACK', { version: retrain.version, lists, active: model.activeVersion });
    case 'TOO_FEW_LABELS':
      return t('matching.model.retrain.TOO_FEW_LABELS', {
        lists,
        minimum: number(model.minimumLists),
        matched: number(model.minimumMatchedLists),
      });
    default:
      return t('matching.model.retrain.FAILED', { message: retrain.message });
  }
}

/** "12 of 200 new decisions toward the next automatic retrain." */
export function nextRetrainSentence(
  model: Pick<MatchingModelAnswer, 'decisionsSinceRetrain' | 'retrainAfter'>,
  t: Translate,
  language: string,
): string {
  return t('matching.model.nextRetrain', {
    decisions: Math.min(model.decisionsSinceRetrain, model.retrainAfter).toLocaleString(language),
    after: model.retrainAfter.toLocaleString(language),
  });
}

/** A recall in 0..1 as '0.931' (rounded down, as the calibration's estimates). */
export const formatRecall = formatPrecision;
