/**
 * The learned score on the development sets (../shared/datasets beside the repository, never
 * copied into it), leave one dataset out: trained on two sets, measured on the third. A change
 * that fits one set at the others' expense fails here. Skipped where the sets are absent.
 *
 * The floors are today's figures (lodo-report.ts prints them with `npm run match:eval -- --lodo`)
 * less a small allowance, and never below a goal of the issue that is met: automatic precision
 * >= 0.99 with coverage >= 0.5 on every set, recall@1 >= TF-IDF + 0.03 and recall@3 >= 0.99 on
 * amazon-google, abt-buy recall@1 >= 0.93 (and TF-IDF + 0.03) and @10 >= 0.995. The goals not
 * met yet are listed in README.md.
 *
 * amazon-google's coverage floor was 0.6: default-2's coverage (0.668) less the allowance, taken
 * while its precision (0.983) missed the goal. default-3's variant signals reached precision 0.993
 * at coverage 0.576 (the calibrated threshold rose above a same-title pair), default-4's joined
 * words 0.994 at 0.630: the goal asks coverage >= 0.5, the floor is today's figure less the
 * allowance. default-5 (the model-number relation: codes written apart, conflicts only between
 * codes written alike; L2 5e-4): amazon-google 0.946 at precision 0.994 and coverage 0.645,
 * amazon-walmart's recall@3 reached the goal (0.991), abt-buy's recall@1 0.932 -> 0.939.
 * A record listed twice (threshold.ts: a copy of the best candidate is no runner-up):
 * amazon-walmart's coverage 0.728 -> 0.899 at precision 1.000, its floor 0.68 -> 0.85.
 * default-6 (a plain number the other name writes with a unit or as a pack count is no conflict;
 * a size in inches written in the other name's model number): amazon-walmart's recall@1 0.868 ->
 * 0.877, its floor 0.86 -> 0.87; abt-buy's automatic matches 973 -> 976.
 */
import { describe, expect, it } from 'vitest';
import { DATASETS_DIR, developmentSetsPresent } from './development-sets.ts';
import { lodoReport } from './lodo-report.ts';

const present = developmentSetsPresent();
if (!present)
  console.warn(`leave-one-dataset-out benchmark skipped: the development sets are absent from ${DATASETS_DIR}`);

const FLOORS: Record<
  string,
  { recallAt1: number; recallAt3: number; recallAt10: number; precision: number; coverage: number }
> = {
  'abt-buy': { recallAt1: 0.935, recallAt3: 0.978, recallAt10: 0.995, precision: 0.99, coverage: 0.85 },
  'amazon-google': { recallAt1: 0.938, recallAt3: 0.99, recallAt10: 0.99, precision: 0.99, coverage: 0.6 },
  'amazon-walmart': { recallAt1: 0.87, recallAt3: 0.99, recallAt10: 0.995, precision: 0.99, coverage: 0.85 },
};

/** The sets on which recall@1 already beats the TF-IDF of names by the goal's 0.03. */
const RECALL_AT_1_GOAL_MET = new Set(['abt-buy', 'amazon-google']);

/** The sets on which recall@3 already reaches the goal's 0.99. */
const RECALL_AT_3_GOAL_MET = new Set(['amazon-google', 'amazon-walmart']);

describe.skipIf(!present)('learned matching, leave one dataset out', () => {
  it('beats the TF-IDF of names on every set and keeps automatic matching precise', () => {
    const { reports } = lodoReport();
    for (const report of reports) {
      const h = report.heldOut;
      console.info(
        `${report.name}: recall@1 ${h.recallAt1.toFixed(3)} (TF-IDF ${report.baseline.recallAt1.toFixed(3)}), @3 ${h.recallAt3.toFixed(3)}, ` +
          `@10 ${h.recallAt10.toFixed(3)}; automatic precision ${h.crossValidated.precision.toFixed(3)} coverage ${h.crossValidated.coverage.toFixed(3)}`,
      );
      const floor = FLOORS[report.name]!;
      expect(h.recallAt1, report.name).toBeGreaterThan(report.baseline.recallAt1);
      // Also whichever way equal scores are read (amazon-walmart lists products twice, identical
      // in every field, so its ties at rank 1 are many: metrics.ts recallReadings).
      for (const reading of ['expected', 'tieIsMiss', 'tieIsHit'] as const)
        expect(h.tieReadings.at1[reading], `${report.name} ${reading}`).toBeGreaterThan(
          report.baseline.tieReadings.at1[reading],
        );
      if (RECALL_AT_1_GOAL_MET.has(report.name))
        expect(h.recallAt1, report.name).toBeGreaterThanOrEqual(report.baseline.recallAt1 + 0.03);
      expect(h.recallAt1, report.name).toBeGreaterThanOrEqual(floor.recallAt1);
      expect(h.recallAt3, report.name).toBeGreaterThanOrEqual(floor.recallAt3);
      if (RECALL_AT_3_GOAL_MET.has(report.name)) expect(h.recallAt3, report.name).toBeGreaterThanOrEqual(0.99);
      expect(h.recallAt10, report.name).toBeGreaterThanOrEqual(floor.recallAt10);
      expect(h.crossValidated.precision, report.name).toBeGreaterThanOrEqual(floor.precision);
      expect(h.crossValidated.coverage, report.name).toBeGreaterThanOrEqual(floor.coverage);
    }
  }, 240_000);
});
