import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { apiErrorText } from './apiErrorText.ts';

const t = ((key: string, values?: Record<string, unknown>) =>
  values && Object.keys(values).length ? `${key}${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('apiErrorText', () => {
  it.each([
    [{ code: 'ORGANIZATION_SUSPENDED', message: 'x' }, 'apiErrors.organizationSuspended{"limit":"","max":""}'],
    [
      { code: 'PLAN_LIMIT_EXCEEDED', message: 'x', extensions: { limit: 'users', max: 3 } },
      'apiErrors.planLimitExceeded{"limit":"billing.limits.users{\\"defaultValue\\":\\"users\\"}","max":3}',
    ],
    [{ code: 'BAD_USER_INPUT', message: 'Invalid name: must not be empty' }, 'Invalid name: must not be empty'],
    [{ message: 'Network down' }, 'Network down'],
    [
      { code: 'BAD_USER_INPUT', message: 'Invalid runId: ended', extensions: { reason: 'RUN_ENDED', values: {} } },
      'apiErrors.refusals.RUN_ENDED{"defaultValue":""}',
    ],
    [null, 'apiErrors.unknown'],
  ])('%j -> %s', (error, text) => {
    expect(apiErrorText(error, t)).toBe(text);
  });
});
