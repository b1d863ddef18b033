import { PlusOutlined } from '@ant-design/icons';
import { CanAccess, useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Card, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/navigation/AppLink.tsx';
import { routePath, useCarriedPath } from '../../routes/useCarriedPath.ts';
import { changeFailedNotification } from '../../components/errors/formErrors.ts';
import type { ResultOf } from '../../graphql/typed.ts';
import { COMPETITOR_SCRAPERS_QUERY, SCRAPER_CREATE_MUTATION, type ScraperRow } from './queries.ts';
import { HealthTag, RunStatusTag } from './ScraperTags.tsx';
import { formatDateTime } from '../../components/format/format.ts';

type CompetitorScrapersResult = ResultOf<typeof COMPETITOR_SCRAPERS_QUERY>['competitor'];

/** On the competitor detail (Admin): its scrapers with health and last run, and adding one. */
export function CompetitorScrapers({ competitorId, competitorName }: { competitorId: string; competitorName: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const [adding, setAdding] = useState(false);
  const { query } = useCustom<CompetitorScrapersResult>({
    url: '',
    method: 'get',
    meta: { gqlQuery: COMPETITOR_SCRAPERS_QUERY, gqlVariables: { competitorId } },
    errorNotification: false,
  });
  const { mutate, mutation } = useCustomMutation<{ id: string }>();
  const create = (values: { name: string }) =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: SCRAPER_CREATE_MUTATION,
          gqlVariables: { competitorId, input: { name: values.name.trim() } },
        },
        successNotification: { type: 'success', message: t('scrapers.create.done', { name: values.name.trim() }) },
        errorNotification: changeFailedNotification(t, t('scrapers.create.failed')),
      },
      { onSuccess: (result) => navigate(carried(routePath('scraperDetail', { scraperId: result.data.id }))) },
    );
  const data = query.data?.data;
  const when = (value: string | null | undefined) =>
    value ? formatDateTime(value, i18n.language) : t('scrapers.never');

  return (
    <Card
      title={t('scrapers.ofCompetitor.title')}
      extra={
        <CanAccess resource="scrappers" action="create">
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('scrapers.create.open')}
          </Button>
        </CanAccess>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('scrapers.ofCompetitor.lastCollected', { when: when(data?.lastCollectedAt) })}
      </Typography.Paragraph>
      <Table<ScraperRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={query.isLoading}
        dataSource={data?.scrapers ?? []}
        locale={{ emptyText: t('scrapers.ofCompetitor.none') }}
      >
        <Table.Column<ScraperRow>
          key="name"
          title={t('scrapers.fields.name')}
          render={(_, s) => <AppLink to={routePath('scraperDetail', { scraperId: s.id })}>{s.name}</AppLink>}
        />
        <Table.Column<ScraperRow>
          key="health"
          title={t('scrapers.fields.health')}
          render={(_, s) => <HealthTag status={s.health.status} />}
        />
        <Table.Column<ScraperRow>
          key="lastRun"
          title={t('scrapers.fields.lastRun')}
          render={(_, s) => (
            <Space>
              {(s.activeRun?.status ?? s.health.lastRunStatus) && (
                <RunStatusTag status={(s.activeRun?.status ?? s.health.lastRunStatus)!} />
              )}
              {when(s.health.lastRunAt)}
            </Space>
          )}
        />
      </Table>
      <Modal
        open={adding}
        title={t('scrapers.create.title', { competitor: competitorName })}
        okText={t('scrapers.create.submit')}
        cancelText={t('buttons.cancel')}
        confirmLoading={mutation.isPending}
        destroyOnHidden
        okButtonProps={{ htmlType: 'submit', form: 'scraper-create' }}
        onCancel={() => setAdding(false)}
      >
        <Typography.Paragraph type="secondary">{t('scrapers.create.intro')}</Typography.Paragraph>
        <Form id="scraper-create" layout="vertical" onFinish={create} initialValues={{ name: competitorName }}>
          <Form.Item
            name="name"
            label={t('scrapers.fields.name')}
            rules={[{ required: true, whitespace: true, message: t('scrapers.create.nameRequired') }, { max: 200 }]}
          >
            <Input autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
