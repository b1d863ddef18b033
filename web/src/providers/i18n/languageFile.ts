import { BUILT_IN_LANGUAGES } from '../../config/constants.ts';
import { localeKeys } from './localeKeys.ts';

/** What is wrong with an uploaded language file; `key` names the sentence in `languages.upload`. */
export type LanguageFileProblem =
  | { key: 'badName' }
  | { key: 'builtIn'; code: string }
  | { key: 'notJson'; reason: string }
  | { key: 'notObject' }
  | { key: 'notText'; path: string };

export type Messages = { [key: string]: string | Messages };

const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** `de.json` -> `de`; built-in languages and other names are refused. */
export function languageCodeFromFileName(fileName: string): { code: string } | { problem: LanguageFileProblem } {
  const code = fileName.endsWith('.json') ? fileName.slice(0, -'.json'.length) : '';
  if (!LANGUAGE_CODE.test(code)) return { problem: { key: 'badName' } };
  if ((BUILT_IN_LANGUAGES as readonly string[]).includes(code)) return { problem: { key: 'builtIn', code } };
  return { code };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first key whose value is neither a text nor an object of texts, as a dotted path. */
function firstNonText(messages: Record<string, unknown>, prefix = ''): string | null {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') continue;
    if (!isObject(value)) return path;
    const inner = firstNonText(value, path);
    if (inner) return inner;
  }
  return null;
}

/**
 * api/src/graphql/validate.ts: a language file must parse as JSON and be an object of texts (nested by area, as
 * locales/en.json is). Anything else is refused whole, with the reason.
 */
export function parseLanguageFile(text: string): { messages: Messages } | { problem: LanguageFileProblem } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: { key: 'notJson', reason: error instanceof Error ? error.message : String(error) } };
  }
  if (!isObject(parsed)) return { problem: { key: 'notObject' } };
  const path = firstNonText(parsed);
  if (path) return { problem: { key: 'notText', path } };
  return { messages: parsed as Messages };
}

export interface Comparison {
  /** Keys only in the model language: missing translations. */
  missing: string[];
  /** Keys only in the compared language: extra keys. */
  extra: string[];
}

/** api/src/schema/: a language compared with the model language (plural forms count as their base key). */
export function compareWithModel(model: unknown, source: unknown): Comparison {
  const modelKeys = localeKeys(model);
  const sourceKeys = new Set(localeKeys(source));
  const modelSet = new Set(modelKeys);
  return {
    missing: modelKeys.filter((key) => !sourceKeys.has(key)),
    extra: [...sourceKeys].filter((key) => !modelSet.has(key)).sort(),
  };
}

/** The number of texts in a language file (plural forms counted once). */
export const countKeys = (messages: unknown): number => localeKeys(messages).filter(Boolean).length;
