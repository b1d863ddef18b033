import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeFailedNotification, formFieldErrors } from './formErrors.ts';

const t = ((key: string) => key) as unknown as TFunction;

describe('formFieldErrors', () => {
  it.each([
    [
      { errors: { email: 'Invalid email: must be an e-mail address' } },
      ['email', 'roles'],
      [{ name: 'email', errors: ['Invalid email: must be an e-mail address'] }],
    ],
    [{ errors: { planId: 'Invalid planId' } }, ['name'], []],
    [{}, ['name'], []],
    [null, ['name'], []],
  ])('%j on fields %j -> %j', (error, fields, result) => {
    expect(formFieldErrors(error as never, fields)).toEqual(result);
  });
});

describe('changeFailedNotification', () => {
  it('stays silent when the form shows the message at its field', () => {
    expect(
      changeFailedNotification(t, 'Failed', ['name'])({ message: 'x', statusCode: 500, errors: { name: 'x' } }),
    ).toBe(false);
  });

  it('names the failure and explains it otherwise', () => {
    expect(
      changeFailedNotification(t, 'Failed', ['name'])({
        message: 'x',
        statusCode: 500,
        code: 'ORGANIZATION_SUSPENDED',
      }),
    ).toEqual({ type: 'error', message: 'Failed', description: 'apiErrors.organizationSuspended' });
  });
});
