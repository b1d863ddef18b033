import { Drawer, Input, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareWithModel } from '../../../providers/i18n/languageFile.ts';
import { DEFAULT_LANGUAGE } from '../../../config/constants.ts';
import { filterKeys } from './languageRows.ts';
import { KeyList } from './KeyList.tsx';
import type { LanguageData } from './useLanguageData.ts';

interface Props {
  /** The language compared with English; null when the drawer is closed. */
  code: string | null;
  data: LanguageData;
  onClose: () => void;
}

/** api/src/schema/: keys only in the model language (missing translations) and only in the source (extra keys). */
export function ComparisonDrawer({ code, data, onClose }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const source = code
    ? (data.bundled?.[code] ?? data.custom.find((language) => language.code === code)?.messages)
    : undefined;
  const comparison = useMemo(
    () =>
      source && data.bundled ? compareWithModel(data.bundled[DEFAULT_LANGUAGE], source) : { missing: [], extra: [] },
    [source, data.bundled],
  );
  const missing = filterKeys(comparison.missing, filter);
  const extra = filterKeys(comparison.extra, filter);

  return (
    <Drawer
      open={code !== null}
      onClose={onClose}
      width={560}
      title={t('languages.comparison.title', { code })}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={t('languages.comparison.filter')}
        aria-label={t('languages.comparison.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <Tabs
        items={[
          {
            key: 'missing',
            label: t('languages.comparison.missing', { count: missing.length }),
            children: <KeyList keys={missing} help={t('languages.comparison.missingHelp', { code })} />,
          },
          {
            key: 'extra',
            label: t('languages.comparison.extra', { count: extra.length }),
            children: <KeyList keys={extra} help={t('languages.comparison.extraHelp', { code })} />,
          },
        ]}
      />
    </Drawer>
  );
}
