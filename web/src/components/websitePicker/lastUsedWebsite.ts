import { LAST_USED_WEBSITE_KEY } from '../../config/constants.ts';
import { parseLastUsed, type SelectedWebsite } from './chooseWebsite.ts';

export function readLastUsedWebsite(): SelectedWebsite | null {
  try {
    return parseLastUsed(localStorage.getItem(LAST_USED_WEBSITE_KEY));
  } catch {
    return null;
  }
}

export function saveLastUsedWebsite(website: SelectedWebsite): void {
  try {
    localStorage.setItem(LAST_USED_WEBSITE_KEY, JSON.stringify({ id: website.id, name: website.name }));
  } catch {
    // Storage may be unavailable (private mode); the URL still carries the choice.
  }
}
