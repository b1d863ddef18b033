import { describe, expect, it } from 'vitest';
import { readGraphQLResponse, statusCodeOf } from './graphqlErrors.ts';

describe('readGraphQLResponse', () => {
  it.each([
    [300, '{}', 'Response not successful: Received status code 300'],
    [401, '{"errors":[]}', 'Response not successful: Received status code 401'],
    [500, '', 'Response not successful: Received status code 500'],
    [502, '<html>Bad gateway</html>', 'Response not successful: Received status code 502'],
    [200, '', 'Server response was missing for query'],
    [200, '  \n', 'Server response was missing for query'],
  ])('status %i with body %j -> %s', (status, body, message) => {
    expect(() => readGraphQLResponse(status, body)).toThrow(message);
  });

  it('reports a non-JSON body as a parse error', () => {
    expect(() => readGraphQLResponse(200, '<html>oops</html>')).toThrow(/JSON parse error/);
  });

  it('returns the parsed body of a successful answer', () => {
    expect(readGraphQLResponse(200, '{"data":{"ok":true}}')).toEqual({ data: { ok: true } });
  });

  it('keeps the status on the error', () => {
    try {
      readGraphQLResponse(401, '');
    } catch (error) {
      expect(statusCodeOf(error)).toBe(401);
    }
  });
});

describe('statusCodeOf', () => {
  it.each([
    [{ statusCode: 403 }, 403],
    [new Error('[Network] Response not successful: Received status code 401'), 401],
    [new Error('[GraphQL] Forbidden'), undefined],
    [null, undefined],
  ])('%j -> %s', (error, status) => {
    expect(statusCodeOf(error)).toBe(status);
  });
});
