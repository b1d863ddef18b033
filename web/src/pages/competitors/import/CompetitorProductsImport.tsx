import { UploadOutlined } from '@ant-design/icons';
import { type HttpError, useCustomMutation } from '@refinedev/core';
import { Button, Descriptions, Flex, Form, Input, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { formFieldErrors } from '../../../components/errors/formErrors.ts';
import {
  COMPETITOR_PRODUCTS_IMPORT_MUTATION,
  type CompetitorProductsImportResult,
  type ImportRowError,
} from '../queries.ts';
import { CSV_HEADER, csvProblem, importCounts, MAX_CSV_BYTES, rowErrorText } from './importCsv.ts';
import { Heading } from '../../../components/layout/Heading.tsx';

/**
 * Imports the competitor's products from CSV text (until its scrapers deliver them): a file
 * chosen or text pasted, checked for size, sent whole; the answer lists how many rows were
 * imported and rejected, and why each rejected row was.
 */
export function CompetitorProductsImport({
  competitorId,
  onImported,
}: {
  competitorId: string;
  onImported: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ csv: string }>();
  const [result, setResult] = useState<CompetitorProductsImportResult | null>(null);
  const [failure, setFailure] = useState<HttpError | null>(null);
  const { mutate, mutation } = useCustomMutation<CompetitorProductsImportResult>();

  const send = ({ csv }: { csv: string }) => {
    setResult(null);
    setFailure(null);
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: COMPETITOR_PRODUCTS_IMPORT_MUTATION, gqlVariables: { competitorId, csv } },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setResult(data);
          onImported();
        },
        onError: (error) => {
          const fields = formFieldErrors(error, ['csv'] as const);
          if (fields.length) form.setFields(fields);
          else setFailure(error);
        },
      },
    );
  };

  const readFile = async (file: File) => {
    form.setFieldValue('csv', await file.text());
    await form.validateFields(['csv']).catch(() => undefined);
  };

  const counts = result && importCounts(result);
  const megabytes = (MAX_CSV_BYTES / 1024 / 1024).toLocaleString(i18n.language);
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {t('competitors.import.help', { max: megabytes })} <Typography.Text code>{CSV_HEADER}</Typography.Text>
      </Typography.Paragraph>
      <ApiErrorAlert error={failure} />
      <Form form={form} name="competitor-products-import" layout="vertical" onFinish={send}>
        <Form.Item>
          <Upload
            accept=".csv,text/csv,text/plain"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void readFile(file);
              // Read here; the text is sent with the mutation, not uploaded by itself.
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('competitors.import.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item
          name="csv"
          label={t('competitors.import.csv')}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = csvProblem(value ?? '');
                return problem
                  ? Promise.reject(new Error(t(`competitors.import.problem.${problem}`, { max: megabytes })))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={6} spellCheck={false} placeholder={CSV_HEADER} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('competitors.import.submit')}
        </Button>
      </Form>
      {counts && result && (
        <section aria-label={t('competitors.import.resultTitle')}>
          <Heading level={3} looksLike={5}>
            {t('competitors.import.resultTitle')}
          </Heading>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('competitors.import.rows')}>{counts.rows}</Descriptions.Item>
            <Descriptions.Item label={t('competitors.import.imported')}>{counts.imported}</Descriptions.Item>
            <Descriptions.Item label={t('competitors.import.rejected')}>{counts.rejected}</Descriptions.Item>
            <Descriptions.Item label={t('competitors.import.breakdown')}>
              {t('competitors.import.breakdownText', {
                inserted: counts.inserted,
                updated: counts.updated,
                unchanged: counts.unchanged,
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('competitors.import.refreshedProducts')}>
              {counts.refreshedProducts}
            </Descriptions.Item>
          </Descriptions>
          {result.errors.length > 0 && (
            <Table<ImportRowError>
              style={{ marginTop: 16 }}
              size="small"
              rowKey={(row) => `${row.line}:${row.field}`}
              dataSource={result.errors}
              pagination={result.errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              caption={t('competitors.import.errorsTitle', { count: result.errors.length })}
            >
              <Table.Column<ImportRowError>
                dataIndex="line"
                title={t('competitors.import.line')}
                align="right"
                width={80}
              />
              <Table.Column<ImportRowError> dataIndex="field" title={t('competitors.import.field')} width={160} />
              <Table.Column<ImportRowError>
                key="reason"
                title={t('competitors.import.reason')}
                render={(_, row) => rowErrorText(row, t)}
              />
            </Table>
          )}
        </section>
      )}
    </Flex>
  );
}
