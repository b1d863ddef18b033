import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, type ReactNode, useContext } from 'react';

const NotificationsContext = createContext<NotificationInstance | null>(null);

/**
 * antd notifications that follow the theme. Only notifications: antd's App component would also
 * bring its modal and message code to every first load.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification();
  return (
    <NotificationsContext.Provider value={api}>
      {holder}
      {children}
    </NotificationsContext.Provider>
  );
}

export function useNotifications(): NotificationInstance {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications needs a NotificationsProvider');
  return api;
}
