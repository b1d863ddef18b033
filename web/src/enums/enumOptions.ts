import type { TFunction } from 'i18next';
import { ENUMS, type EnumKind, enumLabelKey, type EnumValueOf } from './definitions.ts';

/** A kind's values as options of a Select (value and translated label), in the spec's order. */
export function enumOptions<K extends EnumKind>(
  kind: K,
  t: TFunction | ((key: string) => string),
): { value: EnumValueOf<K>; label: string }[] {
  return (ENUMS[kind].values as readonly EnumValueOf<K>[]).map((value) => ({
    value,
    label: String(t(enumLabelKey(kind, value))),
  }));
}
