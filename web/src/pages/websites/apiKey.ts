/** How many characters of the key stay readable at its end. */
const VISIBLE_END = 4;

/**
 * The API key as the page shows it: its type prefix (e.g. 'owk_') and its last four
 * characters, everything between as dots; a short key is all dots.
 */
export function maskApiKey(key: string): string {
  const prefix = /^[a-z]{1,8}_/.exec(key)?.[0] ?? '';
  const secret = key.slice(prefix.length);
  if (secret.length <= VISIBLE_END * 3) return prefix + '•'.repeat(Math.max(secret.length, 8));
  return `${prefix}${'•'.repeat(12)}${secret.slice(-VISIBLE_END)}`;
}
