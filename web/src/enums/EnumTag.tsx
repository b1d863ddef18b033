import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EnumKind, enumColor, enumHex, enumLabelKey, type EnumValueOf, isEnumValue } from './definitions.ts';

export interface EnumTagProps<K extends EnumKind> {
  kind: K;
  /** A value of the kind; anything else shows as itself in a grey tag. */
  value: EnumValueOf<K> | (string & {}) | number;
  /** A text instead of the value's label (the colour stays the value's). */
  children?: React.ReactNode;
}

/** One value of a display enumeration as a coloured tag with its translated label. */
export function EnumTag<K extends EnumKind>({ kind, value, children }: EnumTagProps<K>) {
  const { t } = useTranslation();
  const known = isEnumValue(kind, value);
  return (
    <Tag color={enumColor(kind, value)} data-enum={kind} data-value={String(value)}>
      {children ?? (known ? t(enumLabelKey(kind, value)) : String(value))}
    </Tag>
  );
}

/** The same as a coloured dot with the label beside it (denser lists, legends). */
export function EnumBadge<K extends EnumKind>({ kind, value, children }: EnumTagProps<K>) {
  const { t } = useTranslation();
  const known = isEnumValue(kind, value);
  return (
    <Badge
      color={enumHex(kind, value)}
      data-enum={kind}
      data-value={String(value)}
      text={children ?? (known ? t(enumLabelKey(kind, value)) : String(value))}
    />
  );
}
