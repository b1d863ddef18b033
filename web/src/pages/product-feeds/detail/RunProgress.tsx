import { Alert, Descriptions, Flex, Progress, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { runFailureText } from '../importErrors.ts';
import type { FeedRun } from '../queries.ts';
import { isRunning, runPercent } from '../runs.ts';
import { RunStatusTag } from '../RunView.tsx';

export interface SendingFile {
  fileName: string;
  size: number;
  sent: number;
}

/** Why a run failed and where in the file. */
export function runFailure(
  run: Pick<FeedRun, 'errorMessage' | 'errorCode' | 'errorValues' | 'errorLine' | 'errorColumn'>,
  t: TFunction,
  language: string,
): string {
  const message = runFailureText(run, t, language);
  if (run.errorLine == null) return message;
  return run.errorColumn == null
    ? t('productFeeds.run.failedAtLine', { message, line: run.errorLine })
    : t('productFeeds.run.failedAt', { message, line: run.errorLine, column: run.errorColumn });
}

/**
 * The running (or last) import: a progress bar (by the bytes read of an uploaded file's size;
 * a URL import's end is unknown), the rows read, imported and rejected, and what it changed.
 */
export function RunProgress({
  run,
  sending,
  fileSize,
}: {
  run: FeedRun | null;
  sending: SendingFile | null;
  fileSize: number | null;
}) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => value.toLocaleString(i18n.language);

  if (!run) {
    if (!sending) return <Typography.Text type="secondary">{t('productFeeds.run.none')}</Typography.Text>;
    const percent = sending.size ? Math.min(99, Math.floor((sending.sent / sending.size) * 100)) : 0;
    return (
      <Flex vertical gap={8}>
        <Typography.Text>{t('productFeeds.upload.sending', { file: sending.fileName })}</Typography.Text>
        <Progress percent={percent} status="active" aria-label={t('productFeeds.run.progress')} />
      </Flex>
    );
  }

  const running = isRunning(run);
  const percent = runPercent(run, fileSize);
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <RunStatusTag status={run.status} />
        {run.fileName && <Typography.Text type="secondary">{run.fileName}</Typography.Text>}
      </Flex>
      <Progress
        aria-label={t('productFeeds.run.progress')}
        percent={percent ?? 100}
        status={running ? 'active' : run.status === 'FAILED' ? 'exception' : 'success'}
        format={percent === null ? () => t('productFeeds.run.reading') : undefined}
        success={
          running || run.rowsRead === 0
            ? undefined
            : { percent: Math.round(((percent ?? 100) * run.rowsImported) / run.rowsRead) }
        }
      />
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered>
        <Descriptions.Item label={t('productFeeds.run.rowsRead')}>{n(run.rowsRead)}</Descriptions.Item>
        <Descriptions.Item label={t('productFeeds.run.rowsImported')}>{n(run.rowsImported)}</Descriptions.Item>
        <Descriptions.Item label={t('productFeeds.run.rowsRejected')}>{n(run.rowsRejected)}</Descriptions.Item>
        {!running && (
          <>
            <Descriptions.Item label={t('productFeeds.run.productsCreated')}>
              {n(run.productsCreated)}
            </Descriptions.Item>
            <Descriptions.Item label={t('productFeeds.run.productsUpdated')}>
              {n(run.productsUpdated)}
            </Descriptions.Item>
            <Descriptions.Item label={t('productFeeds.run.productsDeactivated')}>
              {n(run.productsDeactivated)}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      {running && <Typography.Text type="secondary">{t('productFeeds.run.runningHint')}</Typography.Text>}
      {run.status === 'FAILED' && (
        <Alert
          type="error"
          showIcon
          message={t('productFeeds.run.failed')}
          description={runFailure(run, t, i18n.language)}
        />
      )}
      {run.status === 'SUCCEEDED' && run.productsCreated + run.productsUpdated + run.productsDeactivated === 0 && (
        <Typography.Text type="secondary">{t('productFeeds.run.noChanges')}</Typography.Text>
      )}
    </Flex>
  );
}
