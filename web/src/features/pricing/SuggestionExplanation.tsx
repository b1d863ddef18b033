import { useTranslation } from 'react-i18next';
import { type ExplanationStep, explanationLines } from './explanation.ts';

/** A suggestion's explanation, one sentence per step, in order. */
export function SuggestionExplanation({
  steps,
  currency,
  label,
}: {
  steps: readonly ExplanationStep[];
  currency: string;
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  const lines = explanationLines(steps, t, currency, i18n.language);
  return (
    <ol
      aria-label={label ?? t('priceSuggestions.suggestion.explanation')}
      style={{ margin: 0, paddingInlineStart: 20 }}
    >
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id of their own: their place in the list is theirs.
        <li key={`${index}:${line}`}>{line}</li>
      ))}
    </ol>
  );
}
