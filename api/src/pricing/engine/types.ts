/**
 * The vocabulary of the suggestion engine (api/src/pricing/README.md): a rule's settings, the
 * facts of one product and its competitor offers, and the explained suggestion it produces.
 * Plain data only; the engine's functions are pure.
 */

export type StrategyType =
  | 'MATCH_LOWEST'
  | 'BEAT_LOWEST'
  | 'MATCH_AVERAGE'
  | 'MATCH_MEDIAN'
  | 'POSITION'
  | 'FOLLOW_COMPETITOR'
  | 'WITHIN_MARKET_AVERAGE';
export type AdjustUnit = 'PERCENT' | 'AMOUNT';
export type Availability = 'ANY' | 'IN_STOCK' | 'OUT_OF_STOCK';
export type CompetitorMode = 'ALL' | 'INCLUDE' | 'EXCLUDE';
export type MatchTypes = 'CONFIRMED_ONLY' | 'CONFIRMED_AND_AUTOMATIC';
export type RoundingMode = 'NONE' | 'CHARM' | 'STEP';
export type CharmEnding = 'CENTS_99' | 'CENTS_90' | 'UNITS_9';
export type RoundingDirection = 'NEAREST' | 'UP' | 'DOWN';
export type Outcome =
  | 'CHANGE_SUGGESTED'
  | 'WITHIN_TOLERANCE'
  | 'HELD_BY_FLOOR'
  | 'HELD_BY_CEILING'
  | 'NO_COMPETITOR_DATA';

export interface ProductSelection {
  brands: string[];
  categories: string[];
  priceMin: number | null;
  priceMax: number | null;
  availability: Availability;
  includeProductIds: string[];
  excludeProductIds: string[];
}

export interface CompetitorSettings {
  mode: CompetitorMode;
  competitorIds: string[];
  matchTypes: MatchTypes;
  inStockOnly: boolean;
  maxAgeDays: number | null;
  minPrices: number;
}

export interface StrategySettings {
  type: StrategyType;
  beatBy: number | null;
  beatUnit: AdjustUnit;
  position: number | null;
  competitorId: string | null;
  withinPercent: number | null;
  tolerancePercent: number;
}

export interface BoundSettings {
  costMargin: number | null;
  costMarginUnit: AdjustUnit;
  useMap: boolean;
  minimumPrice: number | null;
  useRrp: boolean;
  maximumPrice: number | null;
  maxChangePercent: number | null;
}

export interface RoundingSettings {
  mode: RoundingMode;
  ending: CharmEnding | null;
  step: number | null;
  direction: RoundingDirection;
}

/** What the engine needs of a rule to price one product (selection is decided before). */
export interface PricingRule {
  competitors: CompetitorSettings;
  strategy: StrategySettings;
  bounds: BoundSettings;
  rounding: RoundingSettings;
}

export interface ProductFacts {
  id: string;
  brand: string | null;
  category: string | null;
  /** The current own price; null when the feed has none. */
  price: number | null;
  stock: number | null;
  cost: number | null;
  map: number | null;
  rrp: number | null;
  currency: string;
}

/** One MATCHED competitor product of the product. */
export interface CompetitorOffer {
  competitorId: string;
  competitorName: string;
  price: number;
  currency: string;
  availability: string | null;
  /** Epoch milliseconds of when the price was last seen. */
  seenAt: number;
  /** Matched by the matching engine on its own (not decided or confirmed by a person). */
  automatic: boolean;
}

/** One step of the explanation: a code the console translates, with the values it names. */
export interface ExplanationStep {
  code: string;
  price?: number | null;
  competitors?: number;
  minimum?: number;
  competitor?: string;
  position?: number;
  percent?: number;
  amount?: number;
  cost?: number;
  bound?: number;
  reached?: boolean;
  from?: number;
  to?: number;
  change?: number;
  ending?: CharmEnding;
  step?: number;
}

export interface Suggestion {
  currentPrice: number | null;
  /** Null for NO_COMPETITOR_DATA. */
  suggestedPrice: number | null;
  change: number | null;
  changePercent: number | null;
  outcome: Outcome;
  steps: ExplanationStep[];
}
