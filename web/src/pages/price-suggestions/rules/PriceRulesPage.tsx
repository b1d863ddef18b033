import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Empty, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { useResourcePermissions } from '../../../components/list/useResourcePermissions.ts';
import { useUrlListState } from '../../../components/list/useUrlListState.ts';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { useWebsiteSelection } from '../../../components/websitePicker/WebsiteSelection.tsx';
import type { PriceRuleListQuery, PriceRuleStatus } from '../../../graphql/operations.ts';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { formatCount, formatDateTime } from '../../../components/format/format.ts';
import { PRICE_RULE_LIST_QUERY, PRICE_RULE_REORDER_MUTATION } from '../queries.ts';
import { NEW_RULE_ID } from '../editor/ruleForm.ts';
import { readListState, writeListState } from './listState.ts';
import { RecomputeControl } from './RecomputeControl.tsx';
import { RuleActions } from './RuleActions.tsx';
import { movedOrder, strategySummary } from './ruleSummary.ts';
import { RULE_STATUSES, RuleStatusTag } from './RuleStatusTag.tsx';

type RuleRow = PriceRuleListQuery['priceRuleList']['data'][number];

/** Rules per website are few: the list shows them all, in the order they decide. */
const RULES_LIMIT = 1000;

/**
 * /price-suggestions/global-rules: the selected website's rules in priority order (the first
 * Active rule that selects a product decides its suggestion), with their live affected count;
 * reorder, switch status, duplicate, delete and create where the policy allows.
 */
export default function PriceRulesPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { website } = useWebsiteSelection();
  const websiteId = website?.id;
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const [{ status, search }, update] = useUrlListState(readListState, writeListState);
  const [searchText, setSearchText] = useState(search);
  const {
    list: canRead,
    create: canCreate,
    update: canUpdate,
    delete: canDelete,
  } = useResourcePermissions('priceSuggestionRules');

  const { query } = useCustom<PriceRuleListQuery['priceRuleList']>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: PRICE_RULE_LIST_QUERY,
      gqlVariables: {
        organizationWebsiteId: websiteId,
        status,
        search: search || null,
        sort: 'PRIORITY_ASC',
        limit: RULES_LIMIT,
        offset: 0,
      },
    },
    queryOptions: { enabled: canRead && Boolean(websiteId) },
    errorNotification: false,
  });
  const rules = query.data?.data.data ?? [];
  const refresh = () => void query.refetch();
  const reorder = useCustomMutation();
  // Priorities are reordered over the whole list: not while a filter hides some rules.
  const canReorder = canUpdate && !status && !search && rules.length > 1;
  const move = (index: number, delta: number) => {
    const ids = movedOrder(
      rules.map((rule) => rule.id),
      index,
      delta,
    );
    reorder.mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: PRICE_RULE_REORDER_MUTATION,
          gqlVariables: { organizationWebsiteId: websiteId, priceRuleIds: ids },
        },
        successNotification: false,
        errorNotification: changeFailedNotification(t, t('priceSuggestions.rules.reorderFailed')),
      },
      { onSuccess: refresh },
    );
  };

  const values = (items: readonly string[]) =>
    items.length ? (
      <Flex gap={4} wrap>
        {items.map((item) => (
          <Tag key={item}>{item}</Tag>
        ))}
      </Flex>
    ) : (
      <Typography.Text type="secondary">{t('priceSuggestions.rules.any')}</Typography.Text>
    );

  return (
    <RouteLayout
      route="priceSuggestionRules"
      extra={
        canCreate &&
        websiteId && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(carried(routePath('priceSuggestionRuleDetail', { ruleId: NEW_RULE_ID })))}
          >
            {t('priceSuggestions.rules.create')}
          </Button>
        )
      }
    >
      {website && (
        <Typography.Paragraph type="secondary">
          {t('priceSuggestions.rules.intro', { website: website.name })}
        </Typography.Paragraph>
      )}
      <ApiErrorAlert error={query.error} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onSearch={(value) => update({ search: value })}
          placeholder={t('priceSuggestions.rules.search')}
          aria-label={t('priceSuggestions.rules.search')}
          style={{ width: 260 }}
        />
        <Select
          allowClear
          value={status ?? undefined}
          onChange={(value?: PriceRuleStatus) => update({ status: value ?? null })}
          options={RULE_STATUSES.map((value) => ({ value, label: t(`priceSuggestions.status.${value}`) }))}
          placeholder={t('priceSuggestions.fields.status')}
          aria-label={t('priceSuggestions.fields.status')}
          style={{ width: 160 }}
        />
      </Space>
      {!websiteId ? (
        <Empty description={t('priceSuggestions.rules.noWebsite')} />
      ) : (
        <>
          <RecomputeControl organizationWebsiteId={websiteId} canStart={canUpdate} />
          <section aria-label={t('priceSuggestions.rules.label')} aria-busy={query.isFetching}>
            <Table<RuleRow>
              rowKey="id"
              dataSource={rules}
              loading={query.isFetching || reorder.mutation.isPending}
              scroll={{ x: true }}
              pagination={false}
              locale={{ emptyText: t('priceSuggestions.rules.empty') }}
            >
              <Table.Column<RuleRow>
                key="priority"
                dataIndex="priority"
                title={t('priceSuggestions.fields.priority')}
                align="right"
                render={(priority: number, rule, index) => (
                  <Flex gap={4} align="center" justify="flex-end">
                    <span>{priority}</span>
                    {canReorder && (
                      <>
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowUpOutlined />}
                          disabled={index === 0}
                          aria-label={t('priceSuggestions.rules.moveUp', { name: rule.name })}
                          onClick={() => move(index, -1)}
                        />
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowDownOutlined />}
                          disabled={index === rules.length - 1}
                          aria-label={t('priceSuggestions.rules.moveDown', { name: rule.name })}
                          onClick={() => move(index, 1)}
                        />
                      </>
                    )}
                  </Flex>
                )}
              />
              <Table.Column<RuleRow>
                key="status"
                dataIndex="status"
                title={t('priceSuggestions.fields.status')}
                render={(value: PriceRuleStatus) => <RuleStatusTag status={value} />}
              />
              <Table.Column<RuleRow>
                key="name"
                dataIndex="name"
                title={t('priceSuggestions.fields.name')}
                render={(name: string, rule) => (
                  <AppLink to={routePath('priceSuggestionRuleDetail', { ruleId: rule.id })}>{name}</AppLink>
                )}
              />
              <Table.Column<RuleRow>
                key="strategy"
                title={t('priceSuggestions.fields.strategy')}
                render={(_, rule) => strategySummary(rule.strategy, t, language)}
              />
              <Table.Column<RuleRow>
                key="brands"
                title={t('priceSuggestions.fields.brands')}
                render={(_, rule) => values(rule.products.brands)}
              />
              <Table.Column<RuleRow>
                key="categories"
                title={t('priceSuggestions.fields.categories')}
                render={(_, rule) => values(rule.products.categories)}
              />
              <Table.Column<RuleRow>
                key="affectedCount"
                dataIndex="affectedCount"
                title={t('priceSuggestions.fields.affectedCount')}
                align="right"
                render={(count: number) => formatCount(count, language)}
              />
              <Table.Column<RuleRow>
                key="updated"
                title={t('priceSuggestions.fields.updated')}
                render={(_, rule) => (
                  <Flex vertical>
                    <span>{formatDateTime(rule.updatedAt, language)}</span>
                    {/* An address broken mid-word ("admin@de / mo.test") reads as two. */}
                    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                      {rule.updatedBy ?? t('priceSuggestions.rules.unknownEditor')}
                    </Typography.Text>
                  </Flex>
                )}
              />
              {(canCreate || canUpdate || canDelete) && (
                <Table.Column<RuleRow>
                  key="actions"
                  title={t('priceSuggestions.rules.actions')}
                  render={(_, rule) => (
                    <RuleActions
                      rule={rule}
                      canCreate={canCreate}
                      canUpdate={canUpdate}
                      canDelete={canDelete}
                      onChanged={refresh}
                    />
                  )}
                />
              )}
            </Table>
          </section>
        </>
      )}
    </RouteLayout>
  );
}
