import { BUILT_IN_LANGUAGES } from '../../config/constants.ts';

/** web/src/config/constants.ts: custom language detection gives up after 30 seconds. */
export const DETECTION_TIMEOUT_MS = 30_000;

/** The public bucket's folder of language files, `languages/{lang}.json` (docs/languages.md). */
export const LANGUAGES_FOLDER = 'languages/';
const LANGUAGE_FILE = /^languages\/([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.json$/;

/** 'timeout (00:30 sec)': what a detection timeout logs (locales/en.json). */
export function timeoutMessage(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `timeout (${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)} sec)`;
}

/** The language codes of a listing of the language folder; other names are ignored. */
export function languagesFromListing(names: readonly string[]): string[] {
  return names.flatMap((name) => LANGUAGE_FILE.exec(name)?.[1] ?? []);
}

/** The built-in languages first, then the custom ones found, each once. */
export function mergeLanguages(builtIn: readonly string[], found: readonly string[]): string[] {
  return [...new Set([...builtIn, ...[...found].sort()])];
}

export interface DetectionOptions {
  /** Lists the names in the public bucket's language folder; aborted on timeout. */
  list: (signal: AbortSignal) => Promise<string[]>;
  timeoutMs?: number;
  warn?: (message: string, error: unknown) => void;
  /** The error toast, given the languages that remain (the built-in ones). */
  onFailure: (languages: readonly string[]) => void;
}

/**
 * docs/languages.md: the languages the console offers, the built-in ones merged with the custom ones found.
 * On failure or timeout, a warning is logged, `onFailure` shows the toast, and only the built-in
 * languages remain. Never rejects.
 */
export async function detectLanguages({
  list,
  timeoutMs = DETECTION_TIMEOUT_MS,
  warn = console.warn,
  onFailure,
}: DetectionOptions): Promise<string[]> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(timeoutMessage(timeoutMs)));
    }, timeoutMs);
  });
  try {
    const names = await Promise.race([list(controller.signal), timeout]);
    return mergeLanguages(BUILT_IN_LANGUAGES, languagesFromListing(names));
  } catch (error) {
    warn('Custom languages detection failed', error instanceof Error ? error.message : error);
    onFailure(BUILT_IN_LANGUAGES);
    return [...BUILT_IN_LANGUAGES];
  } finally {
    clearTimeout(timer);
  }
}
