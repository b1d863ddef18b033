import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DELIMITER_KEYS } from '../FeedFormModal.tsx';
import { fieldLabel } from '../MappingEditor.tsx';
import type { FeedDetail } from '../queries.ts';
import { formatDateTime } from '../../../components/format/format.ts';

/** The feed's settings as stored. */
export function FeedSettings({ feed }: { feed: FeedDetail }) {
  const { t, i18n } = useTranslation();
  const csv = feed.format === 'CSV';
  return (
    <Descriptions bordered column={{ xs: 1, lg: 2 }} size="small">
      <Descriptions.Item label={t('productFeeds.fields.name')}>{feed.name}</Descriptions.Item>
      <Descriptions.Item label={t('productFeeds.fields.source')}>
        {feed.source === 'URL' && feed.url ? (
          <Typography.Link href={feed.url} target="_blank" rel="noreferrer">
            {feed.url}
          </Typography.Link>
        ) : (
          t('productFeeds.source.UPLOAD')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('productFeeds.fields.format')}>
        {t(`productFeeds.format.${feed.format}`)}
      </Descriptions.Item>
      {csv && (
        <Descriptions.Item label={t('productFeeds.fields.csvDelimiter')}>
          {t(`productFeeds.delimiter.${DELIMITER_KEYS[feed.csvDelimiter] ?? 'comma'}`)}
        </Descriptions.Item>
      )}
      {csv && (
        <Descriptions.Item label={t('productFeeds.fields.columnMapping')}>
          {feed.columnMapping?.length
            ? feed.columnMapping.map(({ field, column }) => (
                <Tag key={field}>
                  {fieldLabel(t, field)} ← {column}
                </Tag>
              ))
            : t('productFeeds.mapping.byName')}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('productFeeds.fields.schedule')}>
        {t(`productFeeds.schedule.${feed.schedule}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('productFeeds.fields.createdAt')}>
        {formatDateTime(feed.createdAt, i18n.language, { seconds: true })}
      </Descriptions.Item>
      <Descriptions.Item label={t('productFeeds.fields.updatedAt')}>
        {formatDateTime(feed.updatedAt, i18n.language, { seconds: true })}
      </Descriptions.Item>
    </Descriptions>
  );
}
