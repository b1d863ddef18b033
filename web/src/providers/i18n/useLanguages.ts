import { useSyncExternalStore } from 'react';
import { languageCatalog } from './customLanguages.ts';

/** The languages the console offers now: en, cs and the custom ones last detected. */
export function useLanguages(): readonly string[] {
  return useSyncExternalStore(languageCatalog.subscribe, languageCatalog.languages);
}
