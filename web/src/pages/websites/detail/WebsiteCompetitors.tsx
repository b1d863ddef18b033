import { useTable } from '@refinedev/antd';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { WEBSITE_COMPETITORS_QUERY, type WebsiteCompetitorRow } from '../queries.ts';

/** The website's competitors, each linking to its page. */
export function WebsiteCompetitors({ websiteId }: { websiteId: string }) {
  const { t, i18n } = useTranslation();
  const { tableProps, tableQuery } = useTable<WebsiteCompetitorRow>({
    resource: 'competitors',
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    meta: { gqlQuery: WEBSITE_COMPETITORS_QUERY, gqlVariables: { organizationWebsiteId: websiteId } },
    errorNotification: false,
  });
  return (
    <>
      <ApiErrorAlert error={tableQuery.error} />
      <Table<WebsiteCompetitorRow>
        {...tableProps}
        rowKey="id"
        size="small"
        aria-label={t('websites.detail.competitors')}
      >
        <Table.Column<WebsiteCompetitorRow>
          dataIndex="name"
          title={t('websites.competitors.name')}
          render={(name: string, row) => (
            <AppLink to={routePath('competitorDetail', { competitorId: row.id })}>{name}</AppLink>
          )}
        />
        <Table.Column<WebsiteCompetitorRow>
          dataIndex="url"
          title={t('websites.competitors.url')}
          render={(url: string) => (
            <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
              {url}
            </Typography.Link>
          )}
        />
        <Table.Column<WebsiteCompetitorRow>
          dataIndex="active"
          title={t('websites.competitors.state')}
          render={(active: boolean) =>
            active ? (
              <Tag color="green">{t('websites.competitors.active')}</Tag>
            ) : (
              <Tag>{t('websites.competitors.inactive')}</Tag>
            )
          }
        />
        <Table.Column<WebsiteCompetitorRow>
          dataIndex="productsCount"
          title={t('websites.competitors.productsCount')}
          align="right"
          render={(count: number) => count.toLocaleString(i18n.language)}
        />
      </Table>
    </>
  );
}
