/**
 * The evidence the API serves for a pair (api/src/matching/api/shared.ts toEvidence) carries the
 * engine's model-number relation as the score read it: ours against theirs, the relation, the
 * side that writes a code as two words (`apart`), and the conflict (docs/matching.md).
 */
import { describe, expect, it } from 'vitest';
import { toEvidence } from '../src/matching/api/shared.ts';
import { BrandIndex } from '../src/matching/brand.ts';
import { prepareProduct } from '../src/matching/product.ts';
import { type CatalogueStatistics, collectEvidence } from '../src/matching/score.ts';
import { WordStatistics } from '../src/matching/similarity.ts';

const brands = new BrandIndex(['Nvidia', 'Apple']);
const statistics: CatalogueStatistics = { words: new WordStatistics(), codes: new WordStatistics() };

/** The engine's evidence for our product against a competitor's, stored as a run stores it (JSON). */
function served(ours: string, theirs: string) {
  const evidence = collectEvidence(
    prepareProduct({ id: 'a', name: ours }, brands),
    prepareProduct({ id: 'b', name: theirs }, brands),
    statistics,
  );
  return toEvidence(JSON.parse(JSON.stringify(evidence)));
}

describe('the served evidence of model numbers', () => {
  it('names the side that writes a code as two words, as a variant (never the same code)', () => {
    expect(served('Nvidia 8400GS 512MB graphics card', 'GeForce 8400 GS 512MB').relatedModelNumbers).toEqual([
      { ours: '8400gs', theirs: '8400gs', relation: 'PARTIAL', apart: 'THEIRS', oursIn: 'NAME', theirsIn: 'NAME' },
    ]);
    expect(served('GeForce 8400 GS 512MB', 'Nvidia 8400GS 512MB graphics card').relatedModelNumbers).toEqual([
      { ours: '8400gs', theirs: '8400gs', relation: 'PARTIAL', apart: 'OURS', oursIn: 'NAME', theirsIn: 'NAME' },
    ]);
  });

  it('serves the same code as exact with no side apart, and a conflict of codes written alike', () => {
    const same = served('Apple iPod MB276LL/A', 'Apple iPod nano MB276LL/A');
    expect(same.relatedModelNumbers).toEqual([
      { ours: 'mb276lla', theirs: 'mb276lla', relation: 'EXACT', apart: null, oursIn: 'NAME', theirsIn: 'NAME' },
    ]);
    expect(same.modelNumbersConflict).toBe(false);
    const other = served('Apple iPod MB276LL/A', 'Apple iPod nano MB277LL/A');
    expect(other.relatedModelNumbers).toEqual([]);
    expect(other.modelNumbersConflict).toBe(true);
  });

  it('reads evidence stored before the relation existed, or damaged, as none', () => {
    expect(toEvidence({ sharedModelNumbers: ['k101'] })).toMatchObject({
      relatedModelNumbers: [],
      modelNumbersConflict: null,
    });
    expect(
      toEvidence({ relatedModelNumbers: [{ left: 'k101' }, 'x', { left: 'a1', right: 'a1', relation: 'odd' }] })
        .relatedModelNumbers,
    ).toEqual([]);
  });
});
