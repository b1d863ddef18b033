import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** web/README.md: what a page whose access is denied shows. */
export function NotAccessible() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('access.notAccessibleTitle')}</h1>}
      subTitle={t('access.notAccessibleText')}
    />
  );
}
