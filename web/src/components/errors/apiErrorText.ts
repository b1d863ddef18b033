import type { TFunction } from 'i18next';
import { API_ERROR_KEYS, refusalText } from '../../providers/data/apiErrors.ts';

export interface ApiErrorLike {
  message?: string;
  code?: string;
  extensions?: Record<string, unknown>;
}

/**
 * The sentence a page shows for a failed request: the console's own words for the API's codes
 * (a plan limit named and translated) and for its refusals with a reason, otherwise the API's message.
 */
export function apiErrorText(error: ApiErrorLike | null | undefined, t: TFunction): string {
  const refusal = refusalText(error?.extensions, (key, values) => t(key, { ...values, defaultValue: '' }));
  if (refusal) return refusal;
  const key = error?.code ? API_ERROR_KEYS[error.code] : undefined;
  if (!key) return error?.message || t('apiErrors.unknown');
  const limit = error?.extensions?.limit;
  return t(key, {
    limit: typeof limit === 'string' ? t(`billing.limits.${limit}`, { defaultValue: limit }) : '',
    max: error?.extensions?.max ?? '',
  });
}
