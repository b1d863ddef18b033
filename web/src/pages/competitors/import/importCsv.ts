import type { TFunction } from 'i18next';
import type { CompetitorProductsImportResult, ImportRowError } from '../queries.ts';

/** The API's limit on the CSV text (competitorProductsImport). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
/** The header the API reads (column order free; external_id, name and price required). */
export const CSV_HEADER = 'external_id,name,brand,ean,mpn,price,currency,availability,url';

/** Why the text cannot be sent, checked before the upload: empty, or over the API's size. */
export function csvProblem(text: string): 'empty' | 'tooLarge' | null {
  if (text.trim() === '') return 'empty';
  return new TextEncoder().encode(text).length > MAX_CSV_BYTES ? 'tooLarge' : null;
}

/** An import's outcome as the console shows it: rows read, imported (new, changed, same) and rejected. */
export function importCounts(result: CompetitorProductsImportResult) {
  return {
    rows: result.rows,
    imported: result.inserted + result.updated + result.unchanged,
    inserted: result.inserted,
    updated: result.updated,
    unchanged: result.unchanged,
    rejected: result.skipped,
    refreshedProducts: result.refreshedProducts,
  };
}

/**
 * Why a row was rejected, in the UI language (`competitors.import.rowErrors.<code>`); the API's
 * English reason for a code this build does not know.
 */
export function rowErrorText(error: ImportRowError, t: TFunction): string {
  return t(`competitors.import.rowErrors.${error.code}`, {
    defaultValue: error.reason,
    max: error.max,
    firstLine: error.firstLine,
    text: error.text,
  });
}
