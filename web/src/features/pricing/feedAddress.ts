export const FEED_FORMATS = ['json', 'csv', 'xml'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/**
 * The price feed's address for a format and a choice of suggestions (all, or only the accepted
 * ones), from the address the API gives (OrganizationWebsite.priceFeedUrl). The API key is not
 * part of it: the shop sends it in the X-Api-Key header.
 */
export function priceFeedAddress(base: string, format: FeedFormat, acceptedOnly: boolean): string {
  const url = new URL(base, 'http://placeholder.invalid');
  url.searchParams.set('format', format);
  url.searchParams.set('accepted', String(acceptedOnly));
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(base);
  return absolute ? url.toString() : `${url.pathname}${url.search}`;
}
