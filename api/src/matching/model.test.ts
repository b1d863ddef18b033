import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from './default-model.ts';
import { FEATURE_NAMES, type FeatureVector } from './features.ts';
import { HAND_PRIOR, parseModel, scoreList, trainModel, type LabelledList } from './model.ts';

const zero = Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])) as FeatureVector;
const pair = (values: Partial<FeatureVector>): FeatureVector => ({ ...zero, ...values });

/** Lists where the true candidate has the higher word cosine; price says nothing. */
function lists(count: number): LabelledList[] {
  return Array.from({ length: count }, (_, i) => {
    const price = (i % 7) / 7;
    return {
      candidates: [
        pair({ wordCosine: 0.8 + (i % 5) / 50, priceLogRatio: price }),
        pair({ wordCosine: 0.3 + (i % 3) / 30, priceLogRatio: 1 - price }),
        pair({ wordCosine: 0.1, priceLogRatio: price }),
      ],
      matches: [i % 10 !== 0, false, false],
    };
  });
}

describe('trainModel', () => {
  it('learns which signal separates the true candidates and ranks them first', () => {
    const model = trainModel(lists(200), { version: 't1', trainedOn: ['synthetic'], l2: 1e-3 });
    expect(model.weights.wordCosine).toBeGreaterThan(3);
    expect(Math.abs(model.weights.priceLogRatio)).toBeLessThan(1);
    const [first, second] = scoreList(model, lists(1)[0]!.candidates.slice(0, 2));
    expect(first!.score).toBeGreaterThan(second!.score);
    expect(first!.contributions.wordCosine).toBeGreaterThan(0);
  });

  it('keeps the prior weight of a signal the labels never show', () => {
    const model = trainModel(lists(100), { version: 't2', trainedOn: [], prior: HAND_PRIOR, l2: 1e-2 });
    expect(model.weights.gtinEqual).toBeCloseTo(HAND_PRIOR.weights.gtinEqual, 3);
    expect(model.weights.brandDiffers).toBeCloseTo(HAND_PRIOR.weights.brandDiffers, 3);
  });

  it('refuses labels without a single true pair', () => {
    expect(() => trainModel([{ candidates: [zero], matches: [false] }], { version: 'x', trainedOn: [] })).toThrow(
      /true pair/,
    );
  });
});

describe('scoreList', () => {
  it('gives a list probabilities that leave room for none of them', () => {
    const scores = scoreList(DEFAULT_MODEL, [
      pair({ gtinEqual: 1, wordCosine: 0.9, gramCosine: 0.9 }),
      pair({ wordCosine: 0.2 }),
    ]);
    expect(scores[0]!.score).toBeGreaterThan(0.9);
    expect(scores[0]!.score + scores[1]!.score).toBeLessThanOrEqual(1);
    expect(scoreList(DEFAULT_MODEL, [])).toEqual([]);
  });
});

describe('the shipped model', () => {
  it('is versioned, has every weight, and was trained on the development sets', () => {
    expect(DEFAULT_MODEL.version).toMatch(/^default-\d+$/);
    expect(DEFAULT_MODEL.trainedOn).toEqual(['abt-buy', 'amazon-google', 'amazon-walmart']);
    expect(Object.keys(DEFAULT_MODEL.weights).sort()).toEqual([...FEATURE_NAMES].sort());
  });

  it('parseModel names what is missing', () => {
    expect(() => parseModel({ version: 'v', bias: 0, weights: {} })).toThrow(/weight of gtinEqual/);
    expect(() => parseModel({ bias: 0 })).toThrow(/version/);
  });

  it('parseModel reads a model stored before a signal was added as not weighing it', () => {
    const { variantConflict: _, variantOnlyOurs: __, variantOnlyTheirs: ___, ...older } = DEFAULT_MODEL.weights;
    const model = parseModel({ version: 'org-1', bias: -4, weights: older });
    expect(model.weights.variantConflict).toBe(0);
    expect(model.weights.variantOnlyOurs).toBe(0);
    expect(model.weights.variantOnlyTheirs).toBe(0);
    expect(model.weights.gtinEqual).toBe(DEFAULT_MODEL.weights.gtinEqual);
  });
});
