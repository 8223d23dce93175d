// The last N requests, for `/_emulator/journal`. Entries carry a key id, never a key value.
// Kept as parallel arrays (no object per request) and cleaned up when read: the query
// string is dropped and anything shaped like a key value is redacted at that point.
import { redactKeys } from './ids';

export interface JournalRecord {
  at: number;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  keyId: string | null;
}

/**
 * What the journal keeps of a URL, at most (characters): bounds its memory whatever the requests.
 * @internal Exported for its tests only.
 */
export const JOURNAL_URL_MAX = 2048;

export class Journal {
  private readonly at: Float64Array;
  private readonly duration: Float64Array;
  private readonly status: Uint16Array;
  private readonly method: string[];
  private readonly url: string[];
  private readonly keyId: Array<string | null>;
  private next = 0;
  private count = 0;

  constructor(private readonly capacity = 1000) {
    this.at = new Float64Array(capacity);
    this.duration = new Float64Array(capacity);
    this.status = new Uint16Array(capacity);
    this.method = new Array<string>(capacity).fill('');
    this.url = new Array<string>(capacity).fill('');
    this.keyId = new Array<string | null>(capacity).fill(null);
  }

  /** `url` may hold a query string; it never leaves the journal with it. */
  add(at: number, method: string, url: string, status: number, durationMs: number, keyId: string | null): void {
    const i = this.next;
    this.at[i] = at;
    this.method[i] = method;
    this.url[i] = url.length > JOURNAL_URL_MAX ? url.slice(0, JOURNAL_URL_MAX) : url;
    this.status[i] = status;
    this.duration[i] = durationMs;
    this.keyId[i] = keyId;
    this.next = (i + 1) % this.capacity;
    this.count++;
  }

  /** The last `limit` entries, oldest first. */
  last(limit: number): JournalRecord[] {
    const n = Math.min(limit, this.count, this.capacity);
    const out: JournalRecord[] = [];
    for (let k = n; k > 0; k--) {
      const i = (this.next - k + this.capacity) % this.capacity;
      const url = this.url[i]!;
      const q = url.indexOf('?');
      out.push({
        at: this.at[i]!,
        method: this.method[i]!,
        path: redactKeys(q < 0 ? url : url.slice(0, q)).slice(0, 500),
        status: this.status[i]!,
        durationMs: Math.round(this.duration[i]! * 1000) / 1000,
        keyId: this.keyId[i]!,
      });
    }
    return out;
  }

  /** Requests seen since start (not only those kept). */
  get total(): number {
    return this.count;
  }
}
