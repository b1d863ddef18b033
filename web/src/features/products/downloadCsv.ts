/**
 * A CSV export's file name: what it holds, the website's name made safe for a file system, and
 * the day (`products-northwind-outdoor-2026-03-05.csv`, `brand-snapshot-northwind-outdoor-…`).
 */
export function csvFileName(kind: string, websiteName: string, day: Date): string {
  const slug = websiteName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return `${kind}-${slug || 'website'}-${date}.csv`;
}

/** The products list's export (`products-<website>-<day>.csv`). */
export const exportFileName = (websiteName: string, day: Date): string => csvFileName('products', websiteName, day);

/**
 * Offers CSV text to the browser as a download. A byte order mark leads, so spreadsheet programs
 * read the UTF-8 text (accented names) correctly.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
