import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ApiErrorLike, apiErrorText } from './apiErrorText.ts';

/** A page-level alert for a failed load (a suspended organization's users see why here). */
export function ApiErrorAlert({ error }: { error: ApiErrorLike | null | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return <Alert type="error" showIcon role="alert" message={apiErrorText(error, t)} style={{ marginBottom: 16 }} />;
}
