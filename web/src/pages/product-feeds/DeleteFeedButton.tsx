import { DeleteOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../components/errors/formErrors.ts';
import { PRODUCT_FEED_DELETE_MUTATION } from './queries.ts';

/** Deletes a feed after a confirmation saying its products stay. */
export function DeleteFeedButton({
  feed,
  onDeleted,
  compact = false,
}: {
  feed: { id: string; name: string };
  onDeleted: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { mutateAsync, mutation } = useCustomMutation();

  // The promise of mutateAsync settles even when this button has unmounted meanwhile (the deleted
  // feed's page re-reads it and drops the button); a per-call onSuccess would be lost then and the
  // page would stay on the deleted feed. Refine shows the success or failure notification itself.
  const run = async () => {
    try {
      await mutateAsync({
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: PRODUCT_FEED_DELETE_MUTATION, gqlVariables: { productFeedId: feed.id } },
        successNotification: { type: 'success', message: t('productFeeds.delete.done', { name: feed.name }) },
        errorNotification: changeFailedNotification(t, t('productFeeds.delete.failed')),
      });
    } catch {
      return; // the failure is already shown; the feed is still there
    }
    onDeleted();
  };

  return (
    <Popconfirm
      placement="bottomRight"
      title={t('productFeeds.delete.confirmTitle', { name: feed.name })}
      description={t('productFeeds.delete.confirmText')}
      okText={t('productFeeds.delete.button')}
      okButtonProps={{ danger: true }}
      cancelText={t('buttons.cancel')}
      onConfirm={run}
    >
      <Button
        danger
        size={compact ? 'small' : 'middle'}
        icon={<DeleteOutlined />}
        loading={mutation.isPending}
        aria-label={t('productFeeds.delete.buttonFor', { name: feed.name })}
      >
        {compact ? null : t('productFeeds.delete.button')}
      </Button>
    </Popconfirm>
  );
}
