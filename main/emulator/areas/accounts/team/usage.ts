// What a member's keys did (the accounts area's usage counts per key and hour): the member
// detail's activity and the activity report read it, deterministic from the stored counts.
import type { Accounts } from '../state';
import type { StoredKey } from '../stored-schema';

const DAY_MS = 86_400_000;

/** Each member's keys, by member id (one pass over the keys). */
export function keysByMember(accounts: Accounts): Map<string, StoredKey[]> {
  const out = new Map<string, StoredKey[]>();
  for (const k of accounts.keys.values()) {
    const list = out.get(k.createdBy);
    if (list) list.push(k);
    else out.set(k.createdBy, [k]);
  }
  return out;
}

export interface UsageSummary {
  /** Reads, writes and executions. */
  requests: number;
  executions: number;
  /** UTC days with at least one request. */
  days: number;
}

/** The keys' counts over hours starting in [from, to). */
export function usageOf(accounts: Accounts, keys: readonly StoredKey[], from: number, to: number): UsageSummary {
  let requests = 0;
  let executions = 0;
  const days = new Set<number>();
  for (const k of keys) {
    const log = accounts.usage.get(k.id);
    if (!log) continue;
    for (const [hour, [r, w, e]] of log.hours) {
      if (hour < from || hour >= to || r + w + e === 0) continue;
      requests += r + w + e;
      executions += e;
      days.add(hour - (hour % DAY_MS));
    }
  }
  return { requests, executions, days: days.size };
}

/** The last time any of the keys was used, else null. */
export function lastUsedOf(keys: readonly StoredKey[]): number | null {
  let last: number | null = null;
  for (const k of keys) if (k.lastUsed !== null && (last === null || k.lastUsed > last)) last = k.lastUsed;
  return last;
}
