import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_RULES } from '../../providers/auth/passwordRules.ts';
import { newPasswordErrors } from './newPasswordErrors.ts';

describe('newPasswordErrors', () => {
  it.each([
    ['', '', 'auth.errors.passwordRequirements', null],
    ['short', 'short', 'auth.errors.passwordRequirements', null],
    ['long-enough', '', null, null],
    ['long-enough', 'long-enough', null, null],
    ['long-enough', 'different', null, 'auth.password.mismatch'],
  ])('%j / %j -> %j, %j', (password, confirmPassword, passwordError, confirmError) => {
    expect(newPasswordErrors(DEFAULT_PASSWORD_RULES, password, confirmPassword)).toEqual({
      password: passwordError,
      confirmPassword: confirmError,
    });
  });
});
