import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { usagePercent } from './usage.ts';

/** One limit: its name, used of allowed, and a progress bar that turns red when full. */
export function UsageBar({ name, used, limit }: { name: string; used: number; limit: number }) {
  const { t, i18n } = useTranslation();
  const { percent, status } = usagePercent(used, limit);
  const format = (value: number) => value.toLocaleString(i18n.language);
  const label = t('billing.usage.ofLimit', { used: format(used), limit: format(limit) });
  return (
    <div>
      <div>
        {t(`billing.limits.${name}`, { defaultValue: name })}: {label}
      </div>
      <Progress
        percent={percent}
        status={status}
        aria-label={`${t(`billing.limits.${name}`, { defaultValue: name })} ${label}`}
      />
    </div>
  );
}
