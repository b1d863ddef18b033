import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The organization name search above the organization and billing lists. `value`: the search in
 * effect (from the address), shown again when it changes there (Back, a link).
 */
export function OrganizationSearch({ value, onSearch }: { value?: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      key={value}
      defaultValue={value}
      allowClear
      placeholder={t('organizations.list.search')}
      aria-label={t('organizations.list.search')}
      style={{ maxWidth: 360, marginBottom: 16 }}
      onSearch={(search) => onSearch(search.trim())}
    />
  );
}
