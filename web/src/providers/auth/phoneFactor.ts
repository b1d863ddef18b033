import {
  type Auth,
  type MultiFactorResolver,
  multiFactor,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  type User,
} from 'firebase/auth';

/**
 * SMS second factor (web/README.md, Decisions: second factor; start, then finalize with a code). Loaded only when a
 * user meets it, so the sign-in page does not download the phone and reCAPTCHA code.
 */
const verifier = (auth: Auth, container: HTMLElement) => new RecaptchaVerifier(auth, container, { size: 'invisible' });

/** Sends the sign-in code to the first enrolled phone; answers the verification id and the masked number. */
export async function sendSignInCode(auth: Auth, resolver: MultiFactorResolver, container: HTMLElement) {
  const hint = resolver.hints.find((factor) => factor.factorId === PhoneMultiFactorGenerator.FACTOR_ID);
  if (!hint) throw Object.assign(new Error('No phone second factor'), { code: 'auth/unsupported-first-factor' });
  const recaptcha = verifier(auth, container);
  try {
    const verificationId = await new PhoneAuthProvider(auth).verifyPhoneNumber(
      { multiFactorHint: hint, session: resolver.session },
      recaptcha,
    );
    return { verificationId, phoneNumber: (hint as { phoneNumber?: string }).phoneNumber ?? '' };
  } finally {
    recaptcha.clear();
  }
}

export async function finishSignIn(resolver: MultiFactorResolver, verificationId: string, code: string) {
  const assertion = PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code));
  await resolver.resolveSignIn(assertion);
}

export async function sendEnrolmentCode(auth: Auth, user: User, phoneNumber: string, container: HTMLElement) {
  const session = await multiFactor(user).getSession();
  const recaptcha = verifier(auth, container);
  try {
    return await new PhoneAuthProvider(auth).verifyPhoneNumber({ phoneNumber, session }, recaptcha);
  } finally {
    recaptcha.clear();
  }
}

export async function finishEnrolment(user: User, verificationId: string, code: string, displayName: string) {
  const assertion = PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code));
  await multiFactor(user).enroll(assertion, displayName);
}

export function enrolledPhones(user: User): { uid: string; displayName: string; phoneNumber: string }[] {
  return multiFactor(user).enrolledFactors.map((factor) => ({
    uid: factor.uid,
    displayName: factor.displayName ?? '',
    phoneNumber: (factor as { phoneNumber?: string }).phoneNumber ?? '',
  }));
}
