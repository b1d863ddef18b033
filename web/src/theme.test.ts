import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { BRAND_COLOR } from './config/constants.ts';
import { ENUMS, enumTextHex } from './enums/index.ts';
import { PRESET_TEXT, theme } from './theme.ts';

/**
 * Issue 20: every foreground/background pair the console's theme draws meets WCAG AA — 4.5:1 for
 * text, 3:1 for user-interface parts (a focus ring, a checked box). The tokens are antd's as
 * derived from our theme (what the page gets), not the values written in theme.ts.
 */

type Rgba = [number, number, number, number];

function parse(colour: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(colour.trim());
  if (hex) {
    let digits = hex[1]!;
    if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
    const channel = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return [channel(0), channel(2), channel(4), digits.length === 8 ? channel(6) / 255 : 1];
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(colour.trim());
  if (!rgb) throw new Error(`not a colour: ${colour}`);
  const [r, g, b, a = 1] = rgb[1]!.split(',').map(Number);
  return [r!, g!, b!, a];
}

/** A translucent colour as it shows over an opaque one. */
function over(top: Rgba, under: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const linear = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of a foreground over a background (both over white when translucent). */
function contrast(foreground: string, background: string): number {
  const back = over(parse(background), [255, 255, 255, 1]);
  const fore = over(parse(foreground), back);
  const [light, dark] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;
const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
];

/** Backgrounds text stands on: a card or table, the page's grey, a table header, a dropdown. */
const SURFACES = ['colorBgContainer', 'colorBgLayout', 'colorFillAlter', 'colorBgElevated'];
const TEXTS = [
  'colorText',
  'colorTextHeading',
  'colorTextLabel',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextPlaceholder',
  'colorLink',
  'colorPrimary',
  'colorSuccess',
  'colorSuccessText',
  'colorWarning',
  'colorWarningText',
  'colorError',
  'colorErrorText',
  'colorInfo',
  'colorInfoText',
  // The same texts under a resting pointer (theme.ts, HOVER_TOKENS).
  'colorLinkHover',
  'colorPrimaryHover',
  'colorPrimaryTextHover',
  'colorErrorHover',
  'colorErrorTextHover',
  'colorSuccessHover',
  'colorInfoHover',
  'colorWarningHover',
];

interface Pair {
  name: string;
  foreground: string;
  background: string;
  minimum: number;
}

const pairs: Pair[] = [
  ...TEXTS.flatMap((text) =>
    SURFACES.map((surface) => ({
      name: `${text} on ${surface}`,
      foreground: token[text]!,
      background: token[surface]!,
      minimum: 4.5,
    })),
  ),
  // Status tags and alerts: the status colour on its own light background.
  ...['Success', 'Warning', 'Error', 'Info'].map((status) => ({
    name: `color${status} on color${status}Bg`,
    foreground: token[`color${status}`]!,
    background: token[`color${status}Bg`]!,
    minimum: 4.5,
  })),
  // Preset-coloured tags: antd draws the text in <colour>7 on <colour>1.
  ...PRESETS.map((preset) => ({
    name: `${preset} tag`,
    foreground: token[`${preset}7`]!,
    background: token[`${preset}1`]!,
    minimum: 4.5,
  })),
  // A preset colour as text (price differences) on white and on the page's grey.
  ...Object.entries(PRESET_TEXT).flatMap(([preset, colour]) =>
    ['colorBgContainer', 'colorBgLayout'].map((surface) => ({
      name: `${preset} text on ${surface}`,
      foreground: colour,
      background: token[surface]!,
      minimum: 4.5,
    })),
  ),
  // Enumeration values as text (price positions and differences, statistics' counts); the group
  // colours are for charts and dots only.
  ...Object.values(ENUMS)
    .filter((definition) => definition.kind !== 'groupColor')
    .flatMap((definition) =>
      definition.values.map((value) => ({
        name: `${definition.kind} ${value} as text`,
        foreground: enumTextHex(definition.kind, value),
        background: token.colorBgLayout!,
        minimum: 4.5,
      })),
    ),
  // An empty list's or table's "No data" (each draws it in its own colorTextDisabled, theme.ts).
  ...(['List', 'Table'] as const).flatMap((component) =>
    SURFACES.map((surface) => ({
      name: `${component} empty text on ${surface}`,
      foreground: String(theme.components?.[component]?.colorTextDisabled),
      background: token[surface]!,
      minimum: 4.5,
    })),
  ),
  // White text on filled buttons: primary, danger, and the status colours.
  ...[
    'colorPrimary',
    'colorPrimaryHover',
    'colorPrimaryActive',
    'colorError',
    'colorErrorHover',
    'colorSuccess',
    'colorSuccessHover',
  ].map((fill) => ({
    name: `colorTextLightSolid on ${fill}`,
    foreground: token.colorTextLightSolid!,
    background: token[fill]!,
    minimum: 4.5,
  })),
  // User-interface parts: the focus ring and checked controls in the brand colour.
  ...['colorBgContainer', 'colorBgLayout'].map((surface) => ({
    name: `brand colour (focus ring) on ${surface}`,
    foreground: BRAND_COLOR,
    background: token[surface]!,
    minimum: 3,
  })),
];

describe('theme colour pairs (WCAG AA)', () => {
  it('knows the contrast of black on white and of antd’s own secondary grey', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeLessThan(4.5);
  });

  it.each(pairs.map((pair) => [pair.name, pair] as const))('%s meets its minimum', (_name, pair) => {
    expect(
      contrast(pair.foreground, pair.background),
      `${pair.foreground} on ${pair.background}`,
    ).toBeGreaterThanOrEqual(pair.minimum);
  });
});
