import { CanAccess, useCustom } from '@refinedev/core';
import { Card, Descriptions, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { ORGANIZATION_QUERY, type OrganizationRow } from '../queries.ts';
import { OrganizationNameForm } from './OrganizationNameForm.tsx';
import { SuspensionButton } from './SuspensionButton.tsx';
import { LinkButton } from '../../../components/navigation/LinkButton.tsx';
import { formatDateTime } from '../../../components/format/format.ts';
import { OrganizationStateTag } from '../../../features/organizations/OrganizationStateTag.tsx';

/** /organizations/[organizationId]: the organization's state, plan and counts; rename, suspend. */
export default function OrganizationDetailPage() {
  const { t, i18n } = useTranslation();
  const { organizationId = '' } = useParams();
  const { query } = useCustom<OrganizationRow>({
    url: '',
    method: 'get',
    meta: { gqlQuery: ORGANIZATION_QUERY, gqlVariables: { organizationId } },
    errorNotification: false,
  });
  const organization = query.data?.data;
  const refresh = () => void query.refetch();

  return (
    <RouteLayout
      route="organizationDetail"
      names={{ organizationDetail: organization?.name }}
      extra={
        organization && (
          <Flex gap={8} wrap>
            <CanAccess resource="organizations:billing" action="read">
              <LinkButton to={routePath('organizationBilling', { organizationId })}>
                {t('organizations.detail.billing')}
              </LinkButton>
            </CanAccess>
            <CanAccess resource="organizations:suspend" action="update">
              <SuspensionButton organization={organization} onChanged={refresh} />
            </CanAccess>
          </Flex>
        )
      }
    >
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Skeleton active />}
      {organization && (
        <Flex vertical gap={24}>
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={t('organizations.fields.name')}>{organization.name}</Descriptions.Item>
            <Descriptions.Item label={t('organizations.fields.plan')}>{organization.plan.name}</Descriptions.Item>
            <Descriptions.Item label={t('organizations.fields.state')}>
              <OrganizationStateTag suspended={organization.suspended} />
            </Descriptions.Item>
            <Descriptions.Item label={t('organizations.fields.websitesCount')}>
              {organization.websitesCount}
            </Descriptions.Item>
            <Descriptions.Item label={t('organizations.fields.usersCount')}>
              {organization.usersCount}
            </Descriptions.Item>
            <Descriptions.Item label={t('organizations.fields.createdAt')}>
              {formatDateTime(organization.createdAt, i18n.language)}
            </Descriptions.Item>
          </Descriptions>
          <CanAccess resource="organizations" action="update">
            <Card title={t('organizations.edit.title')}>
              <OrganizationNameForm organization={organization} onSaved={refresh} />
            </Card>
          </CanAccess>
        </Flex>
      )}
    </RouteLayout>
  );
}
