import { describe, expect, it } from 'vitest';
import { chooseWebsite, parseLastUsed } from './chooseWebsite.ts';

const a = { id: 'a', name: 'Alpha' };
const b = { id: 'b', name: 'Beta' };
const c = { id: 'c', name: 'Gamma' };

describe('chooseWebsite', () => {
  it.each([
    ['the one in the URL', 'c', b, c],
    ['the last used when the URL names none', null, b, b],
    ['the last used when the URL names one not in the list', 'x', b, b],
    ['the first when neither is in the list', 'x', { id: 'y', name: 'Gone' }, a],
    ['the first when there is nothing else', null, null, a],
  ])('chooses %s', (_, fromUrl, lastUsed, expected) => {
    expect(chooseWebsite([a, b, c], fromUrl, lastUsed)).toEqual(expected);
  });

  it('takes the name from the list, not from storage', () => {
    expect(chooseWebsite([a, b], null, { id: 'b', name: 'Old name' })).toEqual(b);
  });

  it('chooses nothing from an empty list', () => {
    expect(chooseWebsite([], 'a', a)).toBeNull();
  });
});

describe('parseLastUsed', () => {
  it.each([
    ['{"id":"a","name":"Alpha"}', a],
    ['{"id":"a","name":"Alpha","extra":1}', a],
    ['{"id":5,"name":"Alpha"}', null],
    ['{"id":"a"}', null],
    ['"a"', null],
    ['not json', null],
    [null, null],
  ])('%s -> %j', (stored, expected) => {
    expect(parseLastUsed(stored)).toEqual(expected);
  });
});
