/** The locales offered for formats (numbers, dates, prices): web/src/config/constants.ts default en-US first. */
export const PROFILE_LOCALES = ['en-US', 'en-GB', 'cs-CZ', 'sk-SK', 'de-DE'] as const;
