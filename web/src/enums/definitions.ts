/**
 * The display enumerations of docs/matching.md and the matching statuses of docs/matching.md, each defined once:
 * its values in the spec's order, and for each value the colour it is shown in. The label of a
 * value is the locale key `enums.<kind>.<value>` (see enumLabelKey).
 *
 * `color` is an antd preset colour (what <Tag color> takes; `default` is the plain grey tag);
 * `hex` is the same colour as a CSS colour, for charts, dots and bars.
 */
/**
 * The API's enumerations as codegen reads them from the schema (recency contrast, difference
 * rating, matching status): a definition below keyed by one of them must name every value the
 * schema has and no other, so a schema change fails the typecheck here.
 */
import type * as Schema from '../graphql/operations.ts';
import { PRESET_TEXT } from '../theme.ts';

/** antd preset colours used here, with their primary shade (antd's `<colour>-6`). */
export const PRESET_HEX = {
  default: '#8c8c8c',
  green: '#52c41a',
  lime: '#a0d911',
  gold: '#faad14',
  orange: '#fa8c16',
  volcano: '#fa541c',
  red: '#f5222d',
  blue: '#1677ff',
  geekblue: '#2f54eb',
  cyan: '#13c2c2',
  purple: '#722ed1',
  magenta: '#eb2f96',
} as const;

export type PresetColor = keyof typeof PRESET_HEX;

export interface EnumDefinition<V extends string = string> {
  /** The enumeration's name: the locale group `enums.<kind>` and EnumTag's `kind`. */
  readonly kind: EnumKind;
  /** The values in the spec's order. */
  readonly values: readonly V[];
  /** The colour of each value (antd preset name, usable as <Tag color>). */
  readonly colors: Readonly<Record<V, string>>;
  /** The same colours as CSS colours (charts, badges). */
  readonly hex: Readonly<Record<V, string>>;
}

function define<V extends string>(kind: EnumKind, colors: Record<V, PresetColor | `#${string}`>): EnumDefinition<V> {
  const values = Object.keys(colors) as V[];
  const hex = Object.fromEntries(
    values.map((value) => {
      const color = colors[value];
      return [value, color.startsWith('#') ? color : PRESET_HEX[color as PresetColor]];
    }),
  ) as Record<V, string>;
  return Object.freeze({
    kind,
    values: Object.freeze(values),
    colors: Object.freeze({ ...colors }),
    hex: Object.freeze(hex),
  });
}

export type EnumKind =
  | 'recencyContrast'
  | 'diffContrast'
  | 'diffRating'
  | 'actionStatus'
  | 'groupColor'
  | 'matchingStatus'
  | 'matchingStatistic';

/** How old the freshest competitor price is: none (no price), short (< 1 day), middle (< 1 week), long. */
export const RECENCY_CONTRAST = define<Schema.RecencyContrast>('recencyContrast', {
  none: 'default',
  short: 'green',
  middle: 'gold',
  long: 'red',
});

/** Our price against the competitors': none (no comparison), less, lesser, similar, more. */
export const DIFF_CONTRAST = define('diffContrast', {
  none: 'default',
  less: 'green',
  lesser: 'cyan',
  similar: 'blue',
  more: 'red',
});

/** How far our price is from the cheapest competitor's: unknown, normal (< 5 %), increased (< 15 %), high. */
export const DIFF_RATING = define<Schema.DiffRating>('diffRating', {
  unknown: 'default',
  normal: 'green',
  increased: 'orange',
  high: 'red',
});

/** The outcome of an action (a run, an import, a check). */
export const ACTION_STATUS = define('actionStatus', {
  success: 'green',
  warning: 'gold',
  danger: 'volcano',
  error: 'red',
  unset: 'default',
});

/** Five colours for groups of things (series of a chart, competitors, rule groups), indexed 0 to 4. */
export const GROUP_COLOR = define('groupColor', {
  '0': '#4650C1',
  '1': '#13A8A8',
  '2': '#FA8C16',
  '3': '#EB2F96',
  '4': '#52C41A',
});

/** The status of a match (product × competitor product); docs/matching.md: each status its own colour. */
export const MATCHING_STATUS = define<Schema.MatchingStatus>('matchingStatus', {
  WAITING: 'gold',
  MATCHED: 'green',
  NEVER_MATCH: 'red',
  SKIPPED: 'purple',
  EXPIRED: 'default',
});

/** The keys of the matching statistics, coloured like the status each counts (waiting to confirm its own blue). */
export const MATCHING_STATISTIC = define('matchingStatistic', {
  matched: 'green',
  waitingToMatch: 'gold',
  waitingToConfirm: 'blue',
  skipped: 'purple',
  neverMatch: 'red',
  expired: 'default',
});

export type RecencyContrast = (typeof RECENCY_CONTRAST.values)[number];
export type DiffContrast = (typeof DIFF_CONTRAST.values)[number];
export type DiffRating = (typeof DIFF_RATING.values)[number];
export type ActionStatus = (typeof ACTION_STATUS.values)[number];
export type GroupColorIndex = (typeof GROUP_COLOR.values)[number];
export type MatchingStatus = (typeof MATCHING_STATUS.values)[number];
export type MatchingStatistic = (typeof MATCHING_STATISTIC.values)[number];

/** Every enumeration by its kind. */
export const ENUMS = {
  recencyContrast: RECENCY_CONTRAST,
  diffContrast: DIFF_CONTRAST,
  diffRating: DIFF_RATING,
  actionStatus: ACTION_STATUS,
  groupColor: GROUP_COLOR,
  matchingStatus: MATCHING_STATUS,
  matchingStatistic: MATCHING_STATISTIC,
} as const satisfies Record<EnumKind, EnumDefinition>;

/** The values each kind takes, for typed props. */
export type EnumValueOf<K extends EnumKind> = (typeof ENUMS)[K]['values'][number];

/** The locale key of a value's label. */
export function enumLabelKey(kind: EnumKind, value: string | number): string {
  return `enums.${kind}.${value}`;
}

/** Whether `value` is one of the kind's values. */
export function isEnumValue<K extends EnumKind>(kind: K, value: unknown): value is EnumValueOf<K> {
  return (ENUMS[kind].values as readonly unknown[]).includes(typeof value === 'number' ? String(value) : value);
}

/** The colour of a value (antd preset), `default` for a value the kind does not have. */
export function enumColor(kind: EnumKind, value: string | number): string {
  return isEnumValue(kind, value) ? (ENUMS[kind].colors as Record<string, string>)[String(value)]! : 'default';
}

/** The CSS colour of a value, antd's grey for a value the kind does not have. */
export function enumHex(kind: EnumKind, value: string | number): string {
  return isEnumValue(kind, value) ? (ENUMS[kind].hex as Record<string, string>)[String(value)]! : PRESET_HEX.default;
}

/**
 * The colour of a value when it colours text (a price difference, a count): the preset's darker
 * text shade from the theme, which meets AA on white and the page's grey (issue 20); a value
 * defined by a CSS colour keeps it.
 */
export function enumTextHex(kind: EnumKind, value: string | number): string {
  const color = isEnumValue(kind, value) ? (ENUMS[kind].colors as Record<string, string>)[String(value)]! : 'default';
  return color.startsWith('#') ? color : PRESET_TEXT[color as PresetColor];
}

/** The colour of group i (any integer; wraps around the five). */
export function groupColor(index: number): string {
  const n = GROUP_COLOR.values.length;
  return GROUP_COLOR.hex[String(((Math.trunc(index) % n) + n) % n) as GroupColorIndex];
}
