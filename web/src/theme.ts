import type { ThemeConfig } from 'antd';

/** SPEC §9: brand colour #4650C1. */
export const BRAND_COLOR = '#4650C1';

export const theme: ThemeConfig = {
  token: { colorPrimary: BRAND_COLOR, colorLink: BRAND_COLOR },
};
