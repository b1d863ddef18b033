/**
 * What a matching run keeps and decides, and how it works through the catalogue. Defaults here;
 * runs take overrides (tests, the benchmark).
 */
import { DEFAULT_AUTOMATIC_POLICY, type AutomaticPolicy } from '../threshold.ts';
import type { SearchLimits } from './candidates.ts';

export interface MatchingSettings {
  /** our products per candidate statement (and per progress update) */
  batchSize: number;
  /** candidates stored per product and competitor, best first */
  candidatesPerCompetitor: number;
  /** a candidate scoring less is not stored (the product does not wait for it) */
  minimumScore: number;
  /** the engine's searches (engine.ts defaults within the brand; fewer across brands) */
  limits: SearchLimits;
  /**
   * automatic matches: threshold and margin (threshold.ts, selectAutomaticMatches); the threshold
   * applies only when `calibration` is 'fixed'
   */
  automatic: AutomaticPolicy;
  /**
   * 'decisions' (default): each competitor's threshold is calibrated for its target precision
   * from the reviewers' decisions (../calibration-store.ts); too few decisions, nothing is matched
   * automatically. 'fixed': `automatic.threshold` for every competitor (tests, the benchmark).
   */
  calibration: 'decisions' | 'fixed';
  /** our products looked up per changed competitor product (incremental runs) */
  reverseLimit: number;
}

export const DEFAULT_SETTINGS: MatchingSettings = {
  batchSize: 200,
  candidatesPerCompetitor: 3,
  minimumScore: 0.2,
  limits: { nameLimit: 40, codeLimit: 20, wideLimit: 10 },
  automatic: DEFAULT_AUTOMATIC_POLICY,
  calibration: 'decisions',
  reverseLimit: 10,
};

/** Days a MATCHED pair's competitor product may go unseen before the pair expires. */
export const DEFAULT_EXPIRY_DAYS = 14;

export function expiryDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.MATCH_EXPIRY_DAYS ?? DEFAULT_EXPIRY_DAYS);
  return Number.isFinite(days) && days > 0 ? days : DEFAULT_EXPIRY_DAYS;
}
