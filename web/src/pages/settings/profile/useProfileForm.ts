import { type FormEvent, useState } from 'react';
import type { FieldRule } from '../../../components/form/fieldRules.ts';
import { type AuthForm, useAuthForm } from '../../../components/form/useAuthForm.ts';

/** Errors beyond required and e-mail, from all the values: a message per field, or null. */
export type FormCheck<K extends string> = (values: Record<K, string>) => Partial<Record<K, string | null>>;

/**
 * The public pages' light form (no antd Form on the profile page) with further checks: a field's
 * check shows once the field has changed, or after a submit, as antd's Form showed its validators.
 */
export function useProfileForm<K extends string>(
  formName: string,
  initialValues: Record<K, string>,
  rules: Record<K, readonly FieldRule[]>,
  check: FormCheck<K>,
): AuthForm<K> {
  const form = useAuthForm(formName, initialValues, rules);
  const [shown, setShown] = useState<Partial<Record<K, boolean>>>({});
  const checked = check(form.values);
  const error = (name: K) => form.error(name) ?? (shown[name] ? (checked[name] ?? null) : null);

  return {
    values: form.values,
    error,
    input: (name) => {
      const base = form.input(name);
      const message = error(name);
      return {
        id: base.id,
        value: base.value,
        onChange: (event) => {
          setShown((previous) => ({ ...previous, [name]: true }));
          base.onChange(event);
        },
        ...(message
          ? { status: 'error' as const, 'aria-invalid': true as const, 'aria-describedby': `${base.id}_help` }
          : {}),
      };
    },
    onSubmit: (onValid) => (event: FormEvent<HTMLFormElement>) => {
      setShown(Object.fromEntries(Object.keys(rules).map((name) => [name, true])) as Record<K, boolean>);
      form.onSubmit((values) => {
        if (Object.values(check(values)).every((message) => !message)) onValid(values);
      })(event);
    },
  };
}
