import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MatchingMode } from './queries.ts';

export function MatchingModeTag({ mode }: { mode: MatchingMode }) {
  const { t } = useTranslation();
  return <Tag color={mode === 'automatic' ? 'blue' : 'gold'}>{t(`competitors.matchingMode.${mode}`)}</Tag>;
}

export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Tag color="green">{t('competitors.state.active')}</Tag>
  ) : (
    <Tag>{t('competitors.state.inactive')}</Tag>
  );
}
