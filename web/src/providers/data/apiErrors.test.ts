import { readFileSync } from 'node:fs';
import { CombinedError } from '@urql/core';
import { GraphQLError } from 'graphql';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { ApiError, apiErrorFields, apiErrorOf, refusalText, type Translate } from './apiErrors.ts';

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: en }, cs: { translation: cs } },
    interpolation: { escapeValue: false },
  });
});
/** As the console's providers give it (providers/index.ts): '' for a missing key. */
const translateIn =
  (language: string): Translate =>
  (key, values) =>
    i18next.getFixedT(language)(key, { ...values, defaultValue: '' });

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

  it("words a refusal with a reason in the user's language, at its field and as the message", () => {
    const taken = new ApiError(
      'Invalid url: the website already has a competitor with this address',
      'BAD_USER_INPUT',
      {
        code: 'BAD_USER_INPUT',
        field: 'url',
        reason: 'COMPETITOR_URL_TAKEN',
        values: {},
      },
    );
    expect(apiErrorFields(taken, translateIn('cs'))).toMatchObject({
      message: 'Web už má konkurenta s touto adresou.',
      errors: { url: 'Web už má konkurenta s touto adresou.' },
    });
    expect(apiErrorFields(taken, translateIn('en')).errors).toEqual({
      url: 'The website already has a competitor with this address.',
    });
    // Without a translator (or with a reason this console does not know), the API's message.
    expect(apiErrorFields(taken).errors).toEqual({ url: taken.message });
    const later = new ApiError('Invalid x: later', 'BAD_USER_INPUT', { field: 'x', reason: 'A_LATER_REASON' });
    expect(apiErrorFields(later, translateIn('cs'))).toEqual({
      code: 'BAD_USER_INPUT',
      extensions: later.extensions,
      errors: { x: 'Invalid x: later' },
    });
  });
});

describe('refusalText', () => {
  it.each([
    [{ reason: 'RUN_ENDED', values: { status: 'succeeded' } }, 'cs', 'Běh už skončil.'],
    [{ reason: 'EMAIL_TAKEN' }, 'en', 'A user with this e-mail already exists.'],
    [
      { reason: 'HELD_PRICE_DECIDED', values: { status: 'rejected' } },
      'cs',
      'O této zadržené ceně už bylo rozhodnuto.',
    ],
    [{ reason: 'not a reason' }, 'cs', null],
    [{ code: 'BAD_USER_INPUT' }, 'cs', null],
    [undefined, 'cs', null],
  ])('%j in %s -> %s', (extensions, language, text) => {
    expect(refusalText(extensions, translateIn(language))).toBe(text);
  });

  it('has a sentence in English and Czech for every reason the API gives', () => {
    const source = readFileSync(new URL('../../../../api/src/graphql/errors.ts', import.meta.url), 'utf8');
    const union = /export type InputRefusal =([^;]*);/.exec(source)?.[1] ?? '';
    const reasons = [...union.matchAll(/'([A-Z_]+)'/g)].map((found) => found[1]!);
    expect(reasons.length).toBeGreaterThan(5);
    for (const reason of reasons) {
      expect(en.apiErrors.refusals).toHaveProperty(reason);
      expect(cs.apiErrors.refusals).toHaveProperty(reason);
    }
  });
});
