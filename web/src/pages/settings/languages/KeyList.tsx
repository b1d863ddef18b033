import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The keys of one side of a comparison, with what they mean. */
export function KeyList({ keys, help }: { keys: readonly string[]; help: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={[...keys]}
        locale={{ emptyText: t('languages.comparison.empty') }}
        pagination={keys.length > 50 ? { pageSize: 50, size: 'small', showSizeChanger: false } : false}
        renderItem={(key) => (
          <List.Item>
            <Typography.Text code>{key}</Typography.Text>
          </List.Item>
        )}
      />
    </>
  );
}
