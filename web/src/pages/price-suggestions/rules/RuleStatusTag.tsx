import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceRuleStatus } from '../../../graphql/operations.ts';

const COLORS: Record<PriceRuleStatus, string> = { ACTIVE: 'green', INACTIVE: 'default', DRAFT: 'gold' };

/** Active / Inactive / Draft. */
export function RuleStatusTag({ status }: { status: PriceRuleStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`priceSuggestions.status.${status}`)}</Tag>;
}

export const RULE_STATUSES: readonly PriceRuleStatus[] = ['ACTIVE', 'INACTIVE', 'DRAFT'];
