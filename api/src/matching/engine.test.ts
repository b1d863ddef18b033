import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchingEngine } from './engine.ts';

describe('MatchingEngine on a small Czech catalogue', () => {
  let db: PGlite;
  let engine: MatchingEngine;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
    engine = await MatchingEngine.load(
      db,
      [
        { id: 'c1', name: 'Kofola Originál 2 l', brand: 'Kofola', price: 39.9 },
        { id: 'c2', name: 'Kofola Originál 6x0,5 l', brand: 'Kofola', price: 119 },
        { id: 'c3', name: 'Mléko polotučné 1 l', brand: 'Madeta', gtin: '8594001234561' },
        { id: 'c4', name: 'Pivo světlé 6 x 500 ml', brand: 'Plzeňský Prazdroj' },
        { id: 'c5', name: 'Philips Zastřihovač vousů BT3206/14', brand: 'Philips', price: 599 },
      ],
      ['Kofola', 'Madeta', 'Philips'],
    );
  });
  afterAll(() => db.close());

  it.each([
    ['KOFOLA originál 2000 ml', 'c1'],
    ['Kofola Original 6 x 0.5 l', 'c2'],
    ['Mleko 1l', 'c3'],
    ['PHILIPS BT3206-14 zastřihovač', 'c5'],
  ])('ranks the same product first for %s', async (name, expected) => {
    const [best] = await engine.candidatesFor({ id: 'x', name }, 3);
    expect(best?.rightId).toBe(expected);
  });

  it('matches by GTIN whatever the name says', async () => {
    const [best] = await engine.candidatesFor({ id: 'x', name: 'Něco úplně jiného', gtin: '08594001234561' }, 1);
    expect(best).toMatchObject({ rightId: 'c3', rank: 1 });
    expect(best!.evidence.matchedIdentifiers).toEqual(['gtin']);
    expect(best!.sources).toContain('gtin');
  });

  it('returns at most top candidates, ranked and scored in 0..1', async () => {
    const candidates = await engine.candidatesFor({ id: 'x', name: 'Kofola', brand: 'Kofola' }, 2);
    expect(candidates.map((c) => c.rank)).toEqual([1, 2]);
    for (const c of candidates) expect(c.score).toBeGreaterThanOrEqual(0);
    expect(candidates[0]!.score).toBeGreaterThanOrEqual(candidates[1]!.score);
  });
});
