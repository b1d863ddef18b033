import { useCan, useCustom } from '@refinedev/core';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { useWebsiteSelection } from '../../../components/websitePicker/WebsiteSelection.tsx';
import type { PriceRuleListQuery, PriceRuleQuery } from '../../../graphql/operations.ts';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { PRICE_RULE_LIST_QUERY, PRICE_RULE_QUERY } from '../queries.ts';
import { RuleStatusTag } from '../rules/RuleStatusTag.tsx';
import { RuleEditor } from './RuleEditor.tsx';
import { formValuesOf, NEW_RULE_ID, newRuleValues } from './ruleForm.ts';

/**
 * /price-suggestions/global-rules/[ruleId]: one rule in its editor, or a new rule of the selected
 * website (ruleId `new`), which comes last by priority. Read-only for who may not write rules.
 */
export default function PriceRuleEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const { ruleId = '' } = useParams();
  const isNew = ruleId === NEW_RULE_ID;
  const { website } = useWebsiteSelection();
  const canWrite = useCan({ resource: 'priceSuggestionRules', action: isNew ? 'create' : 'update' }).data?.can === true;

  const { query } = useCustom<PriceRuleQuery['priceRule']>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PRICE_RULE_QUERY, gqlVariables: { priceRuleId: ruleId } },
    queryOptions: { enabled: !isNew },
    errorNotification: false,
  });
  const rule = isNew ? undefined : query.data?.data;
  // A new rule's priority: after the website's last rule.
  const { query: lastQuery } = useCustom<PriceRuleListQuery['priceRuleList']>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: PRICE_RULE_LIST_QUERY,
      gqlVariables: { organizationWebsiteId: website?.id, sort: 'PRIORITY_DESC', limit: 1, offset: 0 },
    },
    queryOptions: { enabled: isNew && Boolean(website) },
    errorNotification: false,
  });
  const last = lastQuery.data?.data;

  const title = isNew
    ? t('priceSuggestions.editor.newTitle')
    : (rule?.name ?? t('routes.priceSuggestionRuleDetail.title', { ruleId }));
  const websiteId = isNew ? website?.id : rule?.organizationWebsiteId;
  const saved = ({ id }: { id: string }) => {
    if (isNew) navigate(carried(routePath('priceSuggestionRuleDetail', { ruleId: id })), { replace: true });
    else void query.refetch();
  };

  return (
    <PageLayout
      resource="priceSuggestionRules:detail"
      title={title}
      breadcrumb={[
        { title: t('routes.priceSuggestionRules.title'), path: routePath('priceSuggestionRules') },
        { title },
      ]}
      extra={rule && <RuleStatusTag status={rule.status} />}
    >
      <ApiErrorAlert error={query.error ?? lastQuery.error} />
      {isNew && !website && <Empty description={t('priceSuggestions.rules.noWebsite')} />}
      {((!isNew && query.isLoading) || (isNew && lastQuery.isLoading)) && <Skeleton active />}
      {websiteId && rule && (
        <RuleEditor
          key={`${rule.id}:${rule.updatedAt}`}
          organizationWebsiteId={websiteId}
          ruleId={rule.id}
          initialValues={formValuesOf(rule)}
          namedCompetitors={[
            ...rule.competitors.competitorList.map((competitor) => ({ value: competitor.id, label: competitor.name })),
            ...(rule.strategy.competitor
              ? [{ value: rule.strategy.competitor.id, label: rule.strategy.competitor.name }]
              : []),
          ]}
          canWrite={canWrite}
          onSaved={saved}
        />
      )}
      {websiteId && isNew && last && (
        <RuleEditor
          key={`new:${websiteId}`}
          organizationWebsiteId={websiteId}
          initialValues={newRuleValues((last.data[0]?.priority ?? 0) + 1)}
          namedCompetitors={[]}
          canWrite={canWrite}
          onSaved={saved}
        />
      )}
    </PageLayout>
  );
}
