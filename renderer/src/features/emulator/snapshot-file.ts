// Snapshot files: the name an export is saved under, and a picked file read back — parsed and
// checked with the shared EmulatorSnapshot schema, its failures said in words.
import { EmulatorSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from '../../../../shared/api/emulator-admin';
import { MAX_MESSAGE_BYTES } from '../../../../shared/ipc/wire';
import { saveFile } from '../../lib/save-file';

/**
 * The largest file the console sends (the bridge's message limit; the emulator's body limit is the same).
 * @internal Exported for its tests only.
 */
export const SNAPSHOT_MAX_BYTES = MAX_MESSAGE_BYTES - 4096;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `emulator-snapshot-2026-11-25-1430.json`: the local date and time of the snapshot's own
 * (simulated) clock, the time of the world it holds, not this machine's.
 */
export function snapshotFileName(snapshot: Pick<EmulatorSnapshot, 'clock'>): string {
  const at = new Date(snapshot.clock.now);
  return `emulator-snapshot-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.json`;
}

export type ReadSnapshot = { ok: true; snapshot: EmulatorSnapshot } | { ok: false; error: string };

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

export function readSnapshot(text: string, bytes: number = new TextEncoder().encode(text).length): ReadSnapshot {
  if (bytes > SNAPSHOT_MAX_BYTES) {
    return { ok: false, error: `The file is ${megabytes(bytes)}; the console imports snapshots up to ${megabytes(SNAPSHOT_MAX_BYTES)}.` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      error: 'The file is not JSON: pick a snapshot exported from the Emulator view or the emulator’s /_emulator/snapshot.',
    };
  }
  const head = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  if (head.format !== SNAPSHOT_FORMAT) return { ok: false, error: 'The file is JSON but not an emulator snapshot.' };
  if (head.version !== SNAPSHOT_VERSION) {
    return {
      ok: false,
      error: `The snapshot is format version ${String(head.version)}; this console imports version ${SNAPSHOT_VERSION}. Export it again with a current console.`,
    };
  }
  const parsed = EmulatorSnapshot.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? ` at “${issue.path.join('.')}”` : '';
    const clock = issue.path[0] === 'clock';
    return {
      ok: false,
      error: clock
        ? 'The snapshot’s clock is not a time between 1970 and 9000-01-01.'
        : `The snapshot is damaged${where}: it does not have the expected shape.`,
    };
  }
  return { ok: true, snapshot: parsed.data };
}

/** Saves the snapshot as a JSON file (a save dialog in the desktop app). */
export function downloadSnapshot(snapshot: EmulatorSnapshot, name: string): void {
  saveFile(name, JSON.stringify(snapshot), 'application/json');
}
