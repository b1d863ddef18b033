import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { CanAccess, useCustomMutation, useNotification } from '@refinedev/core';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { maskApiKey } from '../apiKey.ts';
import { WEBSITE_API_KEY_ROTATE_MUTATION } from '../queries.ts';

/** The website's API key, masked, with a copy button and (Update on websites) a confirmed rotation. */
export function ApiKeyField({
  websiteId,
  apiKey,
  onRotated,
}: {
  websiteId: string;
  apiKey: string;
  onRotated: () => void;
}) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      open?.({ type: 'success', message: t('websites.apiKey.copied') });
    } catch {
      open?.({ type: 'error', message: t('websites.apiKey.copyFailed') });
    }
  };

  const rotate = () =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: WEBSITE_API_KEY_ROTATE_MUTATION, gqlVariables: { organizationWebsiteId: websiteId } },
        successNotification: { type: 'success', message: t('websites.apiKey.rotated') },
        errorNotification: changeFailedNotification(t, t('websites.apiKey.rotateFailed')),
      },
      { onSuccess: onRotated },
    );

  return (
    <Flex gap={8} wrap align="center">
      <Typography.Text code aria-label={t('websites.apiKey.masked')} data-testid="api-key">
        {maskApiKey(apiKey)}
      </Typography.Text>
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
        {t('websites.apiKey.copy')}
      </Button>
      <CanAccess resource="websites" action="update">
        <Popconfirm
          title={t('websites.apiKey.rotateTitle')}
          description={t('websites.apiKey.rotateText')}
          okText={t('websites.apiKey.rotate')}
          cancelText={t('buttons.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={rotate}
        >
          <Button size="small" danger icon={<ReloadOutlined />} loading={mutation.isPending}>
            {t('websites.apiKey.rotate')}
          </Button>
        </Popconfirm>
      </CanAccess>
    </Flex>
  );
}
