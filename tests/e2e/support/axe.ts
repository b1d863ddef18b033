import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The accessibility audit of issue 20 (issue 20): axe's WCAG 2.0, 2.1 and 2.2 rules
 * of levels A and AA on what the page shows now. A serious or critical violation fails; lesser
 * ones are reported beside it but do not fail.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface Finding {
  /** Where: a route path or a dialog's name. */
  where: string;
  rule: string;
  impact: string;
  /** How many elements break the rule there. */
  count: number;
  help: string;
  /** The first few elements' selectors and axe's summary of the first one. */
  targets: string[];
  summary: string;
}

/**
 * Waits (up to 5 s) until no finite animation or transition runs, so colours are measured as they
 * rest and not halfway through a fade or a hover's change (a spinner's endless turn does not count).
 */
async function motionsEnded(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => undefined);
}

export async function audit(page: Page, where: string, { include }: { include?: string } = {}): Promise<Finding[]> {
  await motionsEnded(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      count: violation.nodes.length,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      summary: (violation.nodes[0]?.failureSummary ?? '').split('\n').slice(0, 3).join(' ').slice(0, 300),
    }));
}

/** One line per finding: where, rule, impact, how many, the first targets and the summary. */
export function formatFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.where}: ${f.rule} (${f.impact}, ${f.count}×) ${f.help}\n    at ${f.targets.join(' | ')}\n    ${f.summary}`,
    )
    .join('\n');
}
