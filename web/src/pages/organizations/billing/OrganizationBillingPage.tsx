import { useCustom } from '@refinedev/core';
import { Card, Descriptions, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { InvoicesTable } from './InvoicesTable.tsx';
import { PlanChangeForm } from './PlanChangeForm.tsx';
import { ORGANIZATION_BILLING_QUERY, type OrganizationBilling } from './queries.ts';
import { UsageBar } from './UsageBar.tsx';

/** /organizations/[organizationId]/billing (Admin): plan, usage of each limit, invoices, plan change. */
export default function OrganizationBillingPage() {
  const { t, i18n } = useTranslation();
  const { organizationId = '' } = useParams();
  const { query } = useCustom<OrganizationBilling>({
    url: '',
    method: 'get',
    meta: { gqlQuery: ORGANIZATION_BILLING_QUERY, gqlVariables: { organizationId } },
    errorNotification: false,
  });
  const billing = query.data?.data;

  return (
    <RouteLayout route="organizationBilling" names={{ organizationDetail: billing?.organization.name }}>
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Skeleton active />}
      {billing && (
        <Flex vertical gap={24}>
          <Card title={t('billing.plan.title')}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('organizations.fields.name')}>{billing.organization.name}</Descriptions.Item>
              <Descriptions.Item label={t('organizations.fields.plan')}>{billing.plan.name}</Descriptions.Item>
              <Descriptions.Item label={t('billing.plan.monthlyPrice')}>
                {billing.plan.monthlyPrice.toLocaleString(i18n.language, {
                  style: 'currency',
                  currency: billing.plan.currency,
                })}
              </Descriptions.Item>
            </Descriptions>
            <PlanChangeForm
              organizationId={organizationId}
              planId={billing.plan.id}
              onChanged={() => void query.refetch()}
            />
          </Card>
          <Card title={t('billing.usage.title')}>
            <Flex vertical gap={12}>
              {billing.usage.map((usage) => (
                <UsageBar key={usage.name} name={usage.name} used={usage.used} limit={usage.limit} />
              ))}
            </Flex>
          </Card>
          <Card title={t('billing.invoices.title')}>
            <InvoicesTable invoices={billing.invoices} />
          </Card>
        </Flex>
      )}
    </RouteLayout>
  );
}
