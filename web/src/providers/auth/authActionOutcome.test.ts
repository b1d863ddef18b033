import { describe, expect, it } from 'vitest';
import { authActionOutcome } from './authActionOutcome.ts';

const fallback = { name: 'Failed', message: 'Try again' };
const error = { name: 'Sign-in failed', message: 'The e-mail or password is incorrect.' };

describe('authActionOutcome', () => {
  it.each([
    {
      case: 'signed in: home',
      args: ['login', { success: true, redirectTo: '/?locale=en' }, null] as const,
      expected: { close: ['login-error'], open: [], goTo: '/?locale=en' },
    },
    {
      case: 'signed in: the page asked for wins',
      args: ['login', { success: true, redirectTo: '/' }, '/users?owid=1'] as const,
      expected: { close: ['login-error'], open: [], goTo: '/users?owid=1' },
    },
    {
      case: 'signed in: a page of another site is not followed',
      args: ['login', { success: true, redirectTo: '/' }, 'https://evil.example/users'] as const,
      expected: { close: ['login-error'], open: [], goTo: '/' },
    },
    {
      case: 'signed in: a protocol-relative address is not followed',
      args: ['login', { success: true, redirectTo: '/' }, '//evil.example/users'] as const,
      expected: { close: ['login-error'], open: [], goTo: '/' },
    },
    {
      case: 'refused: the error, no redirect',
      args: ['login', { success: false, error, redirectTo: '/' }, '/users'] as const,
      expected: {
        close: [],
        open: [{ key: 'login-error', type: 'error', message: error.name, description: error.message }],
        goTo: null,
      },
    },
    {
      case: 'refused without an error: the fallback',
      args: ['forgotPassword', { success: false }, null] as const,
      expected: {
        close: [],
        open: [{ key: 'forgot-password-error', type: 'error', message: 'Failed', description: 'Try again' }],
        goTo: null,
      },
    },
    {
      case: 'reset e-mail sent: its success notification',
      args: [
        'forgotPassword',
        { success: true, successNotification: { message: 'Sent', description: 'On its way' } },
        '/x',
      ] as const,
      expected: {
        close: ['forgot-password-error'],
        open: [{ key: 'forgot-password-success', type: 'success', message: 'Sent', description: 'On its way' }],
        goTo: null,
      },
    },
    {
      case: 'password set: notification and redirect (the asked page only counts for sign-in)',
      args: [
        'updatePassword',
        { success: true, redirectTo: '/', successNotification: { message: 'Changed' } },
        '/x',
      ] as const,
      expected: {
        close: ['update-password-error'],
        open: [{ key: 'update-password-success', type: 'success', message: 'Changed' }],
        goTo: '/',
      },
    },
  ])('$case', ({ args, expected }) => {
    expect(authActionOutcome(args[0], args[1], args[2], fallback)).toEqual(expected);
  });
});
