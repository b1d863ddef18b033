import type { ThemeConfig } from 'antd';
import { BRAND_COLOR, BREAKPOINTS } from './config/constants.ts';

/**
 * The shade antd draws a preset colour's tag text in (`<colour>7`, on its `<colour>1`
 * background), darkened where antd's own falls below WCAG AA's 4.5:1 (issue 20): one shade or two
 * darker for cyan, green, orange, volcano, gold, yellow and lime. Also the colour of a preset colour
 * used as text (a price difference), where it stands on white or the page's grey.
 */
export const PRESET_TEXT = {
  default: '#595959',
  green: '#237804',
  lime: '#3f6600',
  gold: '#874d00',
  yellow: '#614700',
  orange: '#ad4e00',
  volcano: '#ad2102',
  red: '#cf1322',
  blue: '#0958d9',
  geekblue: '#1d39c4',
  cyan: '#006d75',
  purple: '#531dab',
  magenta: '#c41d7f',
} as const;

/**
 * The text colours that sit on a light background, darker than antd's defaults so every text
 * meets AA (issue 20; theme.test.ts checks each pair): secondary and description text (antd's 45 %
 * black is 3.3:1 on white), and success, warning, error and info (antd's green is 2.3:1). The
 * status backgrounds and borders stay antd's light ones (a darker seed would grey them).
 */
const TEXT_TOKENS = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  // Placeholders of selects and fields (axe checks them as text; antd's 25 % black is 1.8:1).
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
  colorSuccess: '#2b7a0b',
  colorSuccessBg: '#f6ffed',
  colorSuccessBgHover: '#d9f7be',
  colorSuccessBorder: '#b7eb8f',
  colorSuccessBorderHover: '#95de64',
  colorWarning: '#9a5a00',
  colorWarningBg: '#fffbe6',
  colorWarningBgHover: '#fff1b8',
  colorWarningBorder: '#ffe58f',
  colorWarningBorderHover: '#ffd666',
  colorError: '#c41d26',
  colorInfo: '#0958d9',
  green7: PRESET_TEXT.green,
  lime7: PRESET_TEXT.lime,
  gold7: PRESET_TEXT.gold,
  yellow7: PRESET_TEXT.yellow,
  orange7: PRESET_TEXT.orange,
  volcano7: PRESET_TEXT.volcano,
  cyan7: PRESET_TEXT.cyan,
} as const;

/**
 * The hover shades antd derives from the colours above are lighter, and most fall below 4.5:1
 * (the primary button's hover #6b77cf under white text is 4.07:1, a link's hover #95a0db on white
 * 2.52:1): a pointer resting on a button or link is a state a person reads too. Each is the
 * lightest step from its colour towards antd's own hover that keeps 4.6:1 on the page's grey
 * (theme.test.ts checks every pair), so hovering still shows.
 */
const HOVER_TOKENS = {
  colorPrimaryHover: '#5a65c9',
  colorPrimaryTextHover: '#5a65c9',
  colorLinkHover: '#5a65c9',
  colorErrorHover: '#cd363a',
  colorErrorTextHover: '#cd363a',
  colorSuccessHover: '#337e14',
  colorInfoHover: '#1d69df',
  colorWarningHover: '#9e6109',
} as const;

/** antd's theme from web/src/config/constants.ts: the brand colour as the primary colour, and the spec's breakpoints. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    ...TEXT_TOKENS,
    ...HOVER_TOKENS,
    screenXS: BREAKPOINTS.xs,
    screenXSMax: BREAKPOINTS.xsMax,
    screenSM: BREAKPOINTS.sm,
    screenSMMin: BREAKPOINTS.sm,
    screenSMMax: BREAKPOINTS.smMax,
    screenMD: BREAKPOINTS.md,
    screenMDMin: BREAKPOINTS.md,
    screenMDMax: BREAKPOINTS.mdMax,
    screenLG: BREAKPOINTS.lg,
    screenLGMin: BREAKPOINTS.lg,
    screenLGMax: BREAKPOINTS.lgMax,
    screenXL: BREAKPOINTS.xl,
    screenXLMin: BREAKPOINTS.xl,
    screenXLMax: BREAKPOINTS.xlMax,
    screenXXL: BREAKPOINTS.xxl,
    screenXXLMin: BREAKPOINTS.xxl,
  },
  components: {
    // An empty list's or table's "No data" text is drawn in the disabled-text colour (antd's 25 %
    // black, 1.6:1 on white); it is text a person reads, so it takes the description colour (issue 20).
    List: { colorTextDisabled: TEXT_TOKENS.colorTextDescription },
    Table: { colorTextDisabled: TEXT_TOKENS.colorTextDescription },
  },
};

/**
 * The theme for a person who asked their system for reduced motion (`prefers-reduced-motion:
 * reduce`): antd's `motion` token off, so nothing slides, zooms or collapses — dialogs, menus
 * and messages appear and leave at once, and nothing moves under the pointer (WCAG 2.3.3).
 */
export function themeFor({ reducedMotion }: { reducedMotion: boolean }): ThemeConfig {
  return reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}
