/** The checks of the public auth forms: a field is required, or must look like an e-mail address. */
export type FieldRule = { required: true; message: string } | { email: true; message: string };

// The pattern antd's form validator uses for `type: 'email'`, so messages appear exactly as before.
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

/** The message of the first rule the value breaks, or null. An empty value is only checked by `required`. */
export function fieldError(value: string, rules: readonly FieldRule[]): string | null {
  for (const rule of rules) {
    if ('required' in rule && value === '') return rule.message;
    if ('email' in rule && value !== '' && !EMAIL.test(value)) return rule.message;
  }
  return null;
}

/** Every field's error, or null for a field that passes. */
export function formErrors<K extends string>(
  values: Record<K, string>,
  rules: Record<K, readonly FieldRule[]>,
): Record<K, string | null> {
  const errors = {} as Record<K, string | null>;
  for (const name of Object.keys(rules) as K[]) errors[name] = fieldError(values[name], rules[name]);
  return errors;
}
