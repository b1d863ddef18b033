/**
 * Draft simulation (api/src/pricing/README.md): one rule applied to every product it selects, as
 * if it came first, saved nowhere. `summarize` is pure: the counts (each product in exactly one
 * of raised / lowered / unchanged / held by floor / held by ceiling / no data; a product without
 * a current price that gets one counts as raised), the histogram of changes in percent, and the
 * largest changes.
 */
import type { Pool } from 'pg';
import { suggest } from './engine/index.ts';
import type { Suggestion } from './engine/types.ts';
import type { RuleSettings } from './rules/validate.ts';
import { loadCompetitors, loadProductPage, type LoadedProduct } from './store/load.ts';
import { selectionCondition } from './store/selection-sql.ts';

export interface Simulated {
  product: LoadedProduct & { itemId?: string };
  suggestion: Suggestion;
}

export interface SimulationSummary {
  selected: number;
  raised: number;
  lowered: number;
  unchanged: number;
  heldByFloor: number;
  heldByCeiling: number;
  noData: number;
  histogram: Array<{ fromPercent: number; toPercent: number; count: number }>;
  largest: Simulated[];
}

/** Accumulates simulated products one at a time (flat memory but for the histogram's values). */
export class SimulationTally {
  private summary: SimulationSummary = {
    selected: 0,
    raised: 0,
    lowered: 0,
    unchanged: 0,
    heldByFloor: 0,
    heldByCeiling: 0,
    noData: 0,
    histogram: [],
    largest: [],
  };
  private changes: number[] = [];

  constructor(
    private readonly buckets: number,
    private readonly largestCount: number,
  ) {}

  add(item: Simulated): void {
    const s = this.summary;
    const { suggestion } = item;
    s.selected += 1;
    if (suggestion.outcome === 'NO_COMPETITOR_DATA') s.noData += 1;
    else if (suggestion.outcome === 'HELD_BY_FLOOR') s.heldByFloor += 1;
    else if (suggestion.outcome === 'HELD_BY_CEILING') s.heldByCeiling += 1;
    else if (suggestion.outcome === 'WITHIN_TOLERANCE' || suggestion.change === 0) s.unchanged += 1;
    else if (suggestion.change == null || suggestion.change > 0) s.raised += 1;
    else s.lowered += 1;
    if (suggestion.changePercent != null) {
      this.changes.push(suggestion.changePercent);
      if (this.largestCount > 0) {
        s.largest.push(item);
        if (s.largest.length > this.largestCount * 4) this.trim();
      }
    }
  }

  private trim(): void {
    this.summary.largest.sort(
      (a, b) =>
        Math.abs(b.suggestion.changePercent!) - Math.abs(a.suggestion.changePercent!) ||
        a.product.id.localeCompare(b.product.id),
    );
    this.summary.largest.length = Math.min(this.summary.largest.length, this.largestCount);
  }

  result(): SimulationSummary {
    this.trim();
    this.summary.histogram = histogram(this.changes, this.buckets);
    return this.summary;
  }
}

/** `count` equal-width buckets from the smallest to the largest value (edges to 2 decimals); the last includes its upper edge. */
export function histogram(
  values: readonly number[],
  count: number,
): Array<{ fromPercent: number; toPercent: number; count: number }> {
  if (!values.length) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === max) return [{ fromPercent: min, toPercent: max, count: values.length }];
  const width = (max - min) / count;
  const buckets = Array.from({ length: count }, (_, i) => ({
    fromPercent: Math.round((min + i * width) * 100) / 100,
    toPercent: i === count - 1 ? max : Math.round((min + (i + 1) * width) * 100) / 100,
    count: 0,
  }));
  for (const v of values) {
    let i = Math.floor((v - min) / width);
    if (i >= count) i = count - 1;
    // The rounded edges decide, as shown.
    while (i > 0 && v < buckets[i]!.fromPercent) i -= 1;
    while (i < count - 1 && v >= buckets[i + 1]!.fromPercent) i += 1;
    buckets[i]!.count += 1;
  }
  return buckets;
}

/** Runs the rule over the products it selects, page by page. */
export async function simulate(
  pool: Pool,
  websiteId: string,
  settings: RuleSettings,
  options: { buckets: number; largest: number; now?: number },
): Promise<SimulationSummary> {
  const competitors = await loadCompetitors(pool, websiteId);
  const tally = new SimulationTally(options.buckets, options.largest);
  const condition = selectionCondition(settings.products, 4);
  const now = options.now ?? Date.now();
  let afterId: string | null = null;
  for (;;) {
    const page: LoadedProduct[] = await loadProductPage(pool, websiteId, competitors, {
      afterId,
      limit: 2000,
      needAutomatic: settings.competitors.matchTypes === 'CONFIRMED_ONLY',
      condition,
    });
    for (const product of page) tally.add({ product, suggestion: suggest(settings, product, product.offers, now) });
    if (page.length < 2000) break;
    afterId = page[page.length - 1]!.id;
  }
  return tally.result();
}
