import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Flex, Popconfirm, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiErrorLike, apiErrorText } from '../../../components/errors/apiErrorText.ts';
import { ORGANIZATION_PLAN_CHANGE_MUTATION } from './queries.ts';
import { usePlanOptions } from './usePlanOptions.ts';

/** Moves the organization to another plan after a confirmation; a refusal names the limit. */
export function PlanChangeForm({
  organizationId,
  planId,
  onChanged,
}: {
  organizationId: string;
  planId: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { options, plans, loading } = usePlanOptions();
  const [chosen, setChosen] = useState(planId);
  const [refusal, setRefusal] = useState<ApiErrorLike | null>(null);
  const { mutate, mutation } = useCustomMutation();
  const chosenName = plans.find((plan) => plan.id === chosen)?.name ?? chosen;

  const change = () => {
    setRefusal(null);
    mutate(
      {
        url: '',
        method: 'post',
        values: { planId: chosen },
        meta: { gqlMutation: ORGANIZATION_PLAN_CHANGE_MUTATION, gqlVariables: { organizationId, planId: chosen } },
        successNotification: { type: 'success', message: t('billing.planChange.done', { plan: chosenName }) },
        errorNotification: false,
      },
      { onSuccess: onChanged, onError: (error) => setRefusal(error) },
    );
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Select
          aria-label={t('billing.planChange.label')}
          style={{ minWidth: 220 }}
          showSearch
          optionFilterProp="label"
          value={chosen}
          options={options}
          loading={loading}
          onChange={setChosen}
        />
        <Popconfirm
          title={t('billing.planChange.confirmTitle', { plan: chosenName })}
          okText={t('billing.planChange.submit')}
          cancelText={t('buttons.cancel')}
          onConfirm={change}
          disabled={chosen === planId}
        >
          <Button type="primary" disabled={chosen === planId} loading={mutation.isPending}>
            {t('billing.planChange.submit')}
          </Button>
        </Popconfirm>
      </Flex>
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('billing.planChange.failed')}
          description={apiErrorText(refusal, t)}
        />
      )}
    </Flex>
  );
}
