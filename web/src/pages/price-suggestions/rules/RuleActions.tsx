import { useCustomMutation } from '@refinedev/core';
import { Button, Dropdown, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PriceRuleStatus } from '../../../graphql/operations.ts';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import {
  PRICE_RULE_DELETE_MUTATION,
  PRICE_RULE_DUPLICATE_MUTATION,
  PRICE_RULE_STATUS_SET_MUTATION,
} from '../queries.ts';
import { RULE_STATUSES } from './RuleStatusTag.tsx';

export interface RuleActionsProps {
  rule: { id: string; name: string; status: PriceRuleStatus };
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onChanged: () => void;
}

/** Switch a rule's status, duplicate it (a Draft copy, opened at once), delete it after a confirmation. */
export function RuleActions({ rule, canCreate, canUpdate, canDelete, onChanged }: RuleActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const status = useCustomMutation();
  const duplicate = useCustomMutation<{ id: string; name: string }>();
  const remove = useCustomMutation();
  const { name } = rule;

  const setStatus = (next: PriceRuleStatus) =>
    status.mutate(
      {
        url: '',
        method: 'post',
        values: { status: next },
        meta: { gqlMutation: PRICE_RULE_STATUS_SET_MUTATION, gqlVariables: { priceRuleId: rule.id, status: next } },
        successNotification: {
          type: 'success',
          message: t('priceSuggestions.rules.statusSet', { name, status: t(`priceSuggestions.status.${next}`) }),
        },
        errorNotification: changeFailedNotification(t, t('priceSuggestions.rules.statusFailed', { name })),
      },
      { onSuccess: onChanged },
    );

  const copy = () =>
    duplicate.mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: PRICE_RULE_DUPLICATE_MUTATION, gqlVariables: { priceRuleId: rule.id } },
        successNotification: (data) => ({
          type: 'success',
          message: t('priceSuggestions.rules.duplicated', { name: data?.data.name ?? name }),
        }),
        errorNotification: changeFailedNotification(t, t('priceSuggestions.rules.duplicateFailed', { name })),
      },
      {
        onSuccess: (data) => {
          onChanged();
          navigate(carried(routePath('priceSuggestionRuleDetail', { ruleId: data.data.id })));
        },
      },
    );

  const deleteRule = () =>
    remove.mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: PRICE_RULE_DELETE_MUTATION, gqlVariables: { priceRuleId: rule.id } },
        successNotification: { type: 'success', message: t('priceSuggestions.rules.deleted', { name }) },
        errorNotification: changeFailedNotification(t, t('priceSuggestions.rules.deleteFailed', { name })),
      },
      { onSuccess: onChanged },
    );

  if (!canCreate && !canUpdate && !canDelete) return null;
  return (
    <Flex gap={8} wrap>
      {canUpdate && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: RULE_STATUSES.filter((value) => value !== rule.status).map((value) => ({
              key: value,
              label: t(`priceSuggestions.rules.switchTo.${value}`),
            })),
            onClick: ({ key }) => setStatus(key as PriceRuleStatus),
          }}
        >
          <Button
            size="small"
            loading={status.mutation.isPending}
            aria-label={t('priceSuggestions.rules.switchStatusOf', { name })}
          >
            {t('priceSuggestions.rules.switchStatus')}
          </Button>
        </Dropdown>
      )}
      {canCreate && (
        <Button
          size="small"
          loading={duplicate.mutation.isPending}
          onClick={copy}
          aria-label={t('priceSuggestions.rules.duplicateOf', { name })}
        >
          {t('priceSuggestions.rules.duplicate')}
        </Button>
      )}
      {canDelete && (
        <Popconfirm
          title={t('priceSuggestions.rules.deleteTitle', { name })}
          description={t('priceSuggestions.rules.deleteText')}
          okText={t('buttons.delete')}
          cancelText={t('buttons.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={deleteRule}
        >
          <Button
            size="small"
            danger
            loading={remove.mutation.isPending}
            aria-label={t('priceSuggestions.rules.deleteOf', { name })}
          >
            {t('buttons.delete')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
