import { describe, expect, it } from 'vitest';
import { type FieldRule, fieldError, formErrors } from './fieldRules.ts';

const required: FieldRule = { required: true, message: 'required' };
const email: FieldRule = { email: true, message: 'email' };

describe('fieldError', () => {
  it.each([
    ['', [required, email], 'required'],
    ['', [email], null],
    ['   ', [required], null],
    ['someone', [required, email], 'email'],
    ['someone@', [required, email], 'email'],
    ['someone@demo', [required, email], 'email'],
    ['someone@demo.test', [required, email], null],
    ['first.last@sub.demo.test', [email], null],
    ['two@@demo.test', [email], 'email'],
    ['any text', [], null],
  ] as const)('%j with %j -> %j', (value, rules, expected) => {
    expect(fieldError(value, rules)).toBe(expected);
  });
});

describe('formErrors', () => {
  it('checks every field with its own rules', () => {
    expect(formErrors({ email: 'a@b.cz', password: '' }, { email: [required, email], password: [required] })).toEqual({
      email: null,
      password: 'required',
    });
  });
});
