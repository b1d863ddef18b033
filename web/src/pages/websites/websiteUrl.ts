/** The longest address the API accepts. */
export const WEBSITE_URL_MAX_LENGTH = 2000;
export const WEBSITE_NAME_MAX_LENGTH = 200;

/** The API's rule for a website address: an absolute http(s) address without spaces, at most 2000 characters. */
export function isWebsiteUrl(value: string): boolean {
  const url = value.trim();
  if (!/^https?:\/\//i.test(url) || /\s/.test(url) || url.length > WEBSITE_URL_MAX_LENGTH) return false;
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}
