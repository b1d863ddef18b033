/**
 * A strategy turns the competitor prices (cheapest first, at least one) into a target price and
 * the explanation steps that say how. Amounts are rounded to the currency's decimals.
 */
import { addPercent, roundMoney } from './money.ts';
import type { CompetitorPrice } from './offers.ts';
import type { ExplanationStep, StrategySettings } from './types.ts';

export interface StrategyResult {
  /** Null: the strategy has nothing to go by (the followed competitor has no price). */
  price: number | null;
  steps: ExplanationStep[];
}

export function average(prices: readonly CompetitorPrice[], decimals: number): number {
  return roundMoney(prices.reduce((sum, p) => sum + p.price, 0) / prices.length, decimals);
}

/** The middle price; with an even count, the mean of the two middle ones. */
export function median(prices: readonly CompetitorPrice[], decimals: number): number {
  const middle = Math.floor(prices.length / 2);
  if (prices.length % 2 === 1) return prices[middle]!.price;
  return roundMoney((prices[middle - 1]!.price + prices[middle]!.price) / 2, decimals);
}

export function applyStrategy(
  strategy: StrategySettings,
  prices: readonly CompetitorPrice[],
  current: number | null,
  decimals: number,
): StrategyResult {
  const competitors = prices.length;
  const lowest = prices[0]!;
  switch (strategy.type) {
    case 'MATCH_LOWEST':
      return {
        price: lowest.price,
        steps: [{ code: 'lowest', competitors, competitor: lowest.competitorName, price: lowest.price }],
      };
    case 'BEAT_LOWEST': {
      const by = strategy.beatBy ?? 0;
      const steps: ExplanationStep[] = [
        { code: 'lowest', competitors, competitor: lowest.competitorName, price: lowest.price },
      ];
      const price =
        strategy.beatUnit === 'AMOUNT'
          ? Math.max(0, roundMoney(lowest.price - by, decimals))
          : Math.max(0, addPercent(lowest.price, -by, decimals));
      steps.push(
        strategy.beatUnit === 'AMOUNT'
          ? { code: 'beat_amount', amount: by, price }
          : { code: 'beat_percent', percent: by, price },
      );
      return { price, steps };
    }
    case 'MATCH_AVERAGE': {
      const price = average(prices, decimals);
      return { price, steps: [{ code: 'average', competitors, price }] };
    }
    case 'MATCH_MEDIAN': {
      const price = median(prices, decimals);
      return { price, steps: [{ code: 'median', competitors, price }] };
    }
    case 'POSITION': {
      const wanted = Math.max(1, strategy.position ?? 1);
      const taken = prices[Math.min(wanted, competitors) - 1]!;
      return {
        price: taken.price,
        steps: [
          {
            code: 'position',
            competitors,
            position: Math.min(wanted, competitors),
            competitor: taken.competitorName,
            price: taken.price,
          },
        ],
      };
    }
    case 'FOLLOW_COMPETITOR': {
      const followed = prices.find((p) => p.competitorId === strategy.competitorId);
      if (!followed) return { price: null, steps: [{ code: 'follow_missing', competitors }] };
      return {
        price: followed.price,
        steps: [{ code: 'follow', competitors, competitor: followed.competitorName, price: followed.price }],
      };
    }
    case 'WITHIN_MARKET_AVERAGE': {
      const mean = average(prices, decimals);
      const percent = strategy.withinPercent ?? 0;
      const from = addPercent(mean, -percent, decimals);
      const to = addPercent(mean, percent, decimals);
      const price = current == null ? mean : Math.min(Math.max(current, from), to);
      return {
        price,
        steps: [
          { code: 'average', competitors, price: mean },
          { code: 'within_average', percent, from, to, price },
        ],
      };
    }
  }
}
