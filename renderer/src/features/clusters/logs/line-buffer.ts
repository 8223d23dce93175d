// The window's bounded history: a ring of at most `capacity` lines (100,000 in a log window),
// O(1) to append, that counts the lines it let go. Lines are addressed by position: the n-th
// line ever kept is at position n, and positions below `start` have been dropped.
export const LOG_WINDOW_CAPACITY = 100_000;

export class LineBuffer<T> {
  private readonly slots: (T | undefined)[];
  private end = 0;
  private droppedCount = 0;

  constructor(readonly capacity: number = LOG_WINDOW_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.slots = new Array<T | undefined>(capacity);
  }

  /** Position of the oldest line held. */
  get start(): number {
    return Math.max(0, this.end - this.capacity);
  }

  /** Position after the newest line. */
  get endPos(): number {
    return this.end;
  }

  get size(): number {
    return this.end - this.start;
  }

  /** Lines let go to stay within the capacity. */
  get dropped(): number {
    return this.droppedCount;
  }

  push(line: T): void {
    if (this.end >= this.capacity) this.droppedCount++;
    this.slots[this.end % this.capacity] = line;
    this.end++;
  }

  /** The line at a position, or undefined when it was dropped or is not there yet. */
  at(pos: number): T | undefined {
    return pos >= this.start && pos < this.end ? this.slots[pos % this.capacity] : undefined;
  }

  get last(): T | undefined {
    return this.at(this.end - 1);
  }

  /** The lines from `pos` to the newest, oldest first. */
  tailFrom(pos: number): T[] {
    const out: T[] = [];
    for (let p = Math.max(pos, this.start); p < this.end; p++) out.push(this.slots[p % this.capacity]!);
    return out;
  }

  /**
   * Rewrites the lines from `pos` on with `lines` (at least as many as were there): late lines
   * merged in among the newest. Lines beyond the old end are appended as by push.
   */
  rewriteTail(pos: number, lines: readonly T[]): void {
    const from = Math.max(pos, this.start);
    if (lines.length < this.end - from) throw new RangeError('rewriteTail cannot shorten the buffer');
    const oldEnd = this.end;
    let i = 0;
    for (; from + i < oldEnd; i++) this.slots[(from + i) % this.capacity] = lines[i];
    for (; i < lines.length; i++) this.push(lines[i]!);
  }

  clear(): void {
    this.slots.fill(undefined);
    this.end = 0;
    this.droppedCount = 0;
  }
}
