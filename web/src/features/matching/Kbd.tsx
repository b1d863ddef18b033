import { Typography } from 'antd';
import { keyLabel, type ShortcutKey } from './shortcuts.ts';

/**
 * The keys of a shortcut as <kbd> hints, e.g. "J / ↓". In a button they are hidden from screen
 * readers (the button's aria-keyshortcuts says them, and its name stays its label); `spoken` keys
 * stand in a hint line of their own ("J / ↓ K / ↑ move between products") and are read with it
 * (issue 20: the move keys were announced nowhere).
 */
export function Kbd({ keys, spoken = false }: { keys: readonly ShortcutKey[]; spoken?: boolean }) {
  return (
    <span aria-hidden={spoken ? undefined : true} style={{ whiteSpace: 'nowrap' }}>
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
