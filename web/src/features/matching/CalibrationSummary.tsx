import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { calibrationSentences, type MatchingCalibration } from './calibration.ts';

/**
 * Automatic matching at a competitor: the estimate behind its calibrated threshold, or how many
 * decisions are still needed (docs/matching.md). `compact`: one line of secondary text (a table row).
 */
export function CalibrationSummary({
  calibration,
  compact = false,
}: {
  calibration: MatchingCalibration;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const text = calibrationSentences(calibration, t, i18n.language).join(' ');
  if (compact) {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="matching-calibration">
        {text}
      </Typography.Text>
    );
  }
  return (
    <Alert
      type={calibration.automatic ? 'success' : 'info'}
      showIcon
      data-testid="matching-calibration"
      message={t('matching.calibration.title')}
      description={text}
    />
  );
}
