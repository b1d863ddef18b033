import { Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBSITE_PICKER_LIMIT, WEBSITE_PICKER_MIN_WIDTH, WEBSITE_SEARCH_DEBOUNCE_MS } from '../../config/constants.ts';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import { pickerMessage } from './pickerMessage.ts';
import { useWebsiteOptions, websiteLabel } from './useWebsiteOptions.ts';
import { useWebsiteSelection } from './WebsiteSelection.tsx';
import { inHeader } from '../layout/inHeader.ts';

/** The header's organization-website picker (web/README.md, §5, §8): searchable, debounced, limited. */
export function WebsitePicker() {
  const { t } = useTranslation();
  const { website, select } = useWebsiteSelection();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, WEBSITE_SEARCH_DEBOUNCE_MS);
  const { result, query } = useWebsiteOptions(debouncedSearch);
  const settled = search === debouncedSearch && !query.isFetching;

  const options = useMemo(
    () => result.data.map((item) => ({ value: item.id, label: websiteLabel(item), website: item })),
    [result.data],
  );
  const selectedOption = options.find((option) => option.value === website?.id);

  const message = pickerMessage({
    search: debouncedSearch,
    isError: query.isError,
    count: settled && result.total !== undefined ? result.data.length : null,
    total: result.total ?? null,
    limit: WEBSITE_PICKER_LIMIT,
  });
  const messageText = message
    ? t(`websitePicker.messages.${message}`, { limit: WEBSITE_PICKER_LIMIT, total: result.total ?? 0 })
    : null;

  return (
    <Select
      showSearch
      aria-label={t('websitePicker.label')}
      getPopupContainer={inHeader}
      placeholder={t('websitePicker.placeholder')}
      style={{ minWidth: WEBSITE_PICKER_MIN_WIDTH, maxWidth: '100%' }}
      popupMatchSelectWidth={false}
      labelInValue
      value={website ? { value: website.id, label: selectedOption?.label ?? websiteLabel(website) } : undefined}
      options={options}
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      onChange={(_, option) => {
        if (option && !Array.isArray(option)) select(option.website);
      }}
      loading={!settled}
      notFoundContent={
        settled ? <Typography.Text type="secondary">{messageText}</Typography.Text> : <Spin size="small" />
      }
      popupRender={(menu) => (
        <>
          {message === 'filterDisplayLimitReached' && (
            <Typography.Paragraph type="secondary" style={{ margin: 0, padding: '4px 12px' }} role="status">
              {messageText}
            </Typography.Paragraph>
          )}
          {message === 'itemsLoadingFailed' && options.length > 0 && (
            <Typography.Paragraph type="danger" style={{ margin: 0, padding: '4px 12px' }} role="alert">
              {messageText}
            </Typography.Paragraph>
          )}
          {menu}
        </>
      )}
    />
  );
}
