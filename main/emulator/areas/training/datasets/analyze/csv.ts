// An RFC 4180 CSV record parser fed line by line (quoted fields may span lines, `""` is a quote
// inside a quoted field). No CSV parser is among the project's dependencies; csv-parse would be
// the one to add (docs/decisions.md, Training: datasets).

export interface CsvRecord {
  /** The line the record starts on (1-based). */
  line: number;
  fields: string[];
  /** Why the record is malformed (a stray quote), or null. */
  problem: string | null;
}

export class CsvParser {
  private fields: string[] = [];
  private field = '';
  private inQuotes = false;
  /** The quoted part of the current field has closed; only a comma or the line end may follow. */
  private closed = false;
  private problem: string | null = null;
  private startLine = 0;

  constructor(private readonly onRecord: (record: CsvRecord) => void) {}

  /** One physical line of the file, without its terminator. */
  line(text: string, number: number): void {
    if (!this.inQuotes) {
      this.startLine = number;
      if (text === '') return; // a blank line between records is no record
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inQuotes) {
        if (c === 34 /* " */) {
          if (text.charCodeAt(i + 1) === 34) {
            this.field += '"';
            i++;
          } else {
            this.inQuotes = false;
            this.closed = true;
          }
        } else this.field += text[i];
      } else if (c === 44 /* , */) {
        this.fields.push(this.field);
        this.field = '';
        this.closed = false;
      } else if (c === 34 && this.field === '' && !this.closed) {
        this.inQuotes = true;
      } else {
        if (this.problem === null && (c === 34 || this.closed))
          this.problem = `unexpected ${c === 34 ? 'quote' : 'text after a closing quote'} at column ${i + 1}`;
        this.field += text[i];
      }
    }
    if (this.inQuotes) {
      // The record goes on: the line break is part of the quoted field.
      this.field += '\n';
      return;
    }
    this.flush();
  }

  /** End of input; a quoted field still open is reported on the record it belongs to. */
  end(): void {
    if (!this.inQuotes) return;
    this.inQuotes = false;
    this.problem ??= 'quoted field not closed before the end of the file';
    this.field = this.field.slice(0, -1);
    this.flush();
  }

  private flush(): void {
    this.fields.push(this.field);
    this.onRecord({ line: this.startLine, fields: this.fields, problem: this.problem });
    this.fields = [];
    this.field = '';
    this.closed = false;
    this.problem = null;
  }
}
