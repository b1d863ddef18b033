import { useSelect } from '@refinedev/antd';
import { Select, type SelectProps } from 'antd';
import { ORGANIZATION_OPTIONS_QUERY } from './queries.ts';

/** Picks an organization by name (searched on the server). */
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
  return <Select {...selectProps} {...props} />;
}
