import { useCustomMutation } from '@refinedev/core';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../components/errors/apiErrorText.ts';
import { COMPETITOR_TARGET_PRECISION_SET_MUTATION } from '../../../features/matching/queries.ts';
import type { MatchingCalibration } from '../../../features/matching/calibration.ts';
import { TargetPrecisionForm } from '../../../features/matching/TargetPrecisionForm.tsx';
import { useViewerRoles } from '../../../components/access/useViewerRoles.ts';

/**
 * An Admin's target precision of automatic matching at this competitor (docs/matching.md): its
 * own, or none (its organization's applies). Saved, the competitor's calibration is read again.
 */
export function CompetitorTargetPrecision({
  competitorId,
  own,
  calibration,
  onSaved,
}: {
  competitorId: string;
  own: number | null;
  calibration: MatchingCalibration;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { isAdmin } = useViewerRoles();
  const { mutate, mutation } = useCustomMutation();
  if (!isAdmin) return null;
  const save = (value: number | null) =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: COMPETITOR_TARGET_PRECISION_SET_MUTATION,
          gqlVariables: { competitorId, targetPrecision: value },
        },
        successNotification: () => ({ type: 'success', message: t('matching.target.saved') }),
        errorNotification: false,
      },
      { onSuccess: onSaved },
    );
  return (
    <Card size="small">
      <TargetPrecisionForm
        testId="competitor-target-precision"
        label={t('matching.target.competitorLabel')}
        value={own}
        inherited={calibration.targetPrecision}
        inheritedLabel={t('matching.target.organization')}
        saving={mutation.isPending}
        error={mutation.error ? apiErrorText(mutation.error, t) : null}
        onSave={save}
      />
    </Card>
  );
}
