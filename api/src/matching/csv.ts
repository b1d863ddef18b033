/**
 * A small RFC 4180 CSV reader and writer: quoted fields may hold commas, quotes ("") and newlines;
 * CRLF or LF line ends; a UTF-8 byte order mark is ignored.
 */

/**
 * All rows of the text, each a list of fields. `lines`, when given, receives the line (1-based)
 * each row starts on (a quoted field may span lines).
 */
export function parseCsvRows(text: string, lines?: number[]): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === '')) {
      rows.push(row);
      lines?.push(rowLine);
    }
    row = [];
  };
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n') {
      endRow();
      rowLine = line;
    } else if (char === '\r') {
      if (text[i + 1] !== '\n') {
        endRow();
        rowLine = line;
      }
    } else field += char;
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** Records keyed by the header's column names (trimmed, lower case). */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsvRows(text);
  if (!header) return [];
  const columns = header.map((name) => name.trim().toLowerCase());
  return rows.map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index] ?? ''])));
}

function quoteField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text with a header line and a line per row, LF line ends. */
export function formatCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((row) => row.map(quoteField).join(',')).join('\n') + '\n';
}
