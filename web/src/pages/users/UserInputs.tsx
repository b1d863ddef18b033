import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrganizationSelect } from '../../features/organizations/OrganizationSelect.tsx';
import { grantableRoles } from './roles.ts';
import { useViewerRoles } from '../../components/access/useViewerRoles.ts';
import { FormSelect } from '../../components/form/FormSelect.tsx';

/**
 * The roles and organization of a user, shared by the invitation and the detail page. Only an
 * Admin picks the organization and may grant Admin; an Owner's users stay in its organization.
 */
export function UserInputs() {
  const { t } = useTranslation();
  const { roles, isAdmin } = useViewerRoles();
  return (
    <>
      <Form.Item
        name="roles"
        label={t('users.fields.roles')}
        rules={[{ required: true, message: t('users.validation.rolesRequired') }]}
      >
        <FormSelect
          mode="multiple"
          options={grantableRoles(roles).map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
        />
      </Form.Item>
      {isAdmin && (
        <Form.Item
          name="organizationId"
          label={t('users.fields.organization')}
          dependencies={['roles']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value || (getFieldValue('roles') as string[] | undefined)?.includes('Admin')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('users.validation.organizationRequired'))),
            }),
          ]}
        >
          <OrganizationSelect allowClear />
        </Form.Item>
      )}
    </>
  );
}
