// What importing a snapshot would change, counted per area and collection, for the import
// dialog. The areas' stored shapes are the emulator's business (unknown here), so the count is
// generic: a list of records with ids, or a map keyed by id, counts records added, removed and
// changed; anything else (one record, e.g. the account) counts as changed or not.
import type { EmulatorSnapshot } from '../../../../shared/api/emulator-admin';

export interface CollectionDiff {
  area: string;
  collection: string;
  /** Records in the snapshot (1 for a single record). */
  count: number;
  added: number;
  removed: number;
  changed: number;
}

export interface SnapshotDiff {
  collections: CollectionDiff[];
  seed: { from: number; to: number } | null;
  /**
   * The clock after the import: the snapshot's time when it is later, otherwise it stays
   * (simulated time never runs backwards).
   */
  clock: { current: number; snapshot: number; movesBy: number };
  /** Nothing to import: same records, same seed, the clock would not move. */
  identical: boolean;
}

type Records = Map<string, string>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value's records by id, or null when it is not a collection. */
function recordsOf(value: unknown): Records | null {
  if (Array.isArray(value)) {
    if (!value.every((r) => isRecord(r) && typeof r.id === 'string')) return null;
    return new Map(value.map((r) => [(r as { id: string }).id, JSON.stringify(r)]));
  }
  // A map keyed by id (e.g. usage per key): every value an object.
  if (isRecord(value) && Object.keys(value).length > 0 && Object.values(value).every(isRecord) && !('id' in value)) {
    return new Map(Object.entries(value).map(([k, v]) => [k, JSON.stringify(v)]));
  }
  return null;
}

function compare(area: string, collection: string, current: unknown, next: unknown): CollectionDiff {
  const before = recordsOf(current);
  const after = recordsOf(next);
  if (before === null || after === null) {
    const same = JSON.stringify(current) === JSON.stringify(next);
    const exists = (v: unknown) => (v === undefined ? 0 : 1);
    return {
      area,
      collection,
      count: exists(next),
      added: exists(current) === 0 && exists(next) ? 1 : 0,
      removed: exists(current) && exists(next) === 0 ? 1 : 0,
      changed: !same && exists(current) && exists(next) ? 1 : 0,
    };
  }
  let added = 0;
  let changed = 0;
  for (const [id, json] of after) {
    const old = before.get(id);
    if (old === undefined) added++;
    else if (old !== json) changed++;
  }
  let removed = 0;
  for (const id of before.keys()) if (!after.has(id)) removed++;
  return { area, collection, count: after.size, added, removed, changed };
}

export function diffSnapshots(current: EmulatorSnapshot, next: EmulatorSnapshot): SnapshotDiff {
  const collections: CollectionDiff[] = [];
  const areas = [...new Set([...Object.keys(current.state.areas), ...Object.keys(next.state.areas)])].sort();
  for (const area of areas) {
    const a = current.state.areas[area];
    const b = next.state.areas[area];
    if (isRecord(a) || isRecord(b)) {
      const from = isRecord(a) ? a : {};
      const to = isRecord(b) ? b : {};
      for (const key of [...new Set([...Object.keys(from), ...Object.keys(to)])]) collections.push(compare(area, key, from[key], to[key]));
    } else collections.push(compare(area, area, a, b));
  }
  const movesBy = Math.max(0, next.clock.now - current.clock.now);
  const seed = current.seed === next.seed ? null : { from: current.seed, to: next.seed };
  const identical = seed === null && movesBy === 0 && collections.every((c) => c.added + c.removed + c.changed === 0);
  return { collections, seed, clock: { current: current.clock.now, snapshot: next.clock.now, movesBy }, identical };
}

const WORDS: Record<string, string> = {
  keys: 'API keys',
  members: 'Team members',
  invitations: 'Invitations',
  usage: 'Key usage',
  account: 'Account',
  clusters: 'Clusters',
  templates: 'Templates',
};

/** "API keys", "Clusters"; an unknown collection by its name, capitalised. */
export function collectionLabel(collection: string): string {
  return WORDS[collection] ?? collection.charAt(0).toUpperCase() + collection.slice(1).replace(/[-_]/g, ' ');
}

/** "+1 · −2 · 3 changed" or "no change". */
export function changeSummary(c: Pick<CollectionDiff, 'added' | 'removed' | 'changed'>): string {
  const parts: string[] = [];
  if (c.added) parts.push(`${c.added.toLocaleString('en-US')} added`);
  if (c.removed) parts.push(`${c.removed.toLocaleString('en-US')} removed`);
  if (c.changed) parts.push(`${c.changed.toLocaleString('en-US')} changed`);
  return parts.length ? parts.join(', ') : 'no change';
}
