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
