import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD_RULES,
  type PasswordRules,
  passwordRequirements,
  rulesFromPolicy,
  unmetRequirements,
} from './passwordRules.ts';

const strict: PasswordRules = {
  minLength: 8,
  maxLength: 12,
  lowercase: true,
  uppercase: true,
  numeric: true,
  nonAlphanumeric: true,
};

describe('rulesFromPolicy', () => {
  it('falls back to a minimum length of 6 without a policy', () => {
    expect(rulesFromPolicy(null)).toEqual(DEFAULT_PASSWORD_RULES);
    expect(DEFAULT_PASSWORD_RULES.minLength).toBe(6);
  });

  it('reads the provider policy', () => {
    expect(
      rulesFromPolicy({
        customStrengthOptions: {
          minPasswordLength: 8,
          maxPasswordLength: 12,
          containsLowercaseLetter: true,
          containsUppercaseLetter: true,
          containsNumericCharacter: true,
          containsNonAlphanumericCharacter: true,
        },
        allowedNonAlphanumericCharacters: '!@#',
      }),
    ).toEqual({ ...strict, allowedNonAlphanumeric: '!@#' });
  });

  it('keeps the default minimum when the policy sets none', () => {
    expect(rulesFromPolicy({ customStrengthOptions: { containsNumericCharacter: true } })).toEqual({
      ...DEFAULT_PASSWORD_RULES,
      numeric: true,
    });
  });
});

describe('passwordRequirements', () => {
  it.each([
    [DEFAULT_PASSWORD_RULES, ['minLength']],
    [strict, ['minLength', 'maxLength', 'lowercase', 'uppercase', 'numeric', 'nonAlphanumeric']],
  ])('%j -> %j', (rules, requirements) => {
    expect(passwordRequirements(rules)).toEqual(requirements);
  });
});

describe('unmetRequirements', () => {
  it.each<[PasswordRules, string, string[]]>([
    [DEFAULT_PASSWORD_RULES, '', ['minLength']],
    [DEFAULT_PASSWORD_RULES, '12345', ['minLength']],
    [DEFAULT_PASSWORD_RULES, '123456', []],
    [strict, 'abc', ['minLength', 'uppercase', 'numeric', 'nonAlphanumeric']],
    [strict, 'Abcdefg1!', []],
    [strict, 'Abcdefg1!toolong', ['maxLength']],
    [strict, 'ABCDEFG1!', ['lowercase']],
    [{ ...strict, allowedNonAlphanumeric: '#' }, 'Abcdefg1!', ['nonAlphanumeric']],
    [{ ...strict, allowedNonAlphanumeric: '#' }, 'Abcdefg1#', []],
  ])('%j: %s -> %j', (rules, password, unmet) => {
    expect(unmetRequirements(rules, password)).toEqual(unmet);
  });
});
