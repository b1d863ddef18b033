import { LANGUAGES_FOLDER, languagesFromListing } from '../../../providers/i18n/detection.ts';
import { languageFilePath } from '../../../providers/i18n/customLanguages.ts';
import { storage } from '../../../storage/storage.ts';
import type { CustomLanguage } from './languageRows.ts';

/** The custom languages in the public bucket with their texts (null when unreadable) and upload time. */
export async function loadCustomLanguages(): Promise<CustomLanguage[]> {
  const { items } = await storage.list('public', { prefix: LANGUAGES_FOLDER, delimiter: '/' });
  const updatedByName = new Map(items.map((item) => [item.name, item.updated]));
  return Promise.all(
    languagesFromListing(items.map((item) => item.name)).map(async (code) => {
      const path = languageFilePath(code);
      const [messages, updated] = await Promise.all([
        storage.download('public', path).catch(() => null),
        // The Firebase backend's listing has no times: ask the object's metadata.
        updatedByName.get(path) ??
          storage.metadata('public', path).then(
            (metadata) => metadata.updated,
            () => null,
          ),
      ]);
      return { code, messages, updated };
    }),
  );
}
