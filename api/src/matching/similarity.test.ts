import { describe, expect, it } from 'vitest';
import { trigramSimilarity, trigrams, weightedWordSimilarity, WordStatistics } from './similarity.ts';

describe('trigrams', () => {
  it('pads words like pg_trgm', () => {
    expect([...trigrams('cat')].sort()).toEqual(['  c', ' ca', 'at ', 'cat'].sort());
  });
});

describe('trigramSimilarity', () => {
  it.each([
    ['sony turntable', 'sony turntable', 1],
    ['cat', 'dog', 0],
    ['', 'x', 0],
    ['word', 'words', 4 / 7],
  ])('%s ~ %s -> %s', (a, b, expected) => {
    expect(trigramSimilarity(a, b)).toBeCloseTo(expected, 5);
  });
});

describe('weightedWordSimilarity', () => {
  const statistics = new WordStatistics();
  for (const doc of [
    ['sony', 'tv'],
    ['sony', 'radio'],
    ['sony', 'camera'],
    ['lg', 'tv'],
  ])
    statistics.addDocument(doc);

  it.each([
    [['sony', 'tv'], ['sony', 'tv'], 1, ['sony', 'tv']],
    [['a'], ['b'], 0, []],
    [[], ['b'], 0, []],
  ])('%j ~ %j -> %s', (a, b, expected, shared) => {
    const result = weightedWordSimilarity(a, b, statistics);
    expect(result.similarity).toBeCloseTo(expected, 5);
    expect(result.shared).toEqual(shared);
  });

  it('weighs a rare shared word more than a common one', () => {
    const rare = weightedWordSimilarity(['sony', 'camera'], ['lg', 'camera'], statistics).similarity;
    const common = weightedWordSimilarity(['sony', 'camera'], ['sony', 'tv'], statistics).similarity;
    expect(rare).toBeGreaterThan(common);
  });
});

describe('WordStatistics counted elsewhere', () => {
  it('knows only the words whose counts were set, unless all were', () => {
    const some = WordStatistics.counted(100);
    some.setDocumentFrequency('kavovar', 40);
    expect([some.knows('kavovar'), some.knows('mixer')]).toEqual([true, false]);
    const all = WordStatistics.counted(100, { complete: true });
    all.setDocumentFrequency('kavovar', 40);
    expect([all.knows('kavovar'), all.knows('mixer')]).toEqual([true, true]);
    expect(all.documentFrequency('mixer')).toBe(0);
    expect(all.idf('mixer')).toBeGreaterThan(all.idf('kavovar'));
  });
});
