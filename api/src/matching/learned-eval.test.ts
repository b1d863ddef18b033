import { describe, expect, it } from 'vitest';
import { creditCopies, crossValidatedAutomatic, missesOf, prepareSet } from './learned-eval.ts';
import { truthFromPairs } from './metrics.ts';

const list = (leftId: string, ...scored: [string, number][]) =>
  scored.map(([rightId, score]) => ({ leftId, rightId, score }));

describe('missesOf', () => {
  it('tells a true pair the searches did not find from one the score ranked low, and counts ties at rank 1', () => {
    const truth = truthFromPairs([
      ['a', 'a1'],
      ['b', 'b1'],
      ['c', 'c1'],
      ['d', 'd1'],
      ['e', 'e1'],
    ]);
    const lists = [
      list('a', ['a1', 0.9], ['x', 0.1]), // first: no miss
      list('b', ['x', 0.9], ['y', 0.5], ['z', 0.4], ['b1', 0.3]), // ranked 4th
      list('c', ['x', 0.9]), // not found
      list('d', ['d2', 0.7], ['d1', 0.7]), // tied with the first (listed twice)
      [], // e: no candidate at all
    ];
    expect(missesOf(lists, truth)).toEqual({ notCandidate: 2, belowRank3: 1, tiedAtRank1: 1 });
  });
});

describe('a record listed twice', () => {
  it('prepareSet marks the copies: every field the engine reads equal', () => {
    const right = [
      { id: 'r1', name: 'Sony Alarm Clock ICF-C1', description: 'black', price: 20 },
      { id: 'r2', name: 'Sony Alarm Clock ICF-C1', description: 'black', price: 20 },
      { id: 'r3', name: 'Sony Alarm Clock ICF-C1', description: 'black', price: 21 },
      { id: 'r4', name: 'Sony Alarm Clock ICF-C1', description: 'white', price: 20 },
    ];
    const set = prepareSet({
      name: 'copies',
      left: [{ id: 'l1', name: 'Sony ICF-C1 alarm clock' }],
      right,
      pairs: [['l1', 'r1']],
    });
    const record = new Map(set.lists[0]!.candidates.map((c) => [c.rightId, c.record]));
    expect([...record.keys()].sort()).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(record.get('r2')).toBe(record.get('r1'));
    expect(record.get('r3')).not.toBe(record.get('r1'));
    expect(record.get('r4')).not.toBe(record.get('r1'));
  });

  it('credits a match to a copy of the true record as the true one, nothing else', () => {
    const truth = truthFromPairs([
      ['a', 'x2'],
      ['b', 'y'],
    ]);
    const copy = (leftId: string, rightId: string, score: number, record?: string) => ({
      leftId,
      rightId,
      score,
      ...(record ? { record } : {}),
    });
    const lists = [
      [copy('a', 'x1', 0.5, 'X'), copy('a', 'x2', 0.5, 'X')],
      [copy('b', 'z', 0.9, 'Z'), copy('b', 'y', 0.1, 'Y')],
      [copy('c', 'w', 0.9)],
    ];
    const matches = [copy('a', 'x1', 0.5, 'X'), copy('b', 'z', 0.9, 'Z'), copy('c', 'w', 0.9)];
    expect(creditCopies(matches, truth, lists).map((m) => `${m.leftId}:${m.rightId}`)).toEqual(['a:x2', 'b:z', 'c:w']);
  });

  it('lets automatic matching take a product whose best candidate is listed twice', () => {
    // 100 products, each with its true record listed twice and a distant other candidate: the
    // copies tie, so without records the margin leaves every one of them to a reviewer.
    const ids = Array.from({ length: 100 }, (_, i) => `p${i}`);
    const truth = truthFromPairs(ids.map((id) => [id, `${id}-b`]));
    const lists = ids.map((id) => [
      { leftId: id, rightId: `${id}-a`, score: 0.45, record: `${id}` },
      { leftId: id, rightId: `${id}-b`, score: 0.45, record: `${id}` },
      { leftId: id, rightId: `${id}-other`, score: 0.05, record: `${id}-other` },
    ]);
    const withRecords = crossValidatedAutomatic(lists, truth, 0.1);
    expect([withRecords.matches, withRecords.correct]).toEqual([100, 100]);
    const without = crossValidatedAutomatic(
      lists.map((list) => list.map(({ record: _, ...pair }) => pair)),
      truth,
      0.1,
    );
    expect(without.matches).toBe(0);
  });
});
