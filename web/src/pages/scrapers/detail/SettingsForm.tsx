import { useCustomMutation } from '@refinedev/core';
import { Button, Card, Checkbox, Flex, Form, Input, InputNumber, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { SCRAPER_UPDATE_MUTATION } from '../queries.ts';
import { parseSettings, RULE_FIELDS, toFormValues, toSettings, type SettingsValues } from '../settingsForm.ts';

/** The scraper's settings in sections: sources, fetching, validation, and a rule per field. Checked whole by the API on save. */
export function SettingsForm({
  scraperId,
  settings,
  onSaved,
}: {
  scraperId: string;
  settings: string | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const base = useMemo(() => parseSettings(settings), [settings]);
  const [form] = Form.useForm<SettingsValues>();
  const { mutate, mutation } = useCustomMutation();
  const save = (values: SettingsValues) =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: SCRAPER_UPDATE_MUTATION,
          gqlVariables: { scraperId, input: { settings: JSON.stringify(toSettings(values, base)) } },
        },
        successNotification: { type: 'success', message: t('scrapers.settings.saved') },
        errorNotification: changeFailedNotification(t, t('scrapers.settings.saveFailed')),
      },
      { onSuccess: onSaved },
    );
  const number = (name: keyof SettingsValues, min: number, max: number) => (
    <Form.Item
      name={name}
      label={t(`scrapers.settings.${name}`)}
      rules={[{ required: true, type: 'number', min, max }]}
    >
      <InputNumber min={min} max={max} style={{ width: 180 }} />
    </Form.Item>
  );

  return (
    <Form<SettingsValues>
      key={settings ?? ''}
      form={form}
      layout="vertical"
      initialValues={toFormValues(base)}
      onFinish={save}
    >
      <Flex vertical gap={16}>
        <Card size="small" title={t('scrapers.settings.sources')}>
          <Form.Item name="knownUrls" valuePropName="checked">
            <Checkbox>{t('scrapers.settings.knownUrls')}</Checkbox>
          </Form.Item>
          <Form.Item name="sitemapUrl" label={t('scrapers.settings.sitemapUrl')}>
            <Input placeholder="https://www.shop.example/sitemap.xml" />
          </Form.Item>
          <Form.Item name="sitemapProductPattern" label={t('scrapers.settings.sitemapProductPattern')}>
            <Input placeholder="/product/" />
          </Form.Item>
          <Form.Item name="listingStartUrl" label={t('scrapers.settings.listingStartUrl')}>
            <Input placeholder="https://www.shop.example/category" />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item name="listingProductLinkPattern" label={t('scrapers.settings.listingProductLinkPattern')}>
              <Input />
            </Form.Item>
            <Form.Item name="listingNextPagePattern" label={t('scrapers.settings.listingNextPagePattern')}>
              <Input />
            </Form.Item>
          </Flex>
        </Card>
        <Card size="small" title={t('scrapers.settings.fetching')}>
          <Form.Item name="userAgent" label={t('scrapers.settings.userAgent')}>
            <Input />
          </Form.Item>
          <Flex gap={16} wrap>
            {number('timeoutMs', 1000, 120000)}
            {number('maxBytes', 10000, 50000000)}
            {number('maxRedirects', 0, 20)}
            {number('concurrencyPerHost', 1, 16)}
            {number('minDelayMs', 0, 60000)}
            {number('retries', 0, 10)}
          </Flex>
          <Form.Item name="obeyRobots" valuePropName="checked">
            <Checkbox>{t('scrapers.settings.obeyRobots')}</Checkbox>
          </Form.Item>
          <Form.Item name="headless" valuePropName="checked">
            <Checkbox>{t('scrapers.settings.headless')}</Checkbox>
          </Form.Item>
        </Card>
        <Card size="small" title={t('scrapers.settings.validation')}>
          <Flex gap={16} wrap>
            {number('maxPriceJumpPercent', 1, 1000)}
            <Form.Item name="expectedCurrency" label={t('scrapers.settings.expectedCurrency')}>
              <Input maxLength={3} style={{ width: 120 }} />
            </Form.Item>
          </Flex>
        </Card>
        <Card size="small" title={t('scrapers.settings.rules')}>
          <Table
            size="small"
            pagination={false}
            rowKey={(field) => field}
            dataSource={[...RULE_FIELDS]}
            columns={[
              {
                key: 'field',
                title: t('scrapers.settings.field'),
                render: (_, field) => t(`scrapers.fields.extracted.${field}`),
              },
              ...(['css', 'attribute', 'regex'] as const).map((part) => ({
                key: part,
                title: t(`scrapers.settings.rule.${part}`),
                render: (_: unknown, field: string) => (
                  <Form.Item name={['rules', field, part]} noStyle>
                    <Input
                      size="small"
                      aria-label={t('scrapers.settings.ruleFor', {
                        part: t(`scrapers.settings.rule.${part}`),
                        field: t(`scrapers.fields.extracted.${field}`),
                      })}
                    />
                  </Form.Item>
                ),
              })),
            ]}
          />
        </Card>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('scrapers.settings.save')}
        </Button>
      </Flex>
    </Form>
  );
}
