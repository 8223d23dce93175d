// The write-ahead log beside the snapshot, `<data>/emulator-wal.jsonl`: one JSON line per
// group commit, holding the records (an area's stored JSON of one record, or its removal) the
// answered requests changed. The first line names the snapshot the log follows by the SHA-256
// of that file: a log that follows another snapshot (a crash between a snapshot's rename and
// the log's truncation) holds nothing the snapshot lacks and is not replayed.
// docs/decisions.md, Persistence.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AreaModule } from '../core/area';
import { SnapshotError } from './snapshot';

export const WAL_FILE = 'emulator-wal.jsonl';
const WAL_FORMAT = 'gpc-emulator-wal';
const WAL_VERSION = 1;

/** One logged record: `[area, id, value]` puts it, `[area, id]` removes it. */
export type WalRecord = [area: string, id: string, value?: unknown];

export interface WalBatch {
  /** Simulated now when the batch was written: the clock never restarts before it. */
  at: number;
  records: WalRecord[];
  /** 1-based line number in the file, for errors. */
  line: number;
}

export interface WalContents {
  /** Digest of the snapshot file the log follows; null when the file has no complete header. */
  base: string | null;
  batches: WalBatch[];
  records: number;
  /** Length of the complete lines: appends continue there (a torn last line is cut off). */
  goodBytes: number;
  /** A last line was cut short (a crash during its write): ignored. */
  torn: boolean;
}

export function walHeaderLine(base: string): string {
  return `${JSON.stringify({ format: WAL_FORMAT, version: WAL_VERSION, base })}\n`;
}

export function walBatchLine(at: number, records: readonly WalRecord[]): string {
  return `${JSON.stringify({ at, r: records })}\n`;
}

function isRecord(value: unknown): value is WalRecord {
  return Array.isArray(value) && (value.length === 2 || value.length === 3) && typeof value[0] === 'string' && typeof value[1] === 'string';
}

function parseBatch(text: string): { at: number; records: WalRecord[] } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { at, r } = value as { at?: unknown; r?: unknown };
  if (typeof at !== 'number' || !Number.isFinite(at) || !Array.isArray(r) || !r.every(isRecord)) return null;
  return { at, records: r };
}

/**
 * Reads a log's text. Every line but the last must be complete and valid, or the log is
 * refused with an error naming the file and the line; the last line may be torn (no newline,
 * or not a batch: the write a crash interrupted, never answered) and is ignored.
 * @internal Exported for its tests only.
 */
export function parseWal(buffer: Buffer, file: string): WalContents {
  const contents: WalContents = { base: null, batches: [], records: 0, goodBytes: 0, torn: false };
  let start = 0;
  let line = 0;
  while (start < buffer.length) {
    line++;
    const end = buffer.indexOf(0x0a, start);
    const complete = end !== -1;
    const text = buffer.toString('utf8', start, complete ? end : buffer.length);
    const next = complete ? end + 1 : buffer.length;
    const last = next >= buffer.length;
    if (line === 1) {
      const header = complete ? parseHeader(text) : null;
      if (header === null) {
        if (last) return { ...contents, torn: true };
        throw new SnapshotError(`${file} is corrupt at line 1: not a write-ahead log header`);
      }
      contents.base = header;
    } else {
      const batch = complete ? parseBatch(text) : null;
      if (batch === null) {
        if (last) return { ...contents, torn: true };
        throw new SnapshotError(`${file} is corrupt at line ${line}: not a batch of records`);
      }
      contents.batches.push({ ...batch, line });
      contents.records += batch.records.length;
    }
    contents.goodBytes = next;
    start = next;
  }
  return contents;
}

function parseHeader(text: string): string | null {
  try {
    const value = JSON.parse(text) as { format?: unknown; version?: unknown; base?: unknown };
    if (value?.format !== WAL_FORMAT) return null;
    if (value.version !== WAL_VERSION) return null;
    return typeof value.base === 'string' ? value.base : null;
  } catch {
    return null;
  }
}

/** The log in `dir`, or null when there is none. Synchronous: used once at start. */
export function readWalSync(dir: string): { file: string; contents: WalContents } | null {
  const file = join(dir, WAL_FILE);
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SnapshotError(`cannot read ${file}: ${(e as Error).message}`);
  }
  return { file, contents: parseWal(buffer, file) };
}

/**
 * Replays the batches over stored state (by area name), in order; returns the latest
 * simulated time they carry. A record of an unknown area, or one its area refuses, is an
 * error naming the file and line. The caller checks the result against the areas' schemas.
 */
export function replayWal(
  areas: readonly AreaModule[],
  stored: Record<string, unknown>,
  batches: readonly WalBatch[],
  file: string,
): number {
  let latest = 0;
  for (const batch of batches) {
    latest = Math.max(latest, batch.at);
    for (const [name, id, value] of batch.records) {
      const area = areas.find((a) => a.name === name);
      if (!area || !Object.hasOwn(stored, name))
        throw new SnapshotError(`${file} is corrupt at line ${batch.line}: no area named ${JSON.stringify(name.slice(0, 100))}`);
      try {
        area.state.applyRecord(stored[name], id, value);
      } catch (e) {
        throw new SnapshotError(`${file} is corrupt at line ${batch.line}: ${(e as Error).message}`);
      }
    }
  }
  return latest;
}
