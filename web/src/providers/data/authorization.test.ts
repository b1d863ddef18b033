import { describe, expect, it } from 'vitest';
import { authorizationHeader } from './authorization.ts';

describe('authorizationHeader', () => {
  it.each([
    ['eyJ.token', 'Bearer eyJ.token'],
    [null, ''],
    [undefined, ''],
    ['', ''],
  ])('%j -> %j', (token, header) => {
    expect(authorizationHeader(token)).toBe(header);
  });
});
