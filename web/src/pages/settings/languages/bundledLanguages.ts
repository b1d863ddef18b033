import { BUILT_IN_LANGUAGES } from '../../../config/constants.ts';

/** The built-in languages' texts, from the bundle (the same chunks the console loads them from). */
export async function loadBundledLanguages(): Promise<Record<string, Record<string, unknown>>> {
  const entries = await Promise.all(
    BUILT_IN_LANGUAGES.map(async (code) => {
      const module = (await import(`../../../../../locales/${code}.json`)) as { default: Record<string, unknown> };
      return [code, module.default] as const;
    }),
  );
  return Object.fromEntries(entries);
}
