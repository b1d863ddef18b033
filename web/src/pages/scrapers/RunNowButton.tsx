import { PlayCircleOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../components/errors/formErrors.ts';
import { SCRAPER_RUN_NOW_MUTATION } from './queries.ts';

/** Queues a run now; while one is queued or running the button says so and waits. */
export function RunNowButton({
  scraperId,
  name,
  busy,
  onStarted,
  size,
}: {
  scraperId: string;
  name: string;
  busy: boolean;
  onStarted: () => void;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const start = () =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: SCRAPER_RUN_NOW_MUTATION, gqlVariables: { scraperId } },
        successNotification: { type: 'success', message: t('scrapers.runNow.done', { name }) },
        errorNotification: changeFailedNotification(t, t('scrapers.runNow.failed')),
      },
      { onSuccess: onStarted },
    );
  const action = busy ? t('scrapers.runNow.busy') : t('scrapers.runNow.button');
  return (
    // Named by what it shows, then the scraper ("Run now: Sportisimo"): WCAG 2.5.3, label in name.
    <Button
      size={size}
      icon={<PlayCircleOutlined />}
      loading={mutation.isPending}
      disabled={busy}
      onClick={start}
      aria-label={t('scrapers.runNow.labelFor', { action, name })}
    >
      {action}
    </Button>
  );
}
