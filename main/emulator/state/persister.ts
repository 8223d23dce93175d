// Durable state for a data folder (docs/decisions.md, Persistence). Handlers name the records
// they change (Store.touch); before such a request is answered the pipeline awaits `commit()`,
// which appends the records of every waiting request to the write-ahead log in one write and
// one fdatasync (group commit). Whole-state changes (reset, import, the first start), usage
// counters (debounced, 5 s), a log past its bounds and close write the full snapshot instead,
// then start the log afresh. One job at a time, so a snapshot holds every record logged
// before it and nothing is appended to a log that a snapshot has made obsolete.
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmulatorSnapshot } from '../../../shared/api/emulator-admin';
import { snapshotDigest, syncDir, writeSnapshotFile } from './snapshot';
import type { ChangeKind, StoreSink } from './store';
import { WAL_FILE, walBatchLine, walHeaderLine, type WalRecord } from './wal';

const USAGE_DELAY_MS = 5000;
/** Past either bound the next job writes the full snapshot and empties the log. */
const WAL_MAX_RECORDS = 5000;
const WAL_MAX_BYTES = 8 * 1024 * 1024;

export interface PersisterSource {
  /** The full snapshot, checked as the loader will check it. */
  snapshot(): EmulatorSnapshot;
  /** One record's stored JSON now; undefined: gone. */
  record(area: string, id: string): unknown;
  /** Simulated now, written with each batch (the clock never restarts before it). */
  now(): number;
}

export interface PersisterOptions {
  /** Digest of the snapshot file on disk; null when there is none yet (the first job writes one). */
  base: string | null;
  /** A log on disk that follows `base`, cut to its complete lines: appends continue it. */
  existingLog?: { records: number; bytes: number } | null;
  onError?: (error: Error) => void;
  limits?: { records: number; bytes: number };
}

interface Waiter {
  gen: number;
  resolve(): void;
  reject(error: Error): void;
}

export class Persister implements StoreSink {
  /** Touched records not yet logged, in the order first touched (a parent before what it holds). */
  private pending = new Map<string, [string, string]>();
  private whole = false;
  private usageDirty = false;
  private usageDue = false;
  private usageTimer: NodeJS.Timeout | null = null;
  /** Moves on every change to commit; `durableGen` is the last one a finished job covered. */
  private gen = 0;
  private durableGen = 0;
  private waiters: Waiter[] = [];
  private running: Promise<void> | null = null;
  private wal: FileHandle | null = null;
  private base: string | null;
  private continueLog: boolean;
  private walRecords: number;
  private walBytes: number;
  private closed = false;
  private readonly onError: (error: Error) => void;
  private readonly limits: { records: number; bytes: number };
  lastError: Error | null = null;
  /** What was written, for tests and benches. */
  readonly stats = { batches: 0, records: 0, snapshots: 0 };

  constructor(
    private readonly dir: string,
    private readonly source: PersisterSource,
    options: PersisterOptions,
  ) {
    this.base = options.base;
    this.continueLog = options.base !== null && !!options.existingLog;
    this.walRecords = this.continueLog ? options.existingLog!.records : 0;
    this.walBytes = this.continueLog ? options.existingLog!.bytes : 0;
    this.onError = options.onError ?? (() => {});
    this.limits = options.limits ?? { records: WAL_MAX_RECORDS, bytes: WAL_MAX_BYTES };
    if (this.base === null) this.whole = true;
  }

  touched(area: string, id: string): void {
    const key = `${area}\n${id}`;
    if (!this.pending.has(key)) this.pending.set(key, [area, id]);
    this.gen++;
    this.kick();
  }

  changed(kind: ChangeKind): void {
    if (kind === 'usage') {
      // Usage counters move on every request: they go to the periodic snapshot only.
      this.usageDirty = true;
      if (this.usageTimer === null && !this.closed) {
        this.usageTimer = setTimeout(() => {
          this.usageTimer = null;
          this.usageDue = true;
          this.kick();
        }, USAGE_DELAY_MS);
        this.usageTimer.unref();
      }
      return;
    }
    // 'state': the snapshot will hold everything, pending records included. 'clock': the next batch carries the time.
    if (kind === 'state') {
      this.pending.clear();
      this.whole = true;
    }
    this.gen++;
    this.kick();
  }

  /** Resolves once every change made so far is on disk (at once when there is none). */
  commit(): Promise<void> {
    const gen = this.gen;
    if (gen <= this.durableGen) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('the emulator is closed: the change was not written'));
    return new Promise((resolve, reject) => {
      this.waiters.push({ gen, resolve, reject });
      this.kick();
    });
  }

  /** Writes the full snapshot when anything is not in it yet and closes the log (close of the emulator). */
  async flush(): Promise<void> {
    if (this.usageTimer) clearTimeout(this.usageTimer);
    this.usageTimer = null;
    while (this.running) await this.running;
    if (this.closed) return;
    if (this.gen > this.durableGen || this.usageDirty || this.walRecords > 0 || this.whole) {
      this.whole = true;
      this.gen++;
      this.kick();
      while (this.running) await this.running;
      if (this.lastError) throw this.lastError;
    }
    this.closed = true;
    await this.closeWal();
  }

  private kick(): void {
    if (this.running || this.closed) return;
    this.running = this.run();
  }

  private async run(): Promise<void> {
    // Lets the requests handled in this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.gen > this.durableGen || this.usageDue) {
      const upTo = this.gen;
      try {
        if (this.needsSnapshot()) await this.writeSnapshot();
        else await this.append();
        this.lastError = null;
        this.durableGen = upTo;
        this.settle(upTo, null);
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        this.lastError = error;
        this.onError(error);
        // Every waiter fails (its change is in memory, not on disk); the next commit tries again.
        this.settle(Infinity, error);
        break;
      }
    }
    // Cleared in the same turn as the last check for work (no await in between): a change made after it starts a new run.
    this.running = null;
  }

  private needsSnapshot(): boolean {
    return (
      this.whole || this.usageDue || this.base === null || this.walRecords >= this.limits.records || this.walBytes >= this.limits.bytes
    );
  }

  private settle(upTo: number, error: Error | null): void {
    const waiting: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.gen > upTo) waiting.push(w);
      else if (error) w.reject(error);
      else w.resolve();
    }
    this.waiters = waiting;
  }

  /** One group commit: the current value of every pending record, one write, one fdatasync. */
  private async append(): Promise<void> {
    const entries = this.pending;
    this.pending = new Map();
    const records: WalRecord[] = [];
    for (const [area, id] of entries.values()) {
      const value = this.source.record(area, id);
      records.push(value === undefined ? [area, id] : [area, id, value]);
    }
    const line = walBatchLine(this.source.now(), records);
    try {
      const wal = await this.openWal();
      await wal.write(line);
      await wal.datasync();
    } catch (e) {
      // A write that failed may have left part of a line: the next job writes the snapshot and a new log.
      for (const [key, entry] of this.pending) entries.set(key, entry);
      this.pending = entries;
      this.whole = true;
      await this.closeWal().catch(() => {});
      throw e;
    }
    this.walRecords += records.length;
    this.walBytes += Buffer.byteLength(line);
    this.stats.batches++;
    this.stats.records += records.length;
  }

  /** The full snapshot (it holds every logged and pending record), then an empty log that follows it. */
  private async writeSnapshot(): Promise<void> {
    const text = JSON.stringify(this.source.snapshot());
    this.pending.clear();
    this.whole = false;
    this.usageDue = false;
    this.usageDirty = false;
    try {
      await this.closeWal();
      await writeSnapshotFile(this.dir, text);
      this.base = snapshotDigest(text);
      this.continueLog = false;
      await this.openWal();
    } catch (e) {
      this.whole = true;
      await this.closeWal().catch(() => {});
      throw e;
    }
    this.stats.snapshots++;
  }

  /** The open log; a new one (header naming the snapshot on disk) unless the one found at start is continued. */
  private async openWal(): Promise<FileHandle> {
    if (this.wal) return this.wal;
    if (this.base === null) throw new Error('no snapshot for the write-ahead log to follow');
    const file = join(this.dir, WAL_FILE);
    if (this.continueLog) {
      this.wal = await open(file, 'a', 0o600);
      return this.wal;
    }
    const handle = await open(file, 'w', 0o600);
    try {
      const header = walHeaderLine(this.base);
      await handle.write(header);
      await handle.datasync();
      syncDir(this.dir);
      this.walRecords = 0;
      this.walBytes = Buffer.byteLength(header);
    } catch (e) {
      await handle.close().catch(() => {});
      throw e;
    }
    this.continueLog = true;
    this.wal = handle;
    return handle;
  }

  private async closeWal(): Promise<void> {
    const wal = this.wal;
    this.wal = null;
    await wal?.close();
  }
}
