import { describe, expect, it } from 'vitest';
import { statusFilterValue, supportRequestInput } from './supportInput.ts';

describe('supportRequestInput', () => {
  it('trims both texts and keeps HTML as typed', () => {
    expect(supportRequestInput({ topic: '  Prices ', message: '\n<b>wrong</b> prices  ' })).toEqual({
      topic: 'Prices',
      message: '<b>wrong</b> prices',
    });
  });
});

describe('statusFilterValue', () => {
  it.each([
    ['open', 'open'],
    ['resolved', 'resolved'],
    ['all', undefined],
    [undefined, undefined],
    ['closed', undefined],
  ])('%j -> %j', (choice, value) => {
    expect(statusFilterValue(choice)).toBe(value);
  });
});
