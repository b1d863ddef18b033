import { Button, Flex, Form, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrecision, targetPrecisionError } from './calibration.ts';
import { DecimalInput } from '../../components/form/DecimalInput.tsx';

/**
 * An Admin's target precision of automatic matching (docs/matching.md): the own value of an
 * organization or a competitor, or none (then `inherited` applies, described by `inheritedLabel`).
 * Checked as the API checks it (greater than 0.5, at most 1) before it is sent; `onSave(null)`
 * clears it. `error` is the sentence of a refused save.
 */
export function TargetPrecisionForm({
  label,
  value,
  inherited,
  inheritedLabel,
  saving,
  error,
  onSave,
  testId,
}: {
  label: string;
  value: number | null;
  inherited: number;
  inheritedLabel: string;
  saving: boolean;
  error?: string | null;
  onSave(value: number | null): void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState<number | null>(value);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    setTyped(value);
    setChecked(false);
  }, [value]);
  const problem = checked ? targetPrecisionError(typed) : null;
  const helpId = useId();
  const help = problem ? t(`matching.target.errors.${problem}`) : (error ?? null);
  const submit = () => {
    setChecked(true);
    if (targetPrecisionError(typed) === null) onSave(typed);
  };
  return (
    <Form layout="vertical" onFinish={submit} data-testid={testId} aria-label={label} style={{ maxWidth: 520 }}>
      <Form.Item
        label={label}
        validateStatus={help ? 'error' : undefined}
        help={help ?? undefined}
        extra={
          value === null
            ? t('matching.target.inherits', { label: inheritedLabel, value: formatPrecision(inherited, i18n.language) })
            : t('matching.target.hint')
        }
        style={{ marginBottom: 8 }}
      >
        <Flex gap={8} wrap align="center">
          <DecimalInput
            aria-label={label}
            aria-describedby={helpId}
            value={typed}
            placeholder={formatPrecision(inherited, i18n.language)}
            onChange={(next) => {
              setTyped(typeof next === 'number' ? next : null);
              setChecked(false);
            }}
            step={0.01}
            style={{ width: 140 }}
            status={help ? 'error' : undefined}
          />
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('matching.target.save')}
          </Button>
          {value !== null && (
            <Button onClick={() => onSave(null)} disabled={saving}>
              {t('matching.target.clear', { label: inheritedLabel })}
            </Button>
          )}
        </Flex>
      </Form.Item>
      <Typography.Text type="secondary" id={helpId} style={{ fontSize: 12 }}>
        {t('matching.target.meaning')}
      </Typography.Text>
    </Form>
  );
}
