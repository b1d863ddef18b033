import { useNotification } from '@refinedev/core';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageCatalog } from '../../../providers/i18n/customLanguages.ts';
import { storageErrorMessage } from '../../../storage/storageError.ts';
import { ComparisonDrawer } from './ComparisonDrawer.tsx';
import { LanguagesTable } from './LanguagesTable.tsx';
import { UploadLanguage } from './UploadLanguage.tsx';
import { useLanguageData } from './useLanguageData.ts';

/** Languages on the settings page: the table, upload, comparison, and detection on request. */
export function LanguagesSection() {
  const { t } = useTranslation();
  const { open } = useNotification();
  const data = useLanguageData();
  const [compared, setCompared] = useState<string | null>(null);
  const [detecting, setDetecting] = useState(false);

  const changed = async () => {
    await Promise.all([data.refresh(), languageCatalog.detect()]);
  };

  const detect = async () => {
    setDetecting(true);
    const languages = await languageCatalog.detect();
    setDetecting(false);
    open?.({ type: 'success', message: t('languages.detected', { languages: languages.join(', ') }) });
  };

  return (
    <Card title={t('languages.title')}>
      <Typography.Paragraph type="secondary">{t('languages.intro')}</Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <UploadLanguage existing={data.custom.map((language) => language.code)} onUploaded={changed} />
        <Button onClick={() => void detect()} loading={detecting}>
          {t('languages.detect')}
        </Button>
      </Flex>
      {data.error !== null && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('languages.loadFailed', { reason: storageErrorMessage(data.error, t) })}
        />
      )}
      <LanguagesTable data={data} onCompare={setCompared} onDeleted={changed} />
      <ComparisonDrawer code={compared} data={data} onClose={() => setCompared(null)} />
    </Card>
  );
}
