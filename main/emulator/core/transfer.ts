// Data transfer out (issue 21; docs/decisions.md, Usage and costs: data transfer): every download
// the API serves is counted by the area that serves it in a ledger of its own slice — one bin per
// resource and hour, bounded — and reported as tallies (AreaModule.tallies, core/metering.ts) in
// GB at TRANSFER_GB_PRICE. One module for every area that serves downloads, so each counts,
// bounds, logs and sums the same way.
import { z } from 'zod';
import { TRANSFER_GB_PRICE } from '../../../shared/api/clusters/common';
import type { MeteredResource, Tallied } from './metering';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Decimal GB, as every size in usage (storage and transfer alike). */
const GB = 1e9;

/**
 * Bins kept per area: past this many the oldest go first.
 * @internal Exported for its tests only.
 */
export const TRANSFER_BINS_MAX = 50_000;
/**
 * Bins older than this before the newest download go.
 * @internal Exported for its tests only.
 */
export const TRANSFER_RETENTION_DAYS = 400;

/** What a download is counted against: the resource's kind, id and name when it was downloaded (named after it is gone). */
export interface TransferSource {
  type: 'cluster' | 'model' | 'experiment';
  id: string;
  name: string;
}

/** One resource's downloads in one hour of simulated time. */
export const StoredTransferBin = z.object({
  type: z.enum(['cluster', 'model', 'experiment']),
  /** Ids of every kind are `<prefix>_<base62>`: no colon, which divides a bin's record key. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  name: z.string().max(1000),
  /** The hour's start, simulated ms (a whole hour, years 0000–9999). */
  hour: z
    .number()
    .int()
    .min(Date.parse('0000-01-01T00:00:00.000Z'))
    .max(Date.parse('9999-12-31T23:00:00.000Z'))
    .refine((h) => h % HOUR === 0, 'a whole hour'),
  bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  downloads: z.number().int().min(0),
});
export type StoredTransferBin = z.infer<typeof StoredTransferBin>;

/** An area's ledger as stored; absent in data older than issue 21's transfer: none. */
export const StoredTransferLedger = z.array(StoredTransferBin).max(TRANSFER_BINS_MAX).default([]);

/** The key of a bin in its area's records (`transfer:<key>`): `<resource id>:<hour ms>`. */
const transferKey = (b: Pick<StoredTransferBin, 'id' | 'hour'>) => `${b.id}:${b.hour}`;

function keyParts(key: string): { id: string; hour: number } | null {
  const colon = key.lastIndexOf(':');
  const hour = Number(key.slice(colon + 1));
  return colon > 0 && /^-?\d+$/.test(key.slice(colon + 1)) ? { id: key.slice(0, colon), hour } : null;
}

/** The bin a key names, or undefined (for the write-ahead log's `record`). */
export function transferBin(ledger: readonly StoredTransferBin[], key: string): StoredTransferBin | undefined {
  const k = keyParts(key);
  if (!k) return undefined;
  for (let i = ledger.length - 1; i >= 0; i--) {
    const b = ledger[i]!;
    if (b.hour === k.hour && b.id === k.id) return b;
    if (b.hour < k.hour) return undefined;
  }
  return undefined;
}

/** Whether a record key names a bin at all (an area's record parser refuses what does not). */
export const isTransferKey = (key: string) => keyParts(key) !== null;

/** Where a bin of `hour` goes to keep the ledger in hour order (after those of the same hour). */
function insertionPoint(ledger: readonly StoredTransferBin[], hour: number): number {
  let i = ledger.length;
  while (i > 0 && ledger[i - 1]!.hour > hour) i--;
  return i;
}

/** Puts one logged bin back (replay): an upsert in hour order, or a removal when `value` is undefined. */
export function putTransferBin(ledger: StoredTransferBin[], key: string, value: StoredTransferBin | undefined): void {
  const found = transferBin(ledger, key);
  if (found) ledger.splice(ledger.indexOf(found), 1);
  if (value !== undefined) ledger.splice(insertionPoint(ledger, value.hour), 0, value);
}

/**
 * Counts `bytes` downloaded from `source` at `now` into its hour's bin, then drops bins past the
 * retention and beyond TRANSFER_BINS_MAX (the oldest). Answers the keys of every bin it changed
 * or removed: the caller touches `transfer:<key>` for each (its write-ahead log).
 */
export function addTransfer(ledger: StoredTransferBin[], source: TransferSource, bytes: number, now: number): string[] {
  const hour = Math.floor(now / HOUR) * HOUR;
  let bin = transferBin(ledger, transferKey({ id: source.id, hour }));
  if (!bin) {
    bin = { type: source.type, id: source.id, name: source.name, hour, bytes: 0, downloads: 0 };
    ledger.splice(insertionPoint(ledger, hour), 0, bin);
  }
  bin.name = source.name;
  bin.bytes = Math.min(Number.MAX_SAFE_INTEGER, bin.bytes + Math.max(0, Math.round(bytes)));
  bin.downloads++;
  const changed = [transferKey(bin)];
  const floor = hour - TRANSFER_RETENTION_DAYS * DAY;
  let drop = 0;
  while (drop < ledger.length && (ledger[drop]!.hour < floor || ledger.length - drop > TRANSFER_BINS_MAX)) drop++;
  for (const gone of ledger.splice(0, drop)) changed.push(transferKey(gone));
  return changed;
}

/**
 * The ledger as tallies, one per resource (`resourceOf` names it from the area's live records, a
 * bin's own name when it is gone). A bin counts when its hour ends: a download is in its hour's
 * bucket, and a period that has ended never changes after it (a bin still filling is in no
 * ended period). Its amount up to `t` is the GB of the bins whose hour ended by `t`.
 */
export function transferTallies(ledger: readonly StoredTransferBin[], resourceOf: (bin: StoredTransferBin) => MeteredResource): Tallied[] {
  const byResource = new Map<string, StoredTransferBin[]>();
  for (const b of ledger) {
    const bins = byResource.get(b.id);
    if (bins) bins.push(b);
    else byResource.set(b.id, [b]);
  }
  return [...byResource.values()].map((bins) => ({
    resource: resourceOf(bins.at(-1)!),
    service: 'dataTransfer' as const,
    unit: 'gb' as const,
    usdPerUnit: TRANSFER_GB_PRICE,
    cumulative(times: readonly number[]): number[] {
      // One sweep: bins are in hour order, times ascending.
      const out: number[] = [];
      let i = 0;
      let bytes = 0;
      for (const t of times) {
        while (i < bins.length && bins[i]!.hour + HOUR <= t) bytes += bins[i++]!.bytes;
        out.push(bytes / GB);
      }
      return out;
    },
  }));
}
