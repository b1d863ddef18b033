import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lease } from '../queries.ts';
import type { Notice } from './MatchingSession.ts';

const TYPE = { stale: 'warning', leased: 'warning', error: 'error', info: 'info' } as const;

/** What the session has to say (a refused decision and why, an undo done), and who else holds the product. */
export function SessionNotice({
  notice,
  heldBy,
  onClose,
}: {
  notice: Notice | null;
  heldBy: Lease | null;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {heldBy && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message={t('matching.lease.heldByOther', { email: heldBy.userEmail ?? '?' })}
          description={
            heldBy.expiresAt
              ? t('matching.lease.until', { time: new Date(heldBy.expiresAt).toLocaleTimeString(i18n.language) })
              : undefined
          }
        />
      )}
      {notice && (
        <Alert
          type={TYPE[notice.kind]}
          showIcon
          closable
          onClose={onClose}
          role={notice.kind === 'info' ? 'status' : 'alert'}
          style={{ marginBottom: 16 }}
          message={t(`matching.session.${notice.key}`, notice.values)}
          description={notice.detail}
        />
      )}
    </>
  );
}
