import { createStorageClient, downloadJson } from '../../storage/storageClient.ts';
import { LANGUAGES_FOLDER } from './detection.ts';
import { createLanguageCatalog } from './languageCatalog.ts';

/**
 * Custom languages live in the public bucket (`languages/{lang}.json`), read without a token,
 * so detection and loading need nobody signed in (and no Firebase code).
 */
const publicStorage = createStorageClient({ getToken: async () => null });

export const languageFilePath = (code: string) => `${LANGUAGES_FOLDER}${code}.json`;

/** The texts of a custom language, or null when its file is missing or unavailable. */
export async function loadCustomLanguage(code: string): Promise<Record<string, unknown> | null> {
  const messages = await downloadJson(publicStorage, 'public', languageFilePath(code));
  return typeof messages === 'object' && messages !== null && !Array.isArray(messages)
    ? (messages as Record<string, unknown>)
    : null;
}

let failureHandler: (languages: readonly string[]) => void = () => undefined;

/** What to do when detection fails (the error toast, once i18n is ready). */
export function onDetectionFailure(handler: (languages: readonly string[]) => void): void {
  failureHandler = handler;
}

/** The console's one catalog of languages (docs/languages.md, custom languages). */
export const languageCatalog = createLanguageCatalog({
  list: async (signal) =>
    (await publicStorage.list('public', { prefix: LANGUAGES_FOLDER, delimiter: '/' }, { signal })).items.map(
      (item) => item.name,
    ),
  onFailure: (languages) => failureHandler(languages),
});
