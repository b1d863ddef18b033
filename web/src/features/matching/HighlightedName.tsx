import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { type HighlightEvidence, highlightName } from './evidence.ts';

/**
 * A product name with the words the other name shares marked: model numbers strongly, other
 * words lightly (the text stays the same; only the marking differs).
 */
export function HighlightedName({
  name,
  other,
  evidence,
}: {
  name: string;
  other: string;
  evidence?: HighlightEvidence;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <span>
      {highlightName(name, other, evidence).map((segment, index) =>
        segment.shared ? (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder: the index is a stable key.
            key={index}
            title={t(
              segment.shared === 'model' ? 'matching.evidence.sharedModelNumber' : 'matching.evidence.sharedWord',
            )}
            data-evidence={segment.shared}
            style={
              segment.shared === 'model'
                ? {
                    background: token.colorSuccessBg,
                    outline: `1px solid ${token.colorSuccessBorder}`,
                    fontWeight: 600,
                    padding: '0 2px',
                  }
                : { background: token.colorWarningBg, padding: 0 }
            }
          >
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder (above).
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
