import { useList } from '@refinedev/core';
import { Empty, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { COUNT_COLUMN } from '../../../components/list/columns.tsx';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { useClampPage } from '../../../components/list/useClampPage.ts';
import { useResetOnWebsiteChange } from '../../../components/list/useResetOnWebsiteChange.ts';
import { useResourcePermissions } from '../../../components/list/useResourcePermissions.ts';
import { useUrlListState } from '../../../components/list/useUrlListState.ts';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { useWebsiteSelection } from '../../../components/websitePicker/WebsiteSelection.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { CompetitorActions } from '../CompetitorActions.tsx';
import { ActiveTag, MatchingModeTag } from '../CompetitorTags.tsx';
import { COMPETITOR_LIST_QUERY, type CompetitorRow } from '../queries.ts';
import { CompetitorCreateButton } from './CompetitorCreateButton.tsx';
import { CompetitorFilters } from './CompetitorFilters.tsx';
import { columnOrder, listArguments, PAGE_SIZES, readListState, sortOf, writeListState } from './listState.ts';
import { formatDate, formatDateTime } from '../../../components/format/format.ts';

/**
 * /competitors: the selected website's competitors, searched, filtered, sorted and paged (all kept
 * in the address); add, edit, activate or deactivate, delete where the policy allows.
 */
export default function CompetitorsPage() {
  const { t, i18n } = useTranslation();
  const { website } = useWebsiteSelection();
  const [state, update] = useUrlListState(readListState, writeListState);
  const can = useResourcePermissions('competitors');

  // Another website's list starts on its first page.
  const websiteId = website?.id;
  useResetOnWebsiteChange(websiteId, () => update({ page: 1 }, { replace: true }));

  const { result, query } = useList<CompetitorRow>({
    resource: 'competitors',
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    meta: { gqlQuery: COMPETITOR_LIST_QUERY, gqlVariables: websiteId ? listArguments(state, websiteId) : {} },
    queryOptions: { enabled: can.list && Boolean(websiteId) },
    errorNotification: false,
  });
  const refresh = () => void query.refetch();

  useClampPage(
    { page: state.page, pageSize: state.pageSize, total: result.total, fetching: query.isFetching },
    (page) => update({ page }, { replace: true }),
  );
  const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : t('competitors.noDataYet'));

  return (
    <RouteLayout
      route="competitors"
      extra={
        can.create && websiteId && <CompetitorCreateButton organizationWebsiteId={websiteId} onCreated={refresh} />
      }
    >
      {website && (
        <Typography.Paragraph type="secondary">
          {t('competitors.list.ofWebsite', { website: website.name })}
        </Typography.Paragraph>
      )}
      <ApiErrorAlert error={query.error} />
      <CompetitorFilters state={state} onChange={(change) => update(change)} />
      {!websiteId ? (
        <Empty description={t('competitors.list.noWebsite')} />
      ) : (
        <Table<CompetitorRow>
          rowKey="id"
          dataSource={result.data}
          loading={query.isFetching}
          scroll={{ x: true }}
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total: result.total,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => t('competitors.list.total', { count: total }),
          }}
          onChange={(pagination, _filters, sorter, { action }) => {
            if (action === 'paginate')
              update({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? state.pageSize });
            if (action === 'sort') {
              const first = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<CompetitorRow> | undefined;
              update({ sort: sortOf(first?.columnKey as string | undefined, first?.order) });
            }
          }}
        >
          <Table.Column<CompetitorRow>
            key="name"
            dataIndex="name"
            title={t('competitors.fields.name')}
            sorter
            sortOrder={columnOrder(state.sort, 'name')}
            render={(name: string, row) => (
              <AppLink to={routePath('competitorDetail', { competitorId: row.id })}>{name}</AppLink>
            )}
          />
          <Table.Column<CompetitorRow>
            key="url"
            dataIndex="url"
            title={t('competitors.fields.url')}
            render={(url: string) => (
              // On one line: an address broken mid-word ("alza.cz.e / xample") reads as two.
              <Typography.Link href={url} target="_blank" rel="noreferrer noopener" style={{ whiteSpace: 'nowrap' }}>
                {url}
              </Typography.Link>
            )}
          />
          <Table.Column<CompetitorRow>
            key="matchingMode"
            dataIndex="matchingMode"
            title={t('competitors.fields.matchingMode')}
            render={(mode: CompetitorRow['matchingMode']) => <MatchingModeTag mode={mode} />}
          />
          <Table.Column<CompetitorRow>
            key="active"
            dataIndex="active"
            title={t('competitors.fields.active')}
            render={(active: boolean) => <ActiveTag active={active} />}
          />
          <Table.Column<CompetitorRow>
            key="scrapingFrequency"
            dataIndex="scrapingFrequency"
            title={t('competitors.fields.scrapingFrequency')}
            render={(value: string) => t(`competitors.frequency.${value}`)}
          />
          <Table.Column<CompetitorRow>
            key="productsCount"
            dataIndex="productsCount"
            title={t('competitors.fields.productsCount')}
            {...COUNT_COLUMN}
            sorter
            sortOrder={columnOrder(state.sort, 'productsCount')}
          />
          <Table.Column<CompetitorRow>
            key="lastDataAt"
            dataIndex="lastDataAt"
            title={t('competitors.fields.lastDataAt')}
            sorter
            sortOrder={columnOrder(state.sort, 'lastDataAt')}
            render={date}
          />
          <Table.Column<CompetitorRow>
            key="createdAt"
            dataIndex="createdAt"
            title={t('competitors.fields.createdAt')}
            sorter
            sortOrder={columnOrder(state.sort, 'createdAt')}
            render={(value: string) => formatDate(value, i18n.language)}
          />
          {(can.update || can.delete) && (
            <Table.Column<CompetitorRow>
              key="actions"
              title={t('competitors.list.actions')}
              render={(_, row) => (
                <CompetitorActions
                  competitor={row}
                  canUpdate={can.update}
                  canDelete={can.delete}
                  onChanged={refresh}
                  onDeleted={refresh}
                  size="small"
                />
              )}
            />
          )}
        </Table>
      )}
    </RouteLayout>
  );
}
