import { describe, expect, it } from 'vitest';
import { pageOf, searchFeeds, withListParams } from './listSearch.ts';

describe('searchFeeds', () => {
  const feeds = [
    { name: 'Heureka daily', url: 'https://shop.example/heureka.xml' },
    { name: 'Catalogue', url: null },
    { name: 'Google', url: 'https://shop.example/GOOGLE.xml' },
  ];

  it('matches the name or the URL, ignoring case and surrounding spaces', () => {
    expect(searchFeeds(feeds, ' heureka ').map((f) => f.name)).toEqual(['Heureka daily']);
    expect(searchFeeds(feeds, 'google.XML').map((f) => f.name)).toEqual(['Google']);
    expect(searchFeeds(feeds, 'nothing')).toEqual([]);
    expect(searchFeeds(feeds, '  ')).toEqual(feeds);
  });
});

describe('pageOf', () => {
  it.each([
    [null, 45, 1],
    ['2', 45, 2],
    ['3', 45, 3],
    ['9', 45, 3],
    ['0', 45, 1],
    ['x', 45, 1],
    ['2', 0, 1],
  ])('page %s of %i feeds -> %i', (value, total, page) => {
    expect(pageOf(value, total)).toBe(page);
  });
});

describe('withListParams', () => {
  it('a new search goes back to page 1 and keeps owid and locale', () => {
    const params = new URLSearchParams('owid=w1&locale=cs&page=3');
    expect(withListParams(params, { search: ' csv ' }).toString()).toBe('owid=w1&locale=cs&q=csv');
    expect(withListParams(new URLSearchParams('owid=w1&q=csv'), { search: '' }).toString()).toBe('owid=w1');
  });

  it('a page is written from 2 on', () => {
    expect(withListParams(new URLSearchParams('owid=w1'), { page: 2 }).toString()).toBe('owid=w1&page=2');
    expect(withListParams(new URLSearchParams('owid=w1&page=2'), { page: 1 }).toString()).toBe('owid=w1');
  });
});
