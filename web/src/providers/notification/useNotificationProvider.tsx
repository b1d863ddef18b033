import type { NotificationProvider } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotifications } from './NotificationsProvider.tsx';

/**
 * Refine's notifications as antd notifications. A small equivalent of @refinedev/antd's provider,
 * kept here so the first page does not load the rest of @refinedev/antd (markdown fields etc.).
 */
export function useNotificationProvider(): NotificationProvider {
  const notification = useNotifications();
  const { t } = useTranslation();
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
      if (type === 'progress') {
        notification.info({
          key,
          message,
          description,
          duration: undoableTimeout ?? 5,
          btn: (
            <Button
              size="small"
              onClick={() => {
                cancelMutation?.();
                if (key) notification.destroy(key);
              }}
            >
              {t('buttons.undo')}
            </Button>
          ),
        });
        return;
      }
      notification.open({ key, message, description, type });
    },
    close: (key) => notification.destroy(key),
  };
}
