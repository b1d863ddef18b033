/**
 * Firebase Authentication error codes (locales/en.json) and the locale key of the sentence shown for each.
 * A code not listed is shown as the generic sentence, never as the raw code.
 */
const KEYS: Record<string, string> = {
  'auth/wrong-password': 'auth.errors.wrongPassword',
  'auth/user-not-found': 'auth.errors.userNotFound',
  'auth/invalid-credential': 'auth.errors.invalidCredentials',
  'auth/invalid-login-credentials': 'auth.errors.invalidCredentials',
  'auth/invalid-email': 'auth.errors.invalidEmail',
  'auth/missing-email': 'auth.errors.invalidEmail',
  'auth/missing-password': 'auth.errors.missingPassword',
  'auth/user-disabled': 'auth.errors.userDisabled',
  'auth/too-many-requests': 'auth.errors.tooManyRequests',
  'auth/network-request-failed': 'auth.errors.networkRequestFailed',
  'auth/password-does-not-meet-requirements': 'auth.errors.passwordRequirements',
  'auth/weak-password': 'auth.errors.passwordRequirements',
  'auth/unauthorized-domain': 'auth.errors.unauthorizedDomain',
  'auth/unauthorized-continue-uri': 'auth.errors.unauthorizedDomain',
  'auth/popup-blocked': 'auth.errors.popupBlocked',
  'auth/popup-closed-by-user': 'auth.errors.popupClosed',
  'auth/cancelled-popup-request': 'auth.errors.popupCancelled',
  'auth/invalid-api-key': 'auth.errors.invalidApiKey',
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.': 'auth.errors.invalidApiKey',
  'auth/multi-factor-auth-required': 'auth.errors.multiFactorRequired',
  'auth/expired-action-code': 'auth.errors.codeExpired',
  'auth/invalid-action-code': 'auth.errors.codeInvalid',
  'auth/invalid-verification-code': 'auth.errors.smsCodeInvalid',
  'auth/missing-verification-code': 'auth.errors.smsCodeInvalid',
  'auth/code-expired': 'auth.errors.smsCodeExpired',
  'auth/invalid-phone-number': 'auth.errors.phoneInvalid',
  'auth/missing-phone-number': 'auth.errors.phoneInvalid',
  'auth/second-factor-already-in-use': 'auth.errors.secondFactorInUse',
  'auth/unverified-email': 'auth.errors.unverifiedEmail',
  'auth/requires-recent-login': 'auth.errors.requiresRecentLogin',
  'auth/user-token-expired': 'auth.errors.requiresRecentLogin',
  'auth/internal-error': 'auth.errors.unknown',
};

export const IDENTITY_ERROR_KEYS = [...new Set([...Object.values(KEYS), 'auth.errors.unknown'])];

export function identityErrorKey(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (typeof code === 'string' && KEYS[code]) || 'auth.errors.unknown';
}
