import { describe, expect, it } from 'vitest';
import { listQuery } from './listParams.ts';
import { StorageError } from './storageError.ts';

describe('listQuery', () => {
  it.each([
    [{}, ''],
    [{ prefix: 'languages/', delimiter: '/' }, 'prefix=languages%2F&delimiter=%2F'],
    [{ pageToken: 'abc', maxResults: 1 }, 'pageToken=abc&maxResults=1'],
    [{ maxResults: 1000 }, 'maxResults=1000'],
  ])('%j -> %s', (options, query) => {
    expect(listQuery(options).toString()).toBe(query);
  });

  it.each([0, -1, 1001, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses maxResults %f before sending',
    (maxResults) => {
      expect(() => listQuery({ maxResults })).toThrow(StorageError);
      try {
        listQuery({ maxResults });
      } catch (error) {
        expect((error as StorageError).code).toBe('invalid-page-size');
        expect((error as StorageError).messageKey).toBe('storage.errors.invalidPageSize');
      }
    },
  );
});
