/**
 * The display enumerations (docs/matching.md) and matching statuses (docs/matching.md, §4): one definition each.
 *
 * Definitions (values in the spec's order, `colors[value]` an antd preset for <Tag color>,
 * `hex[value]` the same as a CSS colour):
 *   RECENCY_CONTRAST   none | short | middle | long
 *   DIFF_CONTRAST      none | less | lesser | similar | more
 *   DIFF_RATING        unknown | normal | increased | high
 *   ACTION_STATUS      success | warning | danger | error | unset
 *   GROUP_COLOR        '0' | '1' | '2' | '3' | '4'      (groupColor(i) wraps any index)
 *   MATCHING_STATUS    WAITING | MATCHED | NEVER_MATCH | SKIPPED | EXPIRED
 *   MATCHING_STATISTIC matched | waitingToMatch | waitingToConfirm | skipped | neverMatch | expired
 *   ENUMS              all of them by kind: recencyContrast, diffContrast, diffRating,
 *                      actionStatus, groupColor, matchingStatus, matchingStatistic
 * Types: RecencyContrast, DiffContrast, DiffRating, ActionStatus, GroupColorIndex,
 *   MatchingStatus, MatchingStatistic, EnumKind, EnumValueOf<kind>, EnumDefinition.
 * Helpers: enumLabelKey(kind, value) → 'enums.<kind>.<value>' (locale namespace "enums"),
 *   enumColor(kind, value), enumHex(kind, value), enumTextHex(kind, value) (as text, AA), isEnumValue(kind, value), groupColor(i),
 *   enumOptions(kind, t) → Select options, diffContrastOf(percent) → DiffContrast of a price
 *   difference in percent (similar within ±1 %, lesser below 5 % lower, less from 5 % lower, more).
 * Components: <EnumTag kind="diffRating" value="high" /> (antd Tag, translated label),
 *   <EnumBadge kind=… value=… /> (coloured dot + label). An unknown value shows itself in grey.
 */
export {
  ACTION_STATUS,
  DIFF_CONTRAST,
  DIFF_RATING,
  ENUMS,
  GROUP_COLOR,
  MATCHING_STATISTIC,
  MATCHING_STATUS,
  PRESET_HEX,
  RECENCY_CONTRAST,
  enumColor,
  enumHex,
  enumTextHex,
  enumLabelKey,
  groupColor,
  isEnumValue,
  type ActionStatus,
  type DiffContrast,
  type DiffRating,
  type EnumDefinition,
  type EnumKind,
  type EnumValueOf,
  type GroupColorIndex,
  type MatchingStatistic,
  type MatchingStatus,
  type RecencyContrast,
} from './definitions.ts';
export { EnumBadge, EnumTag, type EnumTagProps } from './EnumTag.tsx';
export { diffContrastOf, DIFF_CONTRAST_LIMITS } from './diffContrast.ts';
export { enumOptions } from './enumOptions.ts';
