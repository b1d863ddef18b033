/**
 * The page a sign-in may lead to from `?to=`: only a path of this site. Anything that could leave
 * it (`https://…`, `//host`, `/\host`, `javascript:`, control characters) is dropped, so a link
 * to the login page cannot send a user elsewhere after they sign in.
 */
const PROBE_ORIGIN = 'https://console.invalid';

export function sameOriginPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
