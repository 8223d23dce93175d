// The accounts area's records for the write-ahead log (docs/decisions.md, Persistence):
// `account`, `members`, `invitations` (each whole) and `key:<id>` (one key). Usage counts are
// not records: they go to the periodic snapshot only.
import type { Accounts } from './state';
import type { AccountsState, StoredKey } from './stored-schema';

const KEY = 'key:';

export const accountRecord = {
  account: 'account',
  members: 'members',
  invitations: 'invitations',
  key: (id: string) => `${KEY}${id}`,
} as const;

export function accountsRecord(live: Accounts, id: string): unknown {
  if (id === 'account') return live.account;
  if (id === 'members') return live.members;
  if (id === 'invitations') return live.invitations;
  if (id.startsWith(KEY)) return live.keys.get(id.slice(KEY.length));
  throw new Error(`no accounts record ${JSON.stringify(id.slice(0, 100))}`);
}

/** Position of each key id in a stored key list: replay looks keys up by id thousands of times. */
const keyIndexes = new WeakMap<StoredKey[], Map<string, number>>();

export function applyAccountsRecord(stored: unknown, id: string, value: unknown): void {
  const s = stored as AccountsState;
  if (id === 'account' || id === 'members' || id === 'invitations') {
    if (value === undefined) throw new Error(`the accounts record ${id} cannot be removed`);
    (s as Record<string, unknown>)[id] = value;
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
