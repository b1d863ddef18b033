import { BUILT_IN_LANGUAGES } from '../../config/constants.ts';
import { detectLanguages, type DetectionOptions } from './detection.ts';

/**
 * The languages the console offers: en and cs, plus the custom languages the last detection
 * found. Components subscribe to it (useSyncExternalStore); the settings page re-runs detection.
 */
export interface LanguageCatalog {
  languages(): readonly string[];
  subscribe(listener: () => void): () => void;
  /** Runs detection (again); concurrent calls share one run. */
  detect(): Promise<readonly string[]>;
}

export function createLanguageCatalog(
  options: Pick<DetectionOptions, 'list' | 'onFailure' | 'timeoutMs' | 'warn'>,
): LanguageCatalog {
  let languages: readonly string[] = [...BUILT_IN_LANGUAGES];
  let running: Promise<readonly string[]> | null = null;
  const listeners = new Set<() => void>();

  return {
    languages: () => languages,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    detect: () => {
      running ??= detectLanguages(options).then((found) => {
        running = null;
        if (found.join() !== languages.join()) {
          languages = found;
          for (const listener of listeners) listener();
        }
        return languages;
      });
      return running;
    },
  };
}
