import { type PasswordRules, unmetRequirements } from '../../providers/auth/passwordRules.ts';

/** Translation keys of what is wrong with a new password and its confirmation (null: nothing). */
export function newPasswordErrors(
  rules: PasswordRules,
  password: string,
  confirmPassword: string,
): { password: string | null; confirmPassword: string | null } {
  return {
    password: unmetRequirements(rules, password).length > 0 ? 'auth.errors.passwordRequirements' : null,
    confirmPassword: confirmPassword && confirmPassword !== password ? 'auth.password.mismatch' : null,
  };
}
