// CSV as RFC 4180 writes it: fields separated by commas, records by CRLF; a field holding a
// comma, a double quote, CR or LF is enclosed in double quotes, and its quotes are doubled.
// A field starting with = + - @ (or tab/CR) is prefixed with a single quote, so a spreadsheet
// opening the file does not run it as a formula (OWASP, CSV injection).
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header record, then one record per row; ends with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
