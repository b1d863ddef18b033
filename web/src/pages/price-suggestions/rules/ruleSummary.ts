import type { TFunction } from 'i18next';
import type { PriceRuleFieldsFragment } from '../../../graphql/operations.ts';
import { formatPercentage } from '../../../components/format/format.ts';

type Strategy = Pick<
  PriceRuleFieldsFragment['strategy'],
  'type' | 'beatBy' | 'beatUnit' | 'position' | 'withinPercent'
> & {
  competitor?: { name: string } | null;
};

const plainNumber = (value: number, language: string) => {
  try {
    return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
  } catch {
    return new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(value);
  }
};

/** A rule's strategy in a few words ("Beat the lowest by 1 %"), as the rules list shows it. */
export function strategySummary(strategy: Strategy, t: TFunction, language: string): string {
  switch (strategy.type) {
    case 'BEAT_LOWEST': {
      const by = strategy.beatBy ?? 0;
      const amount =
        strategy.beatUnit === 'AMOUNT' ? plainNumber(by, language) : formatPercentage(by, language, { digits: 2 });
      return t('priceSuggestions.strategy.summary.BEAT_LOWEST', { by: amount });
    }
    case 'POSITION':
      return t('priceSuggestions.strategy.summary.POSITION', { position: strategy.position ?? 1 });
    case 'FOLLOW_COMPETITOR':
      return t('priceSuggestions.strategy.summary.FOLLOW_COMPETITOR', {
        competitor: strategy.competitor?.name ?? t('priceSuggestions.steps.unnamedCompetitor'),
      });
    case 'WITHIN_MARKET_AVERAGE':
      return t('priceSuggestions.strategy.summary.WITHIN_MARKET_AVERAGE', {
        percent: formatPercentage(strategy.withinPercent ?? 0, language, { digits: 2 }),
      });
    default:
      return t(`priceSuggestions.strategy.types.${strategy.type}`);
  }
}

/**
 * The rules' ids after moving the one at `index` by `delta` places (-1 up, +1 down); the same
 * order when it would leave the list. The API then gives them priorities 1..n in this order.
 */
export function movedOrder(ids: readonly string[], index: number, delta: number): string[] {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as string);
  return next;
}
