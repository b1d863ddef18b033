import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrganizationSelect } from '../../../features/organizations/OrganizationSelect.tsx';
import { ROLES } from '../roles.ts';
import { useViewerRoles } from '../../../components/access/useViewerRoles.ts';
import type { UserFilterValues } from './userFilters.ts';

export type { UserFilterValues };

/**
 * E-mail search and the organization (Admin), role and state filters of the users list, applied
 * by Filter. `values`: the filters read from the address; the form shows them again when the
 * address changes them (Back, a link).
 */
export function UserFilters({
  values,
  onFilter,
}: {
  values: UserFilterValues;
  onFilter: (values: UserFilterValues) => void;
}) {
  const { t } = useTranslation();
  const { isAdmin } = useViewerRoles();
  const shown = {
    email: values.email || undefined,
    organizationId: values.organizationId || undefined,
    role: values.role || undefined,
    state: values.state || undefined,
  };
  return (
    <Form<UserFilterValues>
      key={JSON.stringify(shown)}
      initialValues={shown}
      onFinish={onFilter}
      layout="inline"
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="email" label={t('users.fields.email')}>
        <Input allowClear placeholder={t('users.list.emailSearch')} />
      </Form.Item>
      {isAdmin && (
        <Form.Item name="organizationId" label={t('users.fields.organization')}>
          <OrganizationSelect allowClear style={{ minWidth: 200 }} />
        </Form.Item>
      )}
      <Form.Item name="role" label={t('users.fields.role')}>
        <Select
          allowClear
          style={{ minWidth: 140 }}
          options={ROLES.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
        />
      </Form.Item>
      <Form.Item name="state" label={t('users.fields.state')}>
        <Select
          allowClear
          style={{ minWidth: 140 }}
          options={[
            { value: 'enabled', label: t('users.state.enabled') },
            { value: 'disabled', label: t('users.state.disabled') },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('users.list.filter')}
      </Button>
    </Form>
  );
}
