import { useCustomMutation } from '@refinedev/core';
import { Button, Flex, Popconfirm } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDialog } from './useFormDialog.ts';
import { changeFailedNotification } from '../../components/errors/formErrors.ts';
import { COMPETITOR_DELETE_MUTATION, COMPETITOR_UPDATE_MUTATION, type CompetitorRow } from './queries.ts';

// Loaded when first opened: the form's code stays out of the page's first load.
const CompetitorFormModal = lazy(() =>
  import('./CompetitorFormModal.tsx').then((module) => ({ default: module.CompetitorFormModal })),
);

export interface CompetitorActionsProps {
  competitor: CompetitorRow;
  /** Update on competitors: edit, activate and deactivate. */
  canUpdate: boolean;
  /** Delete on competitors. */
  canDelete: boolean;
  onChanged: () => void;
  onDeleted: () => void;
  size?: 'small' | 'middle';
}

/** Edit, activate or deactivate, and delete (after a confirmation) one competitor. */
export function CompetitorActions({
  competitor,
  canUpdate,
  canDelete,
  onChanged,
  onDeleted,
  size = 'middle',
}: CompetitorActionsProps) {
  const { t } = useTranslation();
  const editing = useFormDialog();
  const toggle = useCustomMutation();
  const remove = useCustomMutation();
  const switchTo = competitor.active ? 'deactivate' : 'activate';
  const { name } = competitor;

  const setActive = () =>
    toggle.mutate(
      {
        url: '',
        method: 'post',
        values: { active: !competitor.active },
        meta: {
          gqlMutation: COMPETITOR_UPDATE_MUTATION,
          gqlVariables: { competitorId: competitor.id, input: { active: !competitor.active } },
        },
        successNotification: { type: 'success', message: t(`competitors.${switchTo}.done`, { name }) },
        errorNotification: changeFailedNotification(t, t(`competitors.${switchTo}.failed`, { name })),
      },
      { onSuccess: onChanged },
    );

  const deleteCompetitor = () =>
    remove.mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: COMPETITOR_DELETE_MUTATION, gqlVariables: { competitorId: competitor.id } },
        successNotification: { type: 'success', message: t('competitors.delete.done', { name }) },
        errorNotification: changeFailedNotification(t, t('competitors.delete.failed', { name })),
      },
      { onSuccess: onDeleted },
    );

  if (!canUpdate && !canDelete) return null;
  return (
    <Flex gap={8} wrap>
      {canUpdate && (
        <>
          <Button size={size} onClick={editing.show}>
            {t('buttons.edit')}
          </Button>
          <Button size={size} loading={toggle.mutation.isPending} onClick={setActive}>
            {t(`competitors.${switchTo}.button`)}
          </Button>
        </>
      )}
      {canDelete && (
        <Popconfirm
          placement="bottomRight"
          title={t('competitors.delete.confirmTitle', { name })}
          description={t('competitors.delete.confirmText')}
          okText={t('buttons.delete')}
          cancelText={t('buttons.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={deleteCompetitor}
        >
          <Button size={size} danger loading={remove.mutation.isPending}>
            {t('buttons.delete')}
          </Button>
        </Popconfirm>
      )}
      {editing.mounted && (
        <Suspense fallback={null}>
          <CompetitorFormModal
            key={editing.key}
            open={editing.open}
            target={{ competitor }}
            onClose={editing.hide}
            onSaved={onChanged}
          />
        </Suspense>
      )}
    </Flex>
  );
}
