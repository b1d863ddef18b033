/** The business constants of web/src/config/constants.ts, in one place. */

export const BRAND_COLOR = '#4650C1';

export const SIDEBAR_WIDTH = 250;
/** Width of the collapsed sidebar on small screens (icons only). */
export const SIDEBAR_COLLAPSED_WIDTH = 64;
export const WEBSITE_PICKER_MIN_WIDTH = 200;
/** The header's height; the sidebar sticks below it. */
export const HEADER_HEIGHT = 64;
/** Padding of the simple centred layout (the auth pages). */
export const CENTERED_PAGE_PADDING = 80;

export const BREAKPOINTS = {
  xs: 480,
  xsMax: 575,
  sm: 576,
  smMax: 767,
  md: 768,
  mdMax: 991,
  lg: 992,
  lgMax: 1199,
  xl: 1200,
  xlMax: 1599,
  xxl: 1600,
} as const;

export const SPACING = [4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 48, 64] as const;
export type Spacing = (typeof SPACING)[number];

/** The organization-website picker (api/src/graphql/validate.ts, §7). */
export const WEBSITE_PICKER_LIMIT = 500;
export const WEBSITE_SEARCH_DEBOUNCE_MS = 500;
export const LAST_USED_WEBSITE_KEY = 'last-used-organization-website';

/** The query parameters carried between pages when they are strings (web/README.md). */
export const WEBSITE_PARAM = 'owid';
export const LOCALE_PARAM = 'locale';
export const CARRIED_PARAMS = [WEBSITE_PARAM, LOCALE_PARAM] as const;

/** Languages and formats (web/src/config/constants.ts). */
export const BUILT_IN_LANGUAGES = ['en', 'cs'] as const;
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_LOCALE = 'en-US';

/** Identity (api/src/graphql/validate.ts): the password policy when the provider publishes none. */
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;
