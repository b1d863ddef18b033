import { DeleteOutlined, DownloadOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import { Button, Flex, Popconfirm, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import {
  SCRAPER_DELETE_MUTATION,
  SCRAPER_RUN_CANCEL_MUTATION,
  SCRAPER_UPDATE_MUTATION,
  type ScraperDetail,
} from '../queries.ts';
import { RunNowButton } from '../RunNowButton.tsx';
import { isActive } from '../../../features/scrapers/ScraperTags.tsx';

/** The file an export downloads: the scraper's name and settings as JSON. */
export function exportFile(scraper: Pick<ScraperDetail, 'name' | 'settings'>): { name: string; text: string } {
  const slug =
    scraper.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'scraper';
  return {
    name: `${slug}.scraper.json`,
    text: `${JSON.stringify({ name: scraper.name, settings: JSON.parse(scraper.settings ?? '{}') }, null, 2)}\n`,
  };
}

function download(file: { name: string; text: string }) {
  const url = URL.createObjectURL(new Blob([file.text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: file.name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Run now / cancel, export and import of the settings as JSON, delete. */
export function ScraperActions({
  scraper,
  onChanged,
  onDeleted,
}: {
  scraper: ScraperDetail;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const change = (
    gqlMutation: unknown,
    gqlVariables: Record<string, unknown>,
    done: string,
    failed: string,
    onSuccess: () => void,
  ) =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: gqlMutation as never, gqlVariables },
        successNotification: { type: 'success', message: done },
        errorNotification: changeFailedNotification(t, failed),
      },
      { onSuccess },
    );
  const active = scraper.activeRun;

  return (
    <Flex gap={8} wrap>
      <RunNowButton scraperId={scraper.id} name={scraper.name} busy={isActive(active?.status)} onStarted={onChanged} />
      {active && (
        <Button
          icon={<StopOutlined />}
          loading={mutation.isPending}
          onClick={() =>
            change(
              SCRAPER_RUN_CANCEL_MUTATION,
              { runId: active.id },
              t('scrapers.cancel.done'),
              t('scrapers.cancel.failed'),
              onChanged,
            )
          }
        >
          {t('scrapers.cancel.button')}
        </Button>
      )}
      <Button icon={<DownloadOutlined />} onClick={() => download(exportFile(scraper))}>
        {t('scrapers.export.button')}
      </Button>
      <Upload
        accept="application/json,.json"
        showUploadList={false}
        beforeUpload={(file) => {
          void file
            .text()
            .then((text) =>
              change(
                SCRAPER_UPDATE_MUTATION,
                { scraperId: scraper.id, input: { settings: text } },
                t('scrapers.import.done', { file: file.name }),
                t('scrapers.import.failed'),
                onChanged,
              ),
            );
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('scrapers.import.button')}</Button>
      </Upload>
      <Popconfirm
        placement="bottomRight"
        title={t('scrapers.delete.confirmTitle', { name: scraper.name })}
        description={t('scrapers.delete.confirmText')}
        okText={t('scrapers.delete.button')}
        okButtonProps={{ danger: true }}
        cancelText={t('buttons.cancel')}
        onConfirm={() =>
          change(
            SCRAPER_DELETE_MUTATION,
            { scraperId: scraper.id },
            t('scrapers.delete.done', { name: scraper.name }),
            t('scrapers.delete.failed'),
            onDeleted,
          )
        }
      >
        <Button danger icon={<DeleteOutlined />}>
          {t('scrapers.delete.button')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
