// Debounced, serialised snapshot writes, off the request path: a change schedules a write,
// changes of usage counters (every request) wait longer than changes of resources.
import type { EmulatorSnapshot } from '../../../shared/api/emulator-admin';
import type { ChangeKind } from './store';
import { writeSnapshotFile } from './snapshot';

export const STATE_DELAY_MS = 200;
export const USAGE_DELAY_MS = 5000;

export class Persister {
  private timer: NodeJS.Timeout | null = null;
  private dueAt = Infinity;
  private writing: Promise<void> | null = null;
  private dirty = false;
  lastError: Error | null = null;

  constructor(
    private readonly dir: string,
    private readonly snapshot: () => EmulatorSnapshot,
    private readonly onError: (error: Error) => void = () => {},
  ) {}

  schedule(kind: ChangeKind): void {
    this.dirty = true;
    const due = Date.now() + (kind === 'state' ? STATE_DELAY_MS : USAGE_DELAY_MS);
    if (due >= this.dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = due;
    this.timer = setTimeout(() => void this.flush().catch(() => {}), due - Date.now());
    this.timer.unref();
  }

  /** Writes now if anything changed; waits for a write in progress. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Infinity;
    while (this.writing) await this.writing;
    if (!this.dirty) return;
    this.dirty = false;
    this.writing = writeSnapshotFile(this.dir, this.snapshot())
      .then(() => {
        this.lastError = null;
      })
      .catch((e: Error) => {
        this.dirty = true;
        this.lastError = e;
        this.onError(e);
        throw e;
      })
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }
}
