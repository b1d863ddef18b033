import type { TFunction } from 'i18next';
import { formatByteCount } from '../../components/format/format.ts';
import type { FeedImportErrorRow, FeedRun } from './queries.ts';

/**
 * Why a feed row was rejected, in the UI language (api/src/feeds/README.md, "Rejected rows"): the
 * sentence of its code with the values it names. Rows stored before the codes, or a code this
 * console does not know yet, show the API's English reason.
 */
export function feedRowErrorText(error: Omit<FeedImportErrorRow, 'line' | 'itemId' | 'field'>, t: TFunction): string {
  if (!error.code) return error.reason;
  const values = {
    max: error.max,
    text: error.text,
    currency: error.currency,
    rowCurrency: error.rowCurrency,
    fieldCount: error.fieldCount,
    expectedFieldCount: error.expectedFieldCount,
    errorLine: error.errorLine,
    errorColumn: error.errorColumn,
  };
  if (error.code === 'BROKEN_XML') {
    const where = error.element
      ? t('productFeeds.rowErrors.BROKEN_XML_ELEMENT', { ...values, element: error.element })
      : t('productFeeds.rowErrors.BROKEN_XML', values);
    return error.detail ? `${where}: ${error.detail}` : where;
  }
  const counted = error.code === 'WRONG_FIELD_COUNT' && error.fieldCount != null ? { count: error.fieldCount } : {};
  const text = t(`productFeeds.rowErrors.${error.code}`, { defaultValue: error.reason, ...values, ...counted });
  return error.code === 'UNREADABLE_RECORD' && error.detail ? `${text}: ${error.detail}` : text;
}

/**
 * Why a run failed, in the UI language (api/src/feeds/README.md, "Failed runs"): the sentence of
 * its code with the values it names. Runs failed before the codes, or a code this console does not
 * know yet, show the API's English message.
 */
export function runFailureText(
  run: Pick<FeedRun, 'errorMessage' | 'errorCode' | 'errorValues'>,
  t: TFunction,
  language: string,
): string {
  const fallback = run.errorMessage ?? t('productFeeds.run.failedUnknown');
  if (!run.errorCode) return fallback;
  const values: Record<string, string | undefined> = Object.fromEntries(
    run.errorValues.map((entry) => [entry.name, entry.value]),
  );
  const key =
    run.errorCode === 'FILE_TOO_LARGE' && values.sizeBytes !== undefined ? 'FILE_TOO_LARGE_SIZE' : run.errorCode;
  return t(`productFeeds.runErrors.${key}`, {
    defaultValue: fallback,
    ...values,
    limit: values.limitBytes === undefined ? undefined : formatByteCount(Number(values.limitBytes), language),
    size: values.sizeBytes === undefined ? undefined : formatByteCount(Number(values.sizeBytes), language),
    ...(values.seconds === undefined ? {} : { seconds: Number(values.seconds).toLocaleString(language) }),
    ...(values.format === undefined ? {} : { format: t(`productFeeds.format.${values.format}`) }),
  });
}
