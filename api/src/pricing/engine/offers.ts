/**
 * The competitor prices a rule looks at: its competitor filters applied to a product's MATCHED
 * offers, then one price per competitor (its lowest), cheapest first. Ties in price keep the
 * competitors in name order, so the competitor an explanation names is always the same one.
 */
import type { CompetitorOffer, CompetitorSettings } from './types.ts';

const DAY_MS = 86_400_000;

export interface CompetitorPrice {
  competitorId: string;
  competitorName: string;
  price: number;
}

export function offerPasses(
  offer: CompetitorOffer,
  settings: CompetitorSettings,
  currency: string,
  now: number,
): boolean {
  if (offer.currency !== currency) return false;
  if (settings.mode === 'INCLUDE' && !settings.competitorIds.includes(offer.competitorId)) return false;
  if (settings.mode === 'EXCLUDE' && settings.competitorIds.includes(offer.competitorId)) return false;
  if (settings.matchTypes === 'CONFIRMED_ONLY' && offer.automatic) return false;
  if (settings.inStockOnly && offer.availability !== 'in_stock') return false;
  if (settings.maxAgeDays != null && offer.seenAt < now - settings.maxAgeDays * DAY_MS) return false;
  return true;
}

/** One price per competitor (its lowest passing offer), cheapest first, ties by competitor name. */
export function competitorPrices(
  offers: readonly CompetitorOffer[],
  settings: CompetitorSettings,
  currency: string,
  now: number,
): CompetitorPrice[] {
  const lowest = new Map<string, CompetitorPrice>();
  for (const offer of offers) {
    if (!offerPasses(offer, settings, currency, now)) continue;
    const known = lowest.get(offer.competitorId);
    if (!known || offer.price < known.price) {
      lowest.set(offer.competitorId, {
        competitorId: offer.competitorId,
        competitorName: offer.competitorName,
        price: offer.price,
      });
    }
  }
  return [...lowest.values()].sort(
    (a, b) =>
      a.price - b.price ||
      a.competitorName.localeCompare(b.competitorName) ||
      a.competitorId.localeCompare(b.competitorId),
  );
}
