import { type ChangeEvent, type FormEvent, useState } from 'react';
import { type FieldRule, fieldError, formErrors } from './fieldRules.ts';

export interface AuthForm<K extends string> {
  values: Record<K, string>;
  /** What an input of the field needs: its id, value, change handler and error state. */
  input(name: K): {
    id: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    status?: 'error';
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  };
  error(name: K): string | null;
  /** The form's submit handler: checks every field and calls `onValid` when all pass. */
  onSubmit(onValid: (values: Record<K, string>) => void): (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A small form for the public auth pages (which do not load antd's Form): each field is checked
 * when it changes and all are checked on submit, as antd's Form does; ids follow `<form>_<field>`.
 */
export function useAuthForm<K extends string>(
  formName: string,
  initialValues: Record<K, string>,
  rules: Record<K, readonly FieldRule[]>,
): AuthForm<K> {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<K, string | null>>>({});
  const id = (name: K) => `${formName}_${name}`;
  const error = (name: K) => errors[name] ?? null;

  return {
    values,
    error,
    input: (name) => ({
      id: id(name),
      value: values[name],
      onChange: (event) => {
        const value = event.target.value;
        setValues((previous) => ({ ...previous, [name]: value }));
        setErrors((previous) => ({ ...previous, [name]: fieldError(value, rules[name]) }));
      },
      ...(error(name)
        ? { status: 'error' as const, 'aria-invalid': true as const, 'aria-describedby': `${id(name)}_help` }
        : {}),
    }),
    onSubmit: (onValid) => (event) => {
      event.preventDefault();
      const checked = formErrors(values, rules);
      setErrors(checked);
      if (Object.values(checked).every((message) => message === null)) onValid(values);
    },
  };
}
