/**
 * The learned score on the development sets (../shared/datasets beside the repository, never
 * copied into it), leave one dataset out: trained on two sets, measured on the third. A change
 * that fits one set at the others' expense fails here. Skipped where the sets are absent.
 *
 * The floors are today's figures (lodo-report.ts prints them with `npm run match:eval -- --lodo`)
 * less a small allowance; the issue's goals that are not met yet are listed in README.md.
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
  'abt-buy': { recallAt1: 0.925, recallAt3: 0.97, recallAt10: 0.995, precision: 0.99, coverage: 0.8 },
  'amazon-google': { recallAt1: 0.91, recallAt3: 0.98, recallAt10: 0.99, precision: 0.975, coverage: 0.6 },
  'amazon-walmart': { recallAt1: 0.85, recallAt3: 0.975, recallAt10: 0.995, precision: 0.99, coverage: 0.65 },
};

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
      expect(h.recallAt1, report.name).toBeGreaterThanOrEqual(floor.recallAt1);
      expect(h.recallAt3, report.name).toBeGreaterThanOrEqual(floor.recallAt3);
      expect(h.recallAt10, report.name).toBeGreaterThanOrEqual(floor.recallAt10);
      expect(h.crossValidated.precision, report.name).toBeGreaterThanOrEqual(floor.precision);
      expect(h.crossValidated.coverage, report.name).toBeGreaterThanOrEqual(floor.coverage);
    }
  }, 240_000);
});
