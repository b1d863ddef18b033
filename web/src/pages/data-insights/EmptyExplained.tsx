import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InsightsEmpty } from './queries.ts';

/** Why a snapshot has nothing to show, and what would change that (never a chart of zeros). */
export function EmptyExplained({ reason }: { reason: InsightsEmpty }) {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong>{t(`insights.empty.${reason}.title`)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t(`insights.empty.${reason}.hint`)}</Typography.Text>
        </>
      }
    />
  );
}
