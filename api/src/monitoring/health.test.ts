import { describe, expect, it } from 'vitest';
import { summarizeHealth, worstHealth, type EndedRun } from './health.ts';

const at = (n: number) => new Date(Date.UTC(2026, 0, 20 - n));
const run = (
  status: EndedRun['status'],
  productsSeen = 100,
  productsFailed = 0,
  failuresByKind: Record<string, number> = {},
): EndedRun => ({ status, productsSeen, productsFailed, endedAt: at(0), failuresByKind });
const ok = (seen = 100, failed = 0) => run('succeeded', seen, failed);

describe('summarizeHealth', () => {
  it.each([
    ['no run yet', [], 'unknown'],
    ['one success', [ok()], 'healthy'],
    ['steady successes', [ok(), ok(), ok()], 'healthy'],
    ['last run failed', [run('failed'), ok(), ok()], 'failing'],
    [
      'half of the runs failed (latest succeeded)',
      [ok(), run('failed'), ok(), run('failed'), run('failed')],
      'failing',
    ],
    ['products seen dropped by more than a fifth', [ok(70), ok(100), ok(100)], 'degraded'],
    ['products seen dropped by a fifth exactly', [ok(80), ok(100), ok(100)], 'healthy'],
    ['many failed pages', [ok(70, 30), ok(70, 30)], 'degraded'],
    ['three in four runs succeeded', [ok(), run('failed'), ok(), ok()], 'degraded'],
    ['cancelled runs count neither way', [run('cancelled'), ok()], 'healthy'],
  ] as const)('%s -> %s', (_name, runs, health) => {
    expect(summarizeHealth([...runs]).health).toBe(health);
  });

  it('expects nothing of a first success, sums the error mix, reports the rate', () => {
    const first = summarizeHealth([ok(40)]);
    expect(first).toMatchObject({
      health: 'healthy',
      productsExpected: null,
      productsSeen: 40,
      recentRuns: 1,
      recentSuccesses: 1,
    });
    const mixed = summarizeHealth([
      run('succeeded', 90, 2, { timeout: 2 }),
      run('failed', 0, 0, { http_status: 5, timeout: 1 }),
    ]);
    expect(mixed.errorMix).toEqual({ timeout: 3, http_status: 5 });
    expect(mixed.recentSuccesses).toBe(1);
    expect(mixed.lastSuccessAt).toEqual(at(0));
  });
});

describe('worstHealth', () => {
  it.each([
    [[], 'unknown'],
    [['healthy', 'unknown'], 'healthy'],
    [['healthy', 'degraded'], 'degraded'],
    [['degraded', 'failing', 'healthy'], 'failing'],
  ] as const)('%j -> %s', (healths, worst) => expect(worstHealth([...healths])).toBe(worst));
});
