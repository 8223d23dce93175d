// Versioned snapshots on disk: written to a temporary file, fsynced, then renamed over the
// previous one, so a crash mid-write keeps the previous snapshot. A corrupt file or an
// unknown version is an error naming the file: never silently replaced by a fresh world.
// Every area's stored state is checked too, down to the field (area-check.ts). Version 1
// files (the accounts area at the top of `state`) are read and moved under `state.areas`.
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EmulatorSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type WorldState } from '../../../shared/api/emulator-admin';
import type { AreaModule } from '../core/area';
import { checkAreas } from './area-check';

export const SNAPSHOT_FILE = 'emulator-state.json';

export class SnapshotError extends Error {
  /** Set when one field is at fault (an area's stored state): the import route reports it as is. */
  readonly field?: string;
  readonly reason?: string;

  constructor(message: string, at?: { field: string; reason: string }) {
    super(message);
    this.name = 'SnapshotError';
    this.field = at?.field;
    this.reason = at?.reason;
  }
}

export function makeSnapshot(seed: number, now: number, state: WorldState): EmulatorSnapshot {
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, savedAt: new Date(now).toISOString(), seed, clock: { now }, state };
}

/** The accounts area's members at the top of a version 1 snapshot's `state`. */
const V1_ACCOUNTS_FIELDS = ['account', 'members', 'invitations', 'keys', 'usage'] as const;

/** Version 1 → 2: the top-level accounts fields move to `state.areas.accounts`; nothing else changes. */
function migrateV1(value: Record<string, unknown>): Record<string, unknown> {
  const state = value.state;
  if (typeof state !== 'object' || state === null) return { ...value, version: SNAPSHOT_VERSION };
  const { areas, ...rest } = state as Record<string, unknown>;
  const accounts: Record<string, unknown> = {};
  for (const field of V1_ACCOUNTS_FIELDS) accounts[field] = rest[field];
  const others = typeof areas === 'object' && areas !== null ? areas : {};
  return { ...value, version: SNAPSHOT_VERSION, state: { areas: { accounts, ...others } } };
}

/** Checks a parsed snapshot against the areas' schemas; `source` names where it came from in the error. */
export function validateSnapshot(areas: readonly AreaModule[], input: unknown, source: string): EmulatorSnapshot {
  if (typeof input !== 'object' || input === null || (input as { format?: unknown }).format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(`${source} is not an emulator snapshot (expected format "${SNAPSHOT_FORMAT}")`);
  }
  const fromVersion = (input as { version?: unknown }).version;
  const value = fromVersion === 1 ? migrateV1(input as Record<string, unknown>) : input;
  const version = (value as { version?: unknown }).version;
  if (version !== SNAPSHOT_VERSION) {
    throw new SnapshotError(`${source} has snapshot version ${JSON.stringify(version)}; this emulator reads version ${SNAPSHOT_VERSION}`);
  }
  const parsed = EmulatorSnapshot.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') || '(root)' : '(root)';
    throw new SnapshotError(`${source} is not a valid snapshot: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  if (typeof fromVersion === 'number' && fromVersion < SNAPSHOT_VERSION) {
    const stored = parsed.data.state.areas;
    for (const area of areas)
      if (area.state.upgrade && Object.hasOwn(stored, area.name)) stored[area.name] = area.state.upgrade(stored[area.name], fromVersion);
  }
  const areaIssue = checkAreas(areas, parsed.data.state.areas);
  if (areaIssue) throw new SnapshotError(`${source} is not a valid snapshot: ${areaIssue.field}: ${areaIssue.reason}`, areaIssue);
  return parsed.data;
}

function parseSnapshot(areas: readonly AreaModule[], text: string, source: string): EmulatorSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new SnapshotError(`${source} is corrupt (not JSON: ${(e as Error).message})`);
  }
  return validateSnapshot(areas, value, source);
}

/** What identifies a snapshot file's content (the write-ahead log names the snapshot it follows by it): SHA-256 of its text. */
export function snapshotDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The snapshot in `dir` and the digest of its file, or null when there is none yet. Synchronous: used once at start. */
export function readSnapshotWithDigestSync(
  areas: readonly AreaModule[],
  dir: string,
): { snapshot: EmulatorSnapshot; digest: string } | null {
  const file = join(dir, SNAPSHOT_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SnapshotError(`cannot read ${file}: ${(e as Error).message}`);
  }
  return { snapshot: parseSnapshot(areas, text, file), digest: snapshotDigest(text) };
}

/**
 * The snapshot in `dir`, or null when there is none yet.
 * @internal Exported for its tests only.
 */
export function readSnapshotFileSync(areas: readonly AreaModule[], dir: string): EmulatorSnapshot | null {
  return readSnapshotWithDigestSync(areas, dir)?.snapshot ?? null;
}

/** Temporary files of writes a crash interrupted (`<file>.tmp-<pid>-<n>`): removed at start. */
export function removeStrayTemporaries(dir: string): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0; // no folder yet
  }
  const stray = names.filter((n) => n.startsWith(`${SNAPSHOT_FILE}.tmp-`));
  for (const name of stray) rmSync(join(dir, name), { force: true });
  return stray.length;
}

let tempCounter = 0;

/** Test seam: runs after the temporary file is complete and before the rename. */
export interface WriteHooks {
  beforeRename?: (tempFile: string) => void | Promise<void>;
}

/** Writes a snapshot (or its JSON text) atomically and durably: temp file, fsync, rename, folder fsync. */
export async function writeSnapshotFile(dir: string, snapshot: EmulatorSnapshot | string, hooks: WriteHooks = {}): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, SNAPSHOT_FILE);
  const temp = `${file}.tmp-${process.pid}-${++tempCounter}`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(typeof snapshot === 'string' ? snapshot : JSON.stringify(snapshot));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await hooks.beforeRename?.(temp);
    await rename(temp, file);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  syncDir(dir);
}

/** Makes a rename or a new file's name durable; not every platform can open a directory, hence best effort. */
export function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic there.
  }
}
