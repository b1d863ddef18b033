import { useCustom } from '@refinedev/core';
import { Alert, Button, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { SCRAPER_TEST_EXTRACTION_QUERY, type ExtractionTest } from '../queries.ts';
import { extractionWarningText, scrapeReasonText } from '../reasons.ts';

/** Test extraction: one page fetched with the saved settings, each field with the strategy that found it, and warnings. Nothing is saved. */
export function TestExtraction({ scraperId, competitorId }: { scraperId: string; competitorId: string }) {
  const { t, i18n } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const { query } = useCustom<ExtractionTest>({
    url: '',
    method: 'get',
    meta: { gqlQuery: SCRAPER_TEST_EXTRACTION_QUERY, gqlVariables: { input: { competitorId, scraperId, url } } },
    queryOptions: { enabled: Boolean(url), staleTime: 0, gcTime: 0 },
    errorNotification: false,
  });
  const result = url ? query.data?.data : undefined;

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('scrapers.test.intro')}
      </Typography.Paragraph>
      <Form
        layout="inline"
        onFinish={(values: { url: string }) =>
          values.url?.trim() === url ? void query.refetch() : setUrl(values.url?.trim() || null)
        }
      >
        <Form.Item
          name="url"
          label={t('scrapers.test.url')}
          rules={[{ required: true, message: t('scrapers.test.urlRequired') }]}
          style={{ flex: 1, minWidth: 320 }}
        >
          <Input placeholder="https://www.shop.example/product" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={Boolean(url) && query.isFetching}>
          {t('scrapers.test.run')}
        </Button>
      </Form>
      <ApiErrorAlert error={url ? query.error : null} />
      {result && (
        <>
          {result.outcome === 'failed' && (
            <Alert
              type="error"
              showIcon
              message={t('scrapers.test.failed', {
                kind: t(`scrapers.failureKind.${result.failureKind}`, { defaultValue: result.failureKind }),
              })}
              description={scrapeReasonText(
                { reason: result.reason, code: result.reasonCode, values: result.reasonValues },
                t,
                i18n.language,
              )}
            />
          )}
          {result.warnings.map((warning) => (
            <Alert
              key={warning.code + warning.message}
              type="warning"
              showIcon
              message={extractionWarningText(warning, t, i18n.language)}
            />
          ))}
          <section aria-label={t('scrapers.test.fields')}>
            <Table
              size="small"
              pagination={false}
              rowKey="field"
              dataSource={result.fields}
              columns={[
                {
                  key: 'field',
                  title: t('scrapers.settings.field'),
                  render: (_, f) => t(`scrapers.fields.extracted.${f.field}`),
                },
                {
                  key: 'value',
                  title: t('scrapers.test.value'),
                  render: (_, f) =>
                    f.value ?? <Typography.Text type="secondary">{t('scrapers.test.notFound')}</Typography.Text>,
                },
                {
                  key: 'source',
                  title: t('scrapers.test.source'),
                  render: (_, f) =>
                    f.source ? <Tag>{t(`scrapers.strategy.${f.source}`, { defaultValue: f.source })}</Tag> : null,
                },
              ]}
            />
          </section>
        </>
      )}
    </Flex>
  );
}
