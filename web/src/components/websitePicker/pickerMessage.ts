/** The picker's messages of locales/en.json; each is a locale key under websitePicker.messages. */
export type PickerMessage = 'filterDisplayLimitReached' | 'itemsLoadingFailed' | 'noItemsFound' | 'noItemsAvailable';

export interface PickerState {
  search: string;
  isError: boolean;
  /** Options loaded (null while loading). */
  count: number | null;
  total: number | null;
  limit: number;
}

export function pickerMessage({ search, isError, count, total, limit }: PickerState): PickerMessage | null {
  if (isError) return 'itemsLoadingFailed';
  if (count === null) return null;
  const searching = search.trim() !== '';
  if (count === 0) return searching ? 'noItemsFound' : 'noItemsAvailable';
  if (!searching && total !== null && total > limit) return 'filterDisplayLimitReached';
  return null;
}
