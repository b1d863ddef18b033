import { describe, expect, it } from 'vitest';
import { readCatalogue, readLabelledSet, readPairs } from './labelled-set.ts';

const file = (name: string, text: string) => ({ name, text });
const catalogue = file('shop.csv', 'id,name,price\na1,Kofola 2 l,39\n"a2","Mléko\npolotučné 1 l",24\na3,Rohlík,3\n');
const competitor = file('competitor.csv', 'id,name\nb1,Kofola 2000 ml\nb2,Mléko 1 l\n');

describe('readCatalogue', () => {
  it('reads the products of a catalogue', () => {
    expect(readCatalogue(catalogue).map((p) => p.id)).toEqual(['a1', 'a2', 'a3']);
  });

  it.each([
    ['an empty file', '', /shop\.csv: the catalogue is empty/],
    ['a header only', 'id,name\n', /shop\.csv: the catalogue holds no products/],
    ['one product', 'id,name\nx,Product\n', /shop\.csv: the catalogue holds one product \(line 2\)/],
    [
      'a repeated id (after a field spanning lines)',
      'id,name\na,"two\nlines"\nb,B\na,again\n',
      /shop\.csv line 5: the id 'a' is already on line 2/,
    ],
  ])('%s is an error naming the file and line', (_name, text, message) => {
    expect(() => readCatalogue(file('shop.csv', text))).toThrow(message);
  });
});

describe('readPairs', () => {
  const left = readCatalogue(catalogue);
  const right = readCatalogue(competitor);

  it('reads pairs whose ids are in the catalogues', () => {
    expect(readPairs(file('truth.csv', 'a,b\na1,b1\n\na2,b2\n'), left, right)).toEqual([
      ['a1', 'b1'],
      ['a2', 'b2'],
    ]);
  });

  it.each([
    ['an unknown left id', 'a,b\na1,b1\nzz,b2\n', /truth\.csv line 3: 'zz' is no product of the left catalogue/],
    ['an unknown right id', 'a,b\na1,b9\n', /truth\.csv line 2: 'b9' is no product of the right catalogue/],
    ['a pair missing its second id', 'a,b\na1,\n', /truth\.csv line 2: a pair needs two ids/],
  ])('%s is an error naming the line', (_name, text, message) => {
    expect(() => readPairs(file('truth.csv', text), left, right)).toThrow(message);
  });

  it('a labelled set is checked as a whole', () => {
    expect(() =>
      readLabelledSet('x', { left: catalogue, right: file('c.csv', 'id,name\nb1,B\n'), truth: file('t.csv', 'a,b\n') }),
    ).toThrow(/c\.csv: the catalogue holds one product/);
  });
});
