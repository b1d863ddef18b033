import { useCustomMutation } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { newIdempotencyKey } from '../../../features/matching/apiCall.ts';
import { MATCHING_REVERT_MUTATION, type MatchingDecision } from '../queries.ts';

/** Reverts one decision after a confirmation (the revert is logged too); one key per confirmed attempt. */
export function RevertButton({ decision, onReverted }: { decision: MatchingDecision; onReverted(): void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  const run = () =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: MATCHING_REVERT_MUTATION,
          gqlVariables: { input: { decisionId: decision.id, idempotencyKey: key } },
        },
        successNotification: { type: 'success', message: t('matching.log.revertDone') },
        errorNotification: changeFailedNotification(t, t('matching.log.revertFailed')),
      },
      {
        onSuccess: () => {
          setKey(newIdempotencyKey());
          onReverted();
        },
        onError: () => setKey(newIdempotencyKey()),
      },
    );
  return (
    <Popconfirm
      title={t('matching.log.revertTitle')}
      description={t('matching.log.revertText', {
        product: decision.product.name,
        competitor: decision.competitor.name,
      })}
      okText={t('matching.log.revert')}
      cancelText={t('buttons.cancel')}
      onConfirm={run}
    >
      <Button size="small" loading={mutation.isPending}>
        {t('matching.log.revert')}
      </Button>
    </Popconfirm>
  );
}
