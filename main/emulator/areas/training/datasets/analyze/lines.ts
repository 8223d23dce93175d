// Splits a byte stream into lines (LF or CRLF), numbered from 1, without holding more than one
// line: the dataset analyser's first stage for both JSONL and CSV.

import { ANALYSIS_BOUNDS } from './bounds';

/** A line longer than this is reported as one failing example and skipped, not held. */
const MAX_LINE_BYTES = ANALYSIS_BOUNDS.lineBytes;

export interface Line {
  /** 1-based line number in the file. */
  number: number;
  /** The line's bytes without its terminator; null when it was longer than MAX_LINE_BYTES. */
  bytes: Buffer | null;
}

export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overlong = false;
  private number = 0;
  private first = true;

  constructor(private readonly onLine: (line: Line) => void) {}

  push(chunk: Uint8Array): void {
    let start = 0;
    if (this.first && chunk.length > 0) {
      this.first = false;
      // A UTF-8 byte-order mark is not content.
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = 3;
    }
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) {
        this.hold(chunk.subarray(start));
        return;
      }
      this.hold(chunk.subarray(start, nl));
      this.emit();
      start = nl + 1;
    }
  }

  /** The last line, when the file does not end with a newline. */
  end(): void {
    if (this.pendingBytes > 0 || this.overlong) this.emit();
  }

  private hold(part: Uint8Array): void {
    if (part.length === 0 || this.overlong) return;
    if (this.pendingBytes + part.length > MAX_LINE_BYTES) {
      this.overlong = true;
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    // A copy: the chunk's memory belongs to the stream that produced it.
    this.pending.push(Buffer.from(part));
    this.pendingBytes += part.length;
  }

  private emit(): void {
    this.number++;
    let bytes: Buffer | null = null;
    if (!this.overlong) {
      bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
      if (bytes.length > 0 && bytes[bytes.length - 1] === 13) bytes = bytes.subarray(0, bytes.length - 1);
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.overlong = false;
    this.onLine({ number: this.number, bytes });
  }
}
