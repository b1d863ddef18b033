import { DEFAULT_MIN_PASSWORD_LENGTH } from '../../config/constants.ts';

/** The password policy of api/src/graphql/validate.ts, as the identity provider publishes it. */
export interface PasswordRules {
  minLength: number;
  maxLength?: number;
  lowercase: boolean;
  uppercase: boolean;
  numeric: boolean;
  nonAlphanumeric: boolean;
  /** The characters that count as non-alphanumeric; any other than a letter or digit when absent. */
  allowedNonAlphanumeric?: string;
}

export type PasswordRequirement = 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric';

/** Used where the provider publishes no policy (the emulator): minimum length 6, nothing else. */
export const DEFAULT_PASSWORD_RULES: PasswordRules = {
  minLength: DEFAULT_MIN_PASSWORD_LENGTH,
  lowercase: false,
  uppercase: false,
  numeric: false,
  nonAlphanumeric: false,
};

/** The shape of Firebase's PasswordPolicy that matters here. */
export interface ProviderPasswordPolicy {
  customStrengthOptions: {
    minPasswordLength?: number;
    maxPasswordLength?: number;
    containsLowercaseLetter?: boolean;
    containsUppercaseLetter?: boolean;
    containsNumericCharacter?: boolean;
    containsNonAlphanumericCharacter?: boolean;
  };
  allowedNonAlphanumericCharacters?: string;
}

export function rulesFromPolicy(policy: ProviderPasswordPolicy | null | undefined): PasswordRules {
  if (!policy) return DEFAULT_PASSWORD_RULES;
  const options = policy.customStrengthOptions;
  return {
    minLength: options.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH,
    ...(options.maxPasswordLength ? { maxLength: options.maxPasswordLength } : {}),
    lowercase: options.containsLowercaseLetter ?? false,
    uppercase: options.containsUppercaseLetter ?? false,
    numeric: options.containsNumericCharacter ?? false,
    nonAlphanumeric: options.containsNonAlphanumericCharacter ?? false,
    ...(policy.allowedNonAlphanumericCharacters
      ? { allowedNonAlphanumeric: policy.allowedNonAlphanumericCharacters }
      : {}),
  };
}

/** The requirements that apply under these rules, in the order they are listed to the user. */
export function passwordRequirements(rules: PasswordRules): PasswordRequirement[] {
  return [
    'minLength' as const,
    ...(rules.maxLength ? ['maxLength' as const] : []),
    ...(['lowercase', 'uppercase', 'numeric', 'nonAlphanumeric'] as const).filter((rule) => rules[rule]),
  ];
}

function meets(requirement: PasswordRequirement, rules: PasswordRules, password: string): boolean {
  const characters = [...password];
  switch (requirement) {
    case 'minLength':
      return characters.length >= rules.minLength;
    case 'maxLength':
      return rules.maxLength === undefined || characters.length <= rules.maxLength;
    case 'lowercase':
      return /[a-z]/.test(password);
    case 'uppercase':
      return /[A-Z]/.test(password);
    case 'numeric':
      return /[0-9]/.test(password);
    case 'nonAlphanumeric':
      return characters.some((c) =>
        rules.allowedNonAlphanumeric ? rules.allowedNonAlphanumeric.includes(c) : !/[A-Za-z0-9]/.test(c),
      );
  }
}

/** The requirements a password does not meet yet (empty when it is acceptable). */
export function unmetRequirements(rules: PasswordRules, password: string): PasswordRequirement[] {
  return passwordRequirements(rules).filter((requirement) => !meets(requirement, rules, password));
}
