import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while authentication or a page's code is still loading, so no page flashes. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} role="status" aria-live="polite">
      <Spin size="large" tip={t('app.loading')}>
        <div style={{ padding: 48 }} />
      </Spin>
    </Flex>
  );
}
