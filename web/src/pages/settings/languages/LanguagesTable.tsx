import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../providers/i18n/languageName.ts';
import type { LanguageRow } from './languageRows.ts';
import { LanguageActions } from './LanguageActions.tsx';
import type { LanguageData } from './useLanguageData.ts';

interface Props {
  data: LanguageData;
  onCompare: (code: string) => void;
  onDeleted: () => Promise<void>;
}

/** Code, name, built-in or custom, number of keys, updated, and the row's actions. */
export function LanguagesTable({ data, onCompare, onDeleted }: Props) {
  const { t } = useTranslation();
  return (
    <Table<LanguageRow>
      rowKey="code"
      dataSource={data.rows}
      loading={data.loading}
      pagination={false}
      scroll={{ x: true }}
      columns={[
        { title: t('languages.columns.code'), dataIndex: 'code' },
        {
          title: t('languages.columns.name'),
          key: 'name',
          render: (_, row) => (row.builtIn ? t(`language.names.${row.code}`) : languageName(row.code)),
        },
        {
          title: t('languages.columns.kind'),
          key: 'kind',
          render: (_, row) =>
            row.builtIn ? (
              <Tag color="blue">{t('languages.kinds.builtIn')}</Tag>
            ) : (
              <Tag color="green">{t('languages.kinds.custom')}</Tag>
            ),
        },
        { title: t('languages.columns.keys'), dataIndex: 'keys', render: (keys: number | null) => keys ?? '—' },
        {
          title: t('languages.columns.updated'),
          dataIndex: 'updated',
          render: (updated: string | null) => (updated ? dayjs(updated).format('YYYY-MM-DD HH:mm:ss') : '—'),
        },
        {
          title: t('languages.columns.actions'),
          key: 'actions',
          render: (_, row) => <LanguageActions row={row} data={data} onCompare={onCompare} onDeleted={onDeleted} />,
        },
      ]}
    />
  );
}
