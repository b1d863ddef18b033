import {
  type Auth,
  EmailAuthProvider,
  getMultiFactorResolver,
  type MultiFactorError,
  type MultiFactorResolver,
  reauthenticateWithCredential,
  updatePassword,
  validatePassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { type PasswordRules, rulesFromPolicy } from './passwordRules.ts';
import type { ProfileLanguage } from './profileLanguage.ts';

const phone = () => import('./phoneFactor.ts');

const unavailable = () => Object.assign(new Error('Sign-in is not configured'), { code: 'auth/invalid-api-key' });

/**
 * The identity flows beyond sign-in and sign-out (web/README.md, Decisions): password reset code check,
 * password policy, password change, and the SMS second factor for sign-in and enrolment.
 * Every method rejects with Firebase's error, whose code identityErrorKey translates.
 */
export interface Account {
  /** The e-mail the reset code belongs to (password reset: check the code). */
  checkResetCode(code: string): Promise<string>;
  /** The provider's password policy, or the default one; `refresh` asks the provider again. */
  passwordRules(refresh?: boolean): Promise<PasswordRules>;
  /** Re-authenticates with the current password, then sets the new one. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Sign-in answered multi-factor-auth-required: keep what the second step needs. */
  requireSecondFactor(error: unknown): void;
  /** Sends the SMS code of the pending sign-in; answers the masked phone number. */
  sendSignInCode(container: HTMLElement): Promise<string>;
  finishSignIn(code: string): Promise<void>;
  sendEnrolmentCode(phoneNumber: string, container: HTMLElement): Promise<void>;
  finishEnrolment(code: string, displayName: string): Promise<void>;
  enrolledPhones(): Promise<{ uid: string; displayName: string; phoneNumber: string }[]>;
  /** The user's profile changed on the server: forget the cached AppUser. */
  profileChanged(): void;
  /** Stores a language chosen with the selector in the profile (see profileLanguage.ts). */
  saveLanguage(language: string): Promise<boolean>;
}

export function createAccount(
  auth: Auth | null,
  onProfileChanged: () => void = () => undefined,
  profileLanguage: ProfileLanguage = { save: async () => false },
): Account {
  let rules: Promise<PasswordRules> | null = null;
  let resolver: MultiFactorResolver | null = null;
  let verificationId: string | null = null;

  const requireAuth = () => {
    if (!auth) throw unavailable();
    return auth;
  };
  const requireUser = () => {
    const user = requireAuth().currentUser;
    if (!user) throw Object.assign(new Error('Not signed in'), { code: 'auth/user-token-expired' });
    return user;
  };
  const requireVerification = () => {
    if (!verificationId) throw Object.assign(new Error('No code was sent'), { code: 'auth/missing-verification-id' });
    return verificationId;
  };

  return {
    checkResetCode: async (code) => verifyPasswordResetCode(requireAuth(), code),

    passwordRules: (refresh = false) => {
      if (!rules || refresh) {
        // The emulator has no policy endpoint (it answers 501, which the browser logs as an error):
        // it is not asked, and the default policy applies (api/src/graphql/validate.ts).
        rules =
          auth && !auth.emulatorConfig
            ? validatePassword(auth, '').then(
                (status) => rulesFromPolicy(status.passwordPolicy),
                () => rulesFromPolicy(null),
              )
            : Promise.resolve(rulesFromPolicy(null));
      }
      return rules;
    },

    changePassword: async (currentPassword, newPassword) => {
      const user = requireUser();
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', currentPassword));
      await updatePassword(user, newPassword);
    },

    requireSecondFactor: (error) => {
      resolver = getMultiFactorResolver(requireAuth(), error as MultiFactorError);
      verificationId = null;
    },

    sendSignInCode: async (container) => {
      if (!resolver)
        throw Object.assign(new Error('No sign-in is waiting'), { code: 'auth/multi-factor-info-not-found' });
      const sent = await (await phone()).sendSignInCode(requireAuth(), resolver, container);
      verificationId = sent.verificationId;
      return sent.phoneNumber;
    },

    finishSignIn: async (code) => {
      if (!resolver)
        throw Object.assign(new Error('No sign-in is waiting'), { code: 'auth/multi-factor-info-not-found' });
      await (await phone()).finishSignIn(resolver, requireVerification(), code);
      resolver = null;
      verificationId = null;
    },

    sendEnrolmentCode: async (phoneNumber, container) => {
      verificationId = await (await phone()).sendEnrolmentCode(requireAuth(), requireUser(), phoneNumber, container);
    },

    finishEnrolment: async (code, displayName) => {
      await (await phone()).finishEnrolment(requireUser(), requireVerification(), code, displayName);
      verificationId = null;
    },

    profileChanged: onProfileChanged,

    saveLanguage: (language) => profileLanguage.save(language),

    enrolledPhones: async () => (auth?.currentUser ? (await phone()).enrolledPhones(auth.currentUser) : []),
  };
}
