import { useNotification } from '@refinedev/core';
import { Alert, Button, Flex, Modal, Progress } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languageFilePath } from '../../../providers/i18n/customLanguages.ts';
import type { Messages } from '../../../providers/i18n/languageFile.ts';
import { storage } from '../../../storage/storage.ts';
import { isStorageError, storageErrorMessage } from '../../../storage/storageError.ts';
import { readLanguageFile, uploadProblemMessage } from './readLanguageFile.ts';

interface Props {
  /** The custom languages already stored: replacing one asks first. */
  existing: readonly string[];
  onUploaded: () => Promise<void>;
}

interface Checked {
  file: string;
  code: string;
  messages: Messages;
}

/** Upload `{lang}.json`: checked whole first (nothing is stored otherwise), with a progress bar and cancel. */
export function UploadLanguage({ existing, onUploaded }: Props) {
  const { t, i18n } = useTranslation();
  const { open } = useNotification();
  const input = useRef<HTMLInputElement>(null);
  const transfer = useRef<AbortController | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<Checked | null>(null);
  const [progress, setProgress] = useState<{ file: string; percent: number } | null>(null);

  const upload = async ({ file, code, messages }: Checked) => {
    setReplacing(null);
    transfer.current = new AbortController();
    setProgress({ file, percent: 0 });
    try {
      await storage.upload('public', languageFilePath(code), messages, {
        signal: transfer.current.signal,
        onProgress: (loaded, total) => setProgress({ file, percent: Math.round((loaded / total) * 100) }),
      });
      open?.({ type: 'success', message: t('languages.upload.uploaded', { code }) });
      if (i18n.hasResourceBundle(code, 'translation')) await i18n.reloadResources([code]);
      await onUploaded();
    } catch (error) {
      const reason = storageErrorMessage(error, t);
      setProblem(
        isStorageError(error) && error.code === 'canceled' ? reason : t('languages.upload.failed', { reason }),
      );
    } finally {
      setProgress(null);
      transfer.current = null;
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const checked = await readLanguageFile(file);
    if ('problem' in checked) return setProblem(uploadProblemMessage(checked.problem, file.name, t));
    const next = { file: file.name, ...checked };
    if (existing.includes(checked.code)) setReplacing(next);
    else await upload(next);
  };

  return (
    <Flex vertical gap={8} style={{ flex: '1 1 100%' }}>
      <Flex gap={8} align="center" wrap>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label={t('languages.upload.button')}
          onChange={(event) => void choose(event)}
        />
        <Button type="primary" disabled={progress !== null} onClick={() => input.current?.click()}>
          {t('languages.upload.button')}
        </Button>
        <span>{t('languages.upload.hint')}</span>
      </Flex>
      {progress && (
        <Flex gap={8} align="center">
          <span>{t('languages.upload.uploading', { file: progress.file })}</span>
          <Progress
            aria-label={t('languages.upload.uploading', { file: progress.file })}
            percent={progress.percent}
            style={{ flex: 1, margin: 0 }}
          />
          <Button size="small" onClick={() => transfer.current?.abort()}>
            {t('languages.upload.cancel')}
          </Button>
        </Flex>
      )}
      {problem && <Alert type="error" showIcon message={problem} closable onClose={() => setProblem(null)} />}
      <Modal
        open={replacing !== null}
        title={t('languages.upload.replaceTitle', { code: replacing?.code })}
        okText={t('languages.upload.replace')}
        cancelText={t('buttons.cancel')}
        onOk={() => replacing && void upload(replacing)}
        onCancel={() => setReplacing(null)}
      >
        {t('languages.upload.replaceText', { code: replacing?.code, file: replacing?.file })}
      </Modal>
    </Flex>
  );
}
