// CSV lines per RFC 4180: fields with a comma, quote, CR or LF, or leading/trailing spaces are
// quoted, quotes doubled; records end with CRLF. Text cells that a spreadsheet would run as a
// formula (= + - @ or a tab/CR first) get a leading apostrophe (OWASP, CSV injection); numbers
// are written as numbers. (No CSV library is among the dependencies.)

export type Cell = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA = /^[=+\-@\t\r]/;

/** @internal Exported for its tests only. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;
