/** The organization website every page works in (docs/websites.md): its id and name. */
export interface SelectedWebsite {
  id: string;
  name: string;
}

/**
 * The first-load choice of docs/websites.md: the website named in the URL if it is in the list, else the
 * last used one if it is in the list, else the first in the list.
 */
export function chooseWebsite<T extends SelectedWebsite>(
  list: readonly T[],
  fromUrl: string | null,
  lastUsed: SelectedWebsite | null,
): T | null {
  const find = (id: string | null | undefined) => (id ? list.find((website) => website.id === id) : undefined);
  return find(fromUrl) ?? find(lastUsed?.id) ?? list[0] ?? null;
}

/** Reads the stored last-used website; anything but an object with a string id and name is ignored. */
export function parseLastUsed(stored: string | null): SelectedWebsite | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { id, name } = value as Record<string, unknown>;
    return typeof id === 'string' && id && typeof name === 'string' ? { id, name } : null;
  } catch {
    return null;
  }
}
