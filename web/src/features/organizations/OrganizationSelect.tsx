import { useSelect } from '@refinedev/antd';
import type { SelectProps } from 'antd';
import { FormSelect } from '../../components/form/FormSelect.tsx';
import { ORGANIZATION_OPTIONS_QUERY } from './queries.ts';

/** Picks an organization by name (searched on the server); the control of a Form.Item (FormSelect). */
export function OrganizationSelect(props: Omit<SelectProps, 'options' | 'showSearch'>) {
  const { selectProps } = useSelect<{ id: string; name: string }>({
    resource: 'organizations',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { pageSize: 50, mode: 'server' },
    onSearch: (value) => [{ field: 'search', operator: 'contains', value }],
    meta: { gqlQuery: ORGANIZATION_OPTIONS_QUERY },
    errorNotification: false,
  });
  return <FormSelect {...selectProps} {...props} />;
}
