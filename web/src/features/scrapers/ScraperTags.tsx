import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const HEALTH_COLOURS: Record<string, string> = {
  healthy: 'green',
  degraded: 'orange',
  failing: 'red',
  unknown: 'default',
};
const RUN_COLOURS: Record<string, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'default',
};

/** A scraper's health: healthy, degraded, failing, or not known before its first run. */
export function HealthTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={HEALTH_COLOURS[status] ?? 'default'}>{t(`scrapers.health.${status}`)}</Tag>;
}

export function RunStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={RUN_COLOURS[status] ?? 'default'}>{t(`scrapers.runStatus.${status}`)}</Tag>;
}

export const isActive = (status: string | null | undefined) => status === 'queued' || status === 'running';
