import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { loadBundledLanguages } from './bundledLanguages.ts';
import { loadCustomLanguages } from './customLanguageList.ts';
import { type CustomLanguage, type LanguageRow, languageRows } from './languageRows.ts';

const CUSTOM_KEY = ['settings', 'languages', 'custom'];

export interface LanguageData {
  rows: LanguageRow[];
  bundled: Record<string, Record<string, unknown>> | undefined;
  custom: CustomLanguage[];
  loading: boolean;
  error: unknown;
  /** Lists the custom languages again (after an upload or a delete). */
  refresh: () => Promise<void>;
}

/** The built-in languages from the bundle and the custom ones from the public bucket. */
export function useLanguageData(): LanguageData {
  const queryClient = useQueryClient();
  const bundled = useQuery({
    queryKey: ['settings', 'languages', 'bundled'],
    queryFn: loadBundledLanguages,
    staleTime: Infinity,
  });
  const custom = useQuery({ queryKey: CUSTOM_KEY, queryFn: loadCustomLanguages, retry: false });
  const rows = useMemo(
    () => (bundled.data ? languageRows(bundled.data, custom.data ?? []) : []),
    [bundled.data, custom.data],
  );
  return {
    rows,
    bundled: bundled.data,
    custom: custom.data ?? [],
    loading: bundled.isLoading || custom.isFetching,
    error: custom.error,
    refresh: () => queryClient.invalidateQueries({ queryKey: CUSTOM_KEY }),
  };
}
