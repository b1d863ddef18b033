import { describe, expect, it } from 'vitest';
import { pickerMessage, type PickerState } from './pickerMessage.ts';

const loaded: PickerState = { search: '', isError: false, count: 500, total: 660, limit: 500 };

describe('pickerMessage', () => {
  it.each<[string, Partial<PickerState>, string | null]>([
    ['more than the limit and no search', {}, 'filterDisplayLimitReached'],
    ['more than the limit while searching', { search: 'shop', count: 3, total: 3 }, null],
    ['all within the limit', { count: 12, total: 12 }, null],
    ['exactly the limit', { count: 500, total: 500 }, null],
    ['a load error', { isError: true, count: null, total: null }, 'itemsLoadingFailed'],
    ['a search that finds nothing', { search: 'zzz', count: 0, total: 0 }, 'noItemsFound'],
    ['a blank search that finds nothing', { search: '  ', count: 0, total: 0 }, 'noItemsAvailable'],
    ['nothing at all', { count: 0, total: 0 }, 'noItemsAvailable'],
    ['still loading', { count: null, total: null }, null],
  ])('%s -> %s', (_, state, message) => {
    expect(pickerMessage({ ...loaded, ...state })).toBe(message);
  });
});
