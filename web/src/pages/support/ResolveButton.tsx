import { useCustomMutation } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../components/errors/formErrors.ts';
import { SUPPORT_REQUEST_RESOLVE_MUTATION, type SupportRequestRow } from './queries.ts';

/** Marks one request resolved (Admin: Update on contactSupport). */
export function ResolveButton({ request, onResolved }: { request: SupportRequestRow; onResolved: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const resolve = () =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: SUPPORT_REQUEST_RESOLVE_MUTATION, gqlVariables: { supportRequestId: request.id } },
        successNotification: { type: 'success', message: t('support.resolve.done', { topic: request.topic }) },
        errorNotification: changeFailedNotification(t, t('support.resolve.failed')),
      },
      { onSuccess: onResolved },
    );
  return (
    <Button
      size="small"
      loading={mutation.isPending}
      onClick={resolve}
      aria-label={t('support.resolve.label', { topic: request.topic })}
    >
      {t('support.resolve.button')}
    </Button>
  );
}
