import type { CrudFilter } from '@refinedev/core';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The organization name search above the organization and billing lists (a `search` filter for the list query). */
export function OrganizationSearch({
  setFilters,
}: {
  setFilters: (filters: CrudFilter[], behavior: 'replace') => void;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      placeholder={t('organizations.list.search')}
      aria-label={t('organizations.list.search')}
      style={{ maxWidth: 360, marginBottom: 16 }}
      onSearch={(value) => setFilters([{ field: 'search', operator: 'contains', value: value.trim() }], 'replace')}
    />
  );
}
