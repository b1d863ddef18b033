import { Typography } from 'antd';
import { keyLabel, type ShortcutKey } from './shortcuts.ts';

/** The keys of a shortcut as <kbd> hints, e.g. "J / ↓". */
export function Kbd({ keys }: { keys: readonly ShortcutKey[] }) {
  return (
    <span aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
      {keys.map((key, index) => (
        <span key={key}>
          {index > 0 && ' / '}
          {/* The button's own text colour: antd's dark key text was 3.1:1 on a primary button (issue 20). */}
          <Typography.Text keyboard style={{ color: 'inherit' }}>
            {keyLabel(key)}
          </Typography.Text>
        </span>
      ))}
    </span>
  );
}
