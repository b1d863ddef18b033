import { Button, Form, type FormProps, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrganizationSelect } from '../../../features/organizations/OrganizationSelect.tsx';
import { useViewerRoles } from '../../../components/access/useViewerRoles.ts';
import type { WebsiteFilterValues } from '../websiteFilters.ts';

/**
 * The name search and (Admin) the organization filter of the websites list. `initialValues`: the
 * filters read from the address, shown when the form first appears (after the access check).
 */
export function WebsiteFilters({
  formProps,
  initialValues,
}: {
  formProps: FormProps<WebsiteFilterValues>;
  initialValues: WebsiteFilterValues;
}) {
  const { t } = useTranslation();
  const { isAdmin } = useViewerRoles();
  return (
    <Form<WebsiteFilterValues>
      {...formProps}
      initialValues={initialValues}
      layout="inline"
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="search" label={t('websites.fields.name')}>
        <Input allowClear placeholder={t('websites.list.search')} />
      </Form.Item>
      {isAdmin && (
        <Form.Item name="organizationId" label={t('websites.fields.organization')}>
          <OrganizationSelect allowClear style={{ minWidth: 220 }} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit">
        {t('websites.list.filter')}
      </Button>
    </Form>
  );
}
