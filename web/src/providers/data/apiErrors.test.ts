import { CombinedError } from '@urql/core';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFields, apiErrorOf } from './apiErrors.ts';

const graphQLError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions })] });

describe('apiErrorOf', () => {
  it.each([
    ['ORGANIZATION_SUSPENDED', 'Your organization is suspended. Contact support.', {}],
    ['PLAN_LIMIT_EXCEEDED', 'Plan limit reached: websites', { limit: 'websites', max: 1 }],
    ['BAD_USER_INPUT', 'Invalid email: must be an e-mail address', { field: 'email' }],
  ])('%s keeps its message without a prefix, and its extensions', (code, message, extra) => {
    const error = apiErrorOf(graphQLError(message, { code, ...extra }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(message);
    expect((error as ApiError).code).toBe(code);
    expect((error as ApiError).extensions).toMatchObject(extra);
  });

  it('keeps a network failure as urql reports it (its status stays readable)', () => {
    const error = apiErrorOf(
      new CombinedError({ networkError: new Error('Response not successful: Received status code 401') }),
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.message).toBe('[Network] Response not successful: Received status code 401');
  });
});

describe('apiErrorFields', () => {
  it.each([
    [
      new ApiError('Invalid name: must not be empty', 'BAD_USER_INPUT', { code: 'BAD_USER_INPUT', field: 'name' }),
      { name: 'Invalid name: must not be empty' },
    ],
    [new ApiError('Not found', 'NOT_FOUND', { code: 'NOT_FOUND' }), undefined],
  ])('%s -> field errors %j', (error, errors) => {
    expect(apiErrorFields(error).errors).toEqual(errors);
  });

  it('adds nothing for other errors', () => {
    expect(apiErrorFields(new Error('x'))).toEqual({});
  });
});
