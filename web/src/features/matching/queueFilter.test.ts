import { describe, expect, it } from 'vitest';
import { queueFilterSearch, queueFilterVariables, readQueueFilter, writeQueueFilter } from './queueFilter.ts';

describe('queue filter in the URL', () => {
  it('reads the filters and the page, invalid pages as 1', () => {
    expect(readQueueFilter(new URLSearchParams('competitor=c1&brand=Sony&category=Audio&page=3'))).toEqual({
      competitor: 'c1',
      brand: 'Sony',
      category: 'Audio',
      page: 3,
    });
    expect(readQueueFilter(new URLSearchParams('page=0')).page).toBe(1);
    expect(readQueueFilter(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('keeps other parameters, leaves out empty values, and a filter change goes back to page 1', () => {
    const written = writeQueueFilter(new URLSearchParams('owid=w1&locale=cs&page=4&brand=Sony'), { competitor: 'c2' });
    expect(written.toString()).toBe('owid=w1&locale=cs&brand=Sony&competitor=c2');
    expect(writeQueueFilter(written, { brand: '' }).has('brand')).toBe(false);
    expect(writeQueueFilter(written, { page: 2 }).get('page')).toBe('2');
  });

  it('becomes the API filter and the link query', () => {
    expect(queueFilterVariables({ competitor: '', brand: '', category: '' })).toBeNull();
    expect(queueFilterVariables({ competitor: 'c1', brand: 'Sony', category: '' })).toEqual({
      competitorId: 'c1',
      brand: 'Sony',
    });
    expect(queueFilterSearch({ competitor: 'c1', brand: 'Black Diamond', category: '' })).toBe(
      '?competitor=c1&brand=Black+Diamond',
    );
    expect(queueFilterSearch({ competitor: '', brand: '', category: '' })).toBe('');
  });
});
