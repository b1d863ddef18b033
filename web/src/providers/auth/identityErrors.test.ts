import { describe, expect, it } from 'vitest';
import en from '@locales/en.json';
import { IDENTITY_ERROR_KEYS, identityErrorKey } from './identityErrors.ts';

const lookup = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);

describe('identityErrorKey', () => {
  it.each([
    ['auth/wrong-password', 'auth.errors.wrongPassword'],
    ['auth/invalid-credential', 'auth.errors.invalidCredentials'],
    ['auth/user-not-found', 'auth.errors.userNotFound'],
    ['auth/password-does-not-meet-requirements', 'auth.errors.passwordRequirements'],
    ['auth/unauthorized-domain', 'auth.errors.unauthorizedDomain'],
    ['auth/popup-blocked', 'auth.errors.popupBlocked'],
    ['auth/popup-closed-by-user', 'auth.errors.popupClosed'],
    ['auth/cancelled-popup-request', 'auth.errors.popupCancelled'],
    ['auth/invalid-api-key', 'auth.errors.invalidApiKey'],
    ['auth/multi-factor-auth-required', 'auth.errors.multiFactorRequired'],
    ['auth/expired-action-code', 'auth.errors.codeExpired'],
    ['auth/user-disabled', 'auth.errors.userDisabled'],
    ['auth/too-many-requests', 'auth.errors.tooManyRequests'],
    ['auth/network-request-failed', 'auth.errors.networkRequestFailed'],
    ['auth/something-new', 'auth.errors.unknown'],
  ])('%s -> %s', (code, key) => {
    expect(identityErrorKey({ code })).toBe(key);
  });

  it('treats an error without a code as unknown', () => {
    expect(identityErrorKey(new Error('boom'))).toBe('auth.errors.unknown');
  });

  it.each(IDENTITY_ERROR_KEYS)('%s has an English sentence', (key) => {
    expect(typeof lookup(key)).toBe('string');
  });
});
