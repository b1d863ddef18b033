import { describe, expect, it } from 'vitest';
import { buildPath, carriedParams, withCarriedParams } from './paths.ts';

describe('buildPath', () => {
  it.each([
    ['/', {}, '/'],
    ['/users/[userId]', { userId: 'u-1' }, '/users/u-1'],
    ['/organizations/[organizationId]/billing', { organizationId: 7 }, '/organizations/7/billing'],
    ['/websites/[organizationWebsiteId]', { organizationWebsiteId: 'a/b c' }, '/websites/a%2Fb%20c'],
  ])('%s with %j -> %s', (pattern, ids, path) => {
    expect(buildPath(pattern, ids)).toBe(path);
  });

  it('refuses a missing id', () => {
    expect(() => buildPath('/users/[userId]', {})).toThrow('[userId]');
  });
});

describe('carriedParams', () => {
  it.each([
    [
      '?owid=12&locale=cs&page=2',
      [
        ['owid', '12'],
        ['locale', 'cs'],
      ],
    ],
    ['?owid=12&owid=13', []],
    ['?owid=&locale=en', [['locale', 'en']]],
    ['', []],
  ])('%s -> %j', (search, params) => {
    expect(carriedParams(search)).toEqual(params);
  });
});

describe('withCarriedParams', () => {
  it.each([
    ['/users', '?owid=12&locale=cs', '/users?owid=12&locale=cs'],
    ['/users?tab=a', '?owid=12', '/users?tab=a&owid=12'],
    ['/users?owid=99', '?owid=12', '/users?owid=99'],
    ['/users#top', '?locale=cs', '/users?locale=cs#top'],
    ['/users', '?page=3', '/users'],
  ])('%s from %s -> %s', (target, search, result) => {
    expect(withCarriedParams(target, search)).toBe(result);
  });
});
