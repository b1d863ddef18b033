import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { describe, expect, it } from 'vitest';
import {
  ACTION_STATUS,
  DIFF_CONTRAST,
  DIFF_RATING,
  diffContrastOf,
  ENUMS,
  enumColor,
  enumHex,
  enumLabelKey,
  GROUP_COLOR,
  groupColor,
  MATCHING_STATISTIC,
  MATCHING_STATUS,
  PRESET_HEX,
  RECENCY_CONTRAST,
} from './index.ts';

/** The lists as api/src/schema/ writes them. */
const SPEC_LISTS = {
  recencyContrast: ['none', 'short', 'middle', 'long'],
  diffContrast: ['none', 'less', 'lesser', 'similar', 'more'],
  diffRating: ['unknown', 'normal', 'increased', 'high'],
  actionStatus: ['success', 'warning', 'danger', 'error', 'unset'],
  groupColor: ['0', '1', '2', '3', '4'],
  matchingStatus: ['WAITING', 'MATCHED', 'NEVER_MATCH', 'SKIPPED', 'EXPIRED'],
  matchingStatistic: ['matched', 'waitingToMatch', 'waitingToConfirm', 'skipped', 'neverMatch', 'expired'],
};

const lookup = (messages: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      messages,
    );

const everyValue = Object.values(ENUMS).flatMap((definition) =>
  definition.values.map((value) => [definition.kind, value] as const),
);

describe('display enumerations', () => {
  it('are exactly the lists of api/src/schema/, in its order', () => {
    expect(
      Object.fromEntries(Object.entries(ENUMS).map(([kind, definition]) => [kind, [...definition.values]])),
    ).toEqual(SPEC_LISTS);
    expect(RECENCY_CONTRAST.values).toEqual(SPEC_LISTS.recencyContrast);
    expect(DIFF_CONTRAST.values).toEqual(SPEC_LISTS.diffContrast);
    expect(DIFF_RATING.values).toEqual(SPEC_LISTS.diffRating);
    expect(ACTION_STATUS.values).toEqual(SPEC_LISTS.actionStatus);
    expect(GROUP_COLOR.values).toEqual(SPEC_LISTS.groupColor);
    expect(MATCHING_STATUS.values).toEqual(SPEC_LISTS.matchingStatus);
    expect(MATCHING_STATISTIC.values).toEqual(SPEC_LISTS.matchingStatistic);
  });

  it.each(everyValue)('%s %s has a colour and a CSS colour', (kind, value) => {
    expect(enumColor(kind, value)).toMatch(/^([a-z]+|#[0-9A-Fa-f]{6})$/);
    expect(enumHex(kind, value)).toMatch(/^#[0-9A-Fa-f]{6}$/);
  });

  it.each(everyValue)('%s %s has a label in English and Czech', (kind, value) => {
    const key = enumLabelKey(kind, value);
    expect(lookup(en, key)).toEqual(expect.stringMatching(/\S/));
    expect(lookup(cs, key)).toEqual(expect.stringMatching(/\S/));
  });

  it('the locale group of every kind has no keys beyond its values', () => {
    for (const [kind, definition] of Object.entries(ENUMS)) {
      expect(Object.keys(lookup(en, `enums.${kind}`) as object).sort()).toEqual([...definition.values].sort());
      expect(Object.keys(lookup(cs, `enums.${kind}`) as object).sort()).toEqual([...definition.values].sort());
    }
  });

  it('gives each matching status, each statistics key and each group its own colour (docs/matching.md)', () => {
    for (const definition of [
      MATCHING_STATUS,
      MATCHING_STATISTIC,
      GROUP_COLOR,
      DIFF_RATING,
      RECENCY_CONTRAST,
      ACTION_STATUS,
      DIFF_CONTRAST,
    ]) {
      const colours = definition.values.map((value) => enumHex(definition.kind, value));
      expect(new Set(colours).size).toBe(colours.length);
    }
  });

  it('colours a statistics key like the status it counts', () => {
    expect(enumColor('matchingStatistic', 'matched')).toBe(enumColor('matchingStatus', 'MATCHED'));
    expect(enumColor('matchingStatistic', 'waitingToMatch')).toBe(enumColor('matchingStatus', 'WAITING'));
    expect(enumColor('matchingStatistic', 'skipped')).toBe(enumColor('matchingStatus', 'SKIPPED'));
    expect(enumColor('matchingStatistic', 'neverMatch')).toBe(enumColor('matchingStatus', 'NEVER_MATCH'));
    expect(enumColor('matchingStatistic', 'expired')).toBe(enumColor('matchingStatus', 'EXPIRED'));
  });

  it('reads the readings normal, increased and high as green, orange and red', () => {
    expect([DIFF_RATING.colors.normal, DIFF_RATING.colors.increased, DIFF_RATING.colors.high]).toEqual([
      'green',
      'orange',
      'red',
    ]);
  });

  it('shows a value a kind does not have in grey', () => {
    expect(enumColor('diffRating', 'bogus')).toBe('default');
    expect(enumHex('matchingStatus', 'matched')).toBe(PRESET_HEX.default);
  });

  it('wraps group colours around the five', () => {
    expect([0, 4, 5, 7, -1].map(groupColor)).toEqual([
      GROUP_COLOR.hex['0'],
      GROUP_COLOR.hex['4'],
      GROUP_COLOR.hex['0'],
      GROUP_COLOR.hex['2'],
      GROUP_COLOR.hex['4'],
    ]);
  });
});

describe('diffContrastOf', () => {
  it.each([
    [null, 'none'],
    [Number.NaN, 'none'],
    [0, 'similar'],
    [0.99, 'similar'],
    [-0.99, 'similar'],
    [1, 'more'],
    [40, 'more'],
    [-1, 'lesser'],
    [-4.99, 'lesser'],
    [-5, 'less'],
    [-30, 'less'],
  ] as const)('%s %% is %s', (percent, contrast) => {
    expect(diffContrastOf(percent)).toBe(contrast);
  });
});
