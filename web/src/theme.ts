import type { ThemeConfig } from 'antd';
import { BRAND_COLOR, BREAKPOINTS } from './config/constants.ts';

/** antd's theme from SPEC §9: the brand colour as the primary colour, and the spec's breakpoints. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
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
};

/**
 * The theme for a person who asked their system for reduced motion (`prefers-reduced-motion:
 * reduce`): antd's `motion` token off, so nothing slides, zooms or collapses — dialogs, menus
 * and messages appear and leave at once, and nothing moves under the pointer (WCAG 2.3.3).
 */
export function themeFor({ reducedMotion }: { reducedMotion: boolean }): ThemeConfig {
  return reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}
