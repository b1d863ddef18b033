import type { HttpError, OpenNotificationParams } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { apiErrorText } from './apiErrorText.ts';

export interface FieldError<Name extends string = string> {
  name: Name;
  errors: string[];
}

/** The server's BAD_USER_INPUT message for a field of this form (HttpError.errors), else nothing. */
export function formFieldErrors<Name extends string>(
  error: Pick<HttpError, 'errors'> | null | undefined,
  fields: readonly Name[],
): FieldError<Name>[] {
  const errors = (error?.errors ?? {}) as Record<string, unknown>;
  return Object.entries(errors)
    .filter(([name, message]) => (fields as readonly string[]).includes(name) && typeof message === 'string')
    .map(([name, message]) => ({ name: name as Name, errors: [message as string] }));
}

/**
 * The notification of a failed change: none when the message is shown at a field of the form,
 * otherwise the title and the console's sentence for the error.
 */
export function changeFailedNotification(t: TFunction, title: string, fields: readonly string[] = []) {
  return (error?: HttpError): OpenNotificationParams | false =>
    formFieldErrors(error, fields).length > 0
      ? false
      : { type: 'error', message: title, description: apiErrorText(error, t) };
}
