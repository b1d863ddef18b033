import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** An organization's state as every organization page shows it: Active (green) or Suspended (red). */
export function OrganizationStateTag({ suspended }: { suspended: boolean }) {
  const { t } = useTranslation();
  return suspended ? (
    <Tag color="red">{t('organizations.state.suspended')}</Tag>
  ) : (
    <Tag color="green">{t('organizations.state.active')}</Tag>
  );
}
