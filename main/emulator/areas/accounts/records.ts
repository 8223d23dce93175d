// The accounts area's records for the write-ahead log (docs/decisions.md, Persistence):
// `account`, `members`, `invitations`, `roles`, `grants`, `shares`, `settings` (each whole), `key:<id>`
// (one key) and `audit:<id>` (one audit event, appended: the log is never rewritten whole).
// Usage counts are not records: they go to the periodic snapshot only.
import type { Accounts } from './state';
import type { AccountsState, StoredAuditEvent, StoredKey } from './stored-schema';

const KEY = 'key:';
const AUDIT = 'audit:';
const WHOLE = new Set(['account', 'members', 'invitations', 'roles', 'grants', 'shares', 'settings', 'profiles']);

export const accountRecord = {
  account: 'account',
  members: 'members',
  invitations: 'invitations',
  roles: 'roles',
  grants: 'grants',
  shares: 'shares',
  /** The five settings sections and when they changed, one record (`{settings, updatedAt}`). */
  settings: 'settings',
  /** Members' own profiles (bio, links, avatar id, preferences), one record. */
  profiles: 'profiles',
  key: (id: string) => `${KEY}${id}`,
  audit: (id: string) => `${AUDIT}${id}`,
} as const;

export function accountsRecord(live: Accounts, id: string): unknown {
  if (id === 'settings') return { settings: live.settings, updatedAt: live.settingsUpdatedAt };
  if (WHOLE.has(id)) return live[id as 'account' | 'members' | 'invitations' | 'roles' | 'grants' | 'shares' | 'profiles'];
  if (id.startsWith(KEY)) return live.keys.get(id.slice(KEY.length));
  if (id.startsWith(AUDIT)) return live.auditEvent(id.slice(AUDIT.length));
  throw new Error(`no accounts record ${JSON.stringify(id.slice(0, 100))}`);
}

/** Position of each key id in a stored key list: replay looks keys up by id thousands of times. */
const keyIndexes = new WeakMap<StoredKey[], Map<string, number>>();

export function applyAccountsRecord(stored: unknown, id: string, value: unknown): void {
  const s = stored as AccountsState;
  if (WHOLE.has(id)) {
    if (value === undefined) throw new Error(`the accounts record ${id} cannot be removed`);
    if (id === 'settings') {
      const v = value as { settings: AccountsState['settings']; updatedAt: number | null };
      s.settings = v.settings;
      s.settingsUpdatedAt = v.updatedAt;
      return;
    }
    (s as Record<string, unknown>)[id] = value;
    return;
  }
  if (id.startsWith(AUDIT)) {
    // Appended in order; retention trims the snapshot, never through records.
    if (value === undefined) throw new Error('an audit event cannot be removed by a record');
    (s.audit ??= []).push(value as StoredAuditEvent);
    return;
  }
  if (!id.startsWith(KEY)) throw new Error(`no accounts record ${JSON.stringify(id.slice(0, 100))}`);
  const keyId = id.slice(KEY.length);
  let index = keyIndexes.get(s.keys);
  if (!index) keyIndexes.set(s.keys, (index = new Map(s.keys.map((k, i) => [k.id, i]))));
  const at = index.get(keyId);
  if (value === undefined) {
    if (at === undefined) return;
    s.keys.splice(at, 1);
    keyIndexes.delete(s.keys);
  } else if (at === undefined) {
    index.set(keyId, s.keys.push(value as StoredKey) - 1);
  } else {
    s.keys[at] = value as StoredKey;
  }
}
