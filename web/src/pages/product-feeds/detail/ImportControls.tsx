import { SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import { Button, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { PRODUCT_FEED_IMPORT_MUTATION, type FeedDetail, type FeedRun } from '../queries.ts';

const ACCEPT: Record<string, string> = {
  CSV: '.csv,.txt,text/csv,text/plain',
  GOOGLE_XML: '.xml,application/xml,text/xml',
  HEUREKA_XML: '.xml,application/xml,text/xml',
};

/** "Import now" for a URL feed; the file upload for an upload feed. Disabled while an import runs. */
export function ImportControls({
  feed,
  busy,
  onStarted,
  onUpload,
}: {
  feed: FeedDetail;
  busy: boolean;
  onStarted: (run: FeedRun) => void;
  onUpload: (file: File) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation<FeedRun>();

  if (feed.source === 'URL') {
    const start = () =>
      mutate(
        {
          url: '',
          method: 'post',
          values: {},
          meta: { gqlMutation: PRODUCT_FEED_IMPORT_MUTATION, gqlVariables: { productFeedId: feed.id } },
          successNotification: false,
          errorNotification: changeFailedNotification(t, t('productFeeds.import.failed')),
        },
        { onSuccess: ({ data }) => onStarted(data) },
      );
    return (
      <Flex gap={8} align="center" wrap>
        <Button type="primary" icon={<SyncOutlined />} loading={mutation.isPending} disabled={busy} onClick={start}>
          {t('productFeeds.import.now')}
        </Button>
        <Typography.Text type="secondary">{t('productFeeds.import.hint')}</Typography.Text>
      </Flex>
    );
  }

  return (
    <Flex gap={8} align="center" wrap>
      <Upload
        accept={ACCEPT[feed.format]}
        showUploadList={false}
        disabled={busy}
        // The file goes to the feed's upload route with the signed-in user's token (uploadFeedFile.ts).
        customRequest={({ file, onSuccess, onError }) => {
          onUpload(file as File).then(
            () => onSuccess?.(null),
            (error: unknown) => onError?.(error as Error),
          );
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} disabled={busy} loading={busy}>
          {t('productFeeds.upload.button')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        {t('productFeeds.upload.hint', { format: t(`productFeeds.format.${feed.format}`) })}
      </Typography.Text>
    </Flex>
  );
}
