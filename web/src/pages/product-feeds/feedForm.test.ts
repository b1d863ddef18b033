import { describe, expect, it } from 'vitest';
import { feedInput, feedValues, isFeedUrl, newFeedValues } from './feedForm.ts';
import type { FeedRow } from './queries.ts';

describe('feedInput', () => {
  it('an upload CSV feed sends its mapping and delimiter, no URL and a manual schedule', () => {
    expect(
      feedInput({
        name: '  Catalogue ',
        source: 'UPLOAD',
        url: 'https://left.example/over.csv',
        format: 'CSV',
        columnMapping: [
          { field: 'ID', column: ' ITEM_ID ' },
          { field: 'NAME', column: 'Name' },
          { field: 'PRICE', column: 'Price' },
          {},
        ],
        csvDelimiter: ';',
        schedule: 'DAILY',
      }),
    ).toEqual({
      name: 'Catalogue',
      source: 'UPLOAD',
      url: null,
      format: 'CSV',
      columnMapping: [
        { field: 'ID', column: 'ITEM_ID' },
        { field: 'NAME', column: 'Name' },
        { field: 'PRICE', column: 'Price' },
      ],
      csvDelimiter: ';',
      schedule: 'MANUAL',
    });
  });

  it('a URL XML feed sends its URL and schedule, no mapping', () => {
    expect(
      feedInput({
        name: 'Google',
        source: 'URL',
        url: ' https://shop.example/feed.xml ',
        format: 'GOOGLE_XML',
        columnMapping: [{ field: 'ID', column: 'id' }],
        schedule: 'DAILY',
      }),
    ).toEqual({
      name: 'Google',
      source: 'URL',
      url: 'https://shop.example/feed.xml',
      format: 'GOOGLE_XML',
      columnMapping: null,
      csvDelimiter: ',',
      schedule: 'DAILY',
    });
  });
});

describe('feedValues', () => {
  const feed: FeedRow = {
    id: 'f1',
    organizationWebsiteId: 'w1',
    name: 'Heureka',
    source: 'URL',
    url: 'https://shop.example/heureka.xml',
    format: 'HEUREKA_XML',
    columnMapping: null,
    csvDelimiter: ',',
    schedule: 'DAILY',
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    lastRun: null,
  };

  it('fills the edit form from the feed (a mapping to start from when it has none) and gives the same settings back', () => {
    const values = feedValues(feed);
    expect(values.columnMapping).toEqual(newFeedValues().columnMapping);
    expect(feedInput(values)).toEqual({
      name: 'Heureka',
      source: 'URL',
      url: 'https://shop.example/heureka.xml',
      format: 'HEUREKA_XML',
      columnMapping: null,
      csvDelimiter: ',',
      schedule: 'DAILY',
    });
  });
});

describe('isFeedUrl', () => {
  it.each([
    ['https://shop.example/feed.csv', true],
    ['http://shop.example', true],
    ['ftp://shop.example/feed.csv', false],
    ['shop.example/feed.csv', false],
    ['https:// spaced.example', false],
    ['', false],
    [`https://shop.example/${'a'.repeat(2000)}`, false],
  ])('%s -> %s', (url, ok) => {
    expect(isFeedUrl(url)).toBe(ok);
  });
});
