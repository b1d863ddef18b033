import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from './account.ts';
import { createAuthProvider } from './authProvider.ts';

const firebase = vi.hoisted(() => ({
  signInWithEmailAndPassword: vi.fn(),
  signOut: vi.fn(),
  sendPasswordResetEmail: vi.fn(),
  confirmPasswordReset: vi.fn(),
}));
vi.mock('firebase/auth', () => firebase);

const failing = (code: string) => Object.assign(new Error(code), { code });

function setup(search = '?owid=w-1&locale=cs&page=2') {
  const account = {
    finishSignIn: vi.fn(),
    requireSecondFactor: vi.fn(),
    changePassword: vi.fn(),
    passwordRules: vi.fn(),
  } as unknown as Account &
    Record<'finishSignIn' | 'requireSecondFactor' | 'changePassword' | 'passwordRules', ReturnType<typeof vi.fn>>;
  const appUsers = { load: vi.fn(), clear: vi.fn() };
  const onSignedOut = vi.fn();
  const provider = createAuthProvider({
    auth: { authStateReady: async () => undefined, currentUser: null } as never,
    account,
    appUsers,
    translate: (key) => key,
    continueUrl: () => 'https://console.example/auth/login',
    onSignedOut,
    currentSearch: () => search,
  });
  return { provider, account, appUsers, onSignedOut };
}

beforeEach(() => vi.clearAllMocks());

describe('login', () => {
  it('signs in and goes home, carrying owid and locale', async () => {
    const { provider } = setup();
    expect(await provider.login({ email: 'a@b.test', password: 'secret' })).toEqual({
      success: true,
      redirectTo: '/?owid=w-1&locale=cs',
    });
  });

  it.each([
    ['auth/wrong-password', 'auth.errors.wrongPassword'],
    ['auth/user-not-found', 'auth.errors.userNotFound'],
    ['auth/too-many-requests', 'auth.errors.tooManyRequests'],
  ])('turns %s into the sentence %s', async (code, message) => {
    firebase.signInWithEmailAndPassword.mockRejectedValueOnce(failing(code));
    const { provider } = setup();
    expect(await provider.login({ email: 'a@b.test', password: 'x' })).toEqual({
      success: false,
      error: { name: 'auth.login.failed', message },
    });
  });

  it('asks for the second factor when the provider requires it', async () => {
    const error = failing('auth/multi-factor-auth-required');
    firebase.signInWithEmailAndPassword.mockRejectedValueOnce(error);
    const { provider, account } = setup();
    const result = await provider.login({ email: 'a@b.test', password: 'secret' });
    expect(result).toMatchObject({ success: false, multiFactorRequired: true });
    expect(account.requireSecondFactor).toHaveBeenCalledWith(error);
  });

  it('finishes a pending sign-in with the SMS code', async () => {
    const { provider, account } = setup('');
    expect(await provider.login({ verificationCode: '123456' })).toEqual({ success: true, redirectTo: '/' });
    expect(account.finishSignIn).toHaveBeenCalledWith('123456');
  });
});

describe('logout', () => {
  it('signs out and drops every cache', async () => {
    const { provider, appUsers, onSignedOut } = setup('?locale=cs');
    expect(await provider.logout({})).toEqual({ success: true, redirectTo: '/auth/login?locale=cs' });
    expect(firebase.signOut).toHaveBeenCalled();
    expect(appUsers.clear).toHaveBeenCalled();
    expect(onSignedOut).toHaveBeenCalled();
  });
});

describe('password reset and change', () => {
  it('requests the reset e-mail with the continue URL', async () => {
    const { provider } = setup();
    expect(await provider.forgotPassword?.({ email: 'a@b.test' })).toMatchObject({ success: true });
    expect(firebase.sendPasswordResetEmail).toHaveBeenCalledWith(expect.anything(), 'a@b.test', {
      url: 'https://console.example/auth/login',
    });
  });

  it('confirms the reset, then signs in with the new password', async () => {
    const { provider } = setup('');
    const result = await provider.updatePassword?.({ oobCode: 'code', email: 'a@b.test', password: 'new-pass' });
    expect(result).toMatchObject({ success: true, redirectTo: '/' });
    expect(firebase.confirmPasswordReset).toHaveBeenCalledWith(expect.anything(), 'code', 'new-pass');
    expect(firebase.signInWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'a@b.test', 'new-pass');
  });

  it('re-reads the password policy when the provider rejects the password', async () => {
    firebase.confirmPasswordReset.mockRejectedValueOnce(failing('auth/password-does-not-meet-requirements'));
    const { provider, account } = setup();
    const result = await provider.updatePassword?.({ oobCode: 'code', email: 'a@b.test', password: 'weak' });
    expect(result).toMatchObject({ success: false, error: { message: 'auth.errors.passwordRequirements' } });
    expect(account.passwordRules).toHaveBeenCalledWith(true);
  });

  it("changes one's own password through the account (re-authentication first)", async () => {
    const { provider, account } = setup();
    expect(await provider.updatePassword?.({ currentPassword: 'old', password: 'new-pass' })).toMatchObject({
      success: true,
    });
    expect(account.changePassword).toHaveBeenCalledWith('old', 'new-pass');
  });
});

describe('onError', () => {
  it.each([
    [{ statusCode: 401 }, true],
    [new Error('[Network] Response not successful: Received status code 401'), true],
    [{ statusCode: 403 }, false],
  ])('%j -> sign out: %s', async (error, logout) => {
    const { provider } = setup('');
    expect(Boolean((await provider.onError(error)).logout)).toBe(logout);
  });
});
