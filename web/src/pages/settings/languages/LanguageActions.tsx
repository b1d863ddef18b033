import { useNotification } from '@refinedev/core';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageFilePath } from '../../../providers/i18n/customLanguages.ts';
import { storage } from '../../../storage/storage.ts';
import { storageErrorMessage } from '../../../storage/storageError.ts';
import type { LanguageRow } from './languageRows.ts';
import { saveJsonFile } from './saveJsonFile.ts';
import type { LanguageData } from './useLanguageData.ts';

interface Props {
  row: LanguageRow;
  data: LanguageData;
  onCompare: (code: string) => void;
  onDeleted: () => Promise<void>;
}

/** Download any language file; compare it with English; delete a custom one (never en or cs). */
export function LanguageActions({ row, data, onCompare, onDeleted }: Props) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { code } = row;
  const messages = row.builtIn
    ? data.bundled?.[code]
    : data.custom.find((language) => language.code === code)?.messages;

  const download = async () => {
    const document = row.builtIn
      ? messages
      : await storage.download('public', languageFilePath(code)).catch(() => null);
    if (document) saveJsonFile(`${code}.json`, document);
    else open?.({ type: 'error', message: t('languages.downloadFailed', { code }) });
  };

  const remove = async () => {
    try {
      await storage.remove('public', languageFilePath(code));
      open?.({ type: 'success', message: t('languages.deleted', { code }) });
      await onDeleted();
    } catch (error) {
      open?.({ type: 'error', message: t('languages.deleteFailed', { code, reason: storageErrorMessage(error, t) }) });
    }
  };

  return (
    <Space wrap>
      <Button size="small" onClick={() => void download()}>
        {t('languages.download')}
      </Button>
      {code !== 'en' && (
        <Button size="small" disabled={!messages} onClick={() => onCompare(code)}>
          {t('languages.compare')}
        </Button>
      )}
      {!row.builtIn && (
        <Popconfirm
          title={t('languages.deleteTitle', { code })}
          description={t('languages.deleteText')}
          onConfirm={remove}
          okButtonProps={{ danger: true }}
          okText={t('languages.delete')}
        >
          <Button size="small" danger>
            {t('languages.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
