// The key list body is assembled from cached pieces (areas/accounts/api-keys/view.ts): it must
// always equal the plain serialisation of the keys, and its byte count must be exact.
import { describe, expect, it } from 'vitest';
import { KeyListJson, toApiKey } from '../../../../main/emulator/areas/accounts/api-keys/view';
import { Rng } from '../../../../main/emulator/core/rng';
import type { Accounts } from '../../../../main/emulator/areas/accounts/state';
import { seededStore } from './store-fixture';

const NOW = Date.UTC(2026, 5, 1);
const OWNER = 'gpu_live_OwnerKey_0123456789abcdefghijABCDEFGHIJ01';

/** The plain serialisation, with the two usage fields last (where the cached pieces put them). */
function plain(accounts: Accounts): string {
  const keys = [...accounts.keys.values()];
  const apiKeys = keys.map((k) => {
    const { lastUsed, usageCount, ...rest } = toApiKey(k);
    return { ...rest, lastUsed, usageCount };
  });
  return JSON.stringify({ apiKeys, total: keys.length });
}

describe('KeyListJson', () => {
  it('renders exactly the UTF-8 bytes of what JSON.stringify gives, through usage and key changes', () => {
    const { store, accounts } = seededStore(11, NOW, OWNER);
    const list = new KeyListJson();
    const rng = new Rng(5);
    const names = ['Käse — prod', 'ключ', '🔑 deploy', 'plain', 'quote " and \\ back'];
    let now = NOW;
    for (let step = 0; step < 400; step++) {
      const keys = [...accounts.keys.values()];
      const roll = rng.int(0, 9);
      // Mostly one key used between renders (the hot path), sometimes several, sometimes none.
      const used = roll < 6 ? 1 : roll < 8 ? rng.int(2, keys.length) : 0;
      for (let u = 0; u < used; u++) {
        const key = keys[u === 0 && roll < 4 ? 0 : rng.int(0, keys.length - 1)]!;
        now += rng.int(0, 1500);
        accounts.recordUse(key, 0, 'GET /v2/accounts/api-keys', now);
      }
      if (roll === 9) {
        const key = keys[rng.int(0, keys.length - 1)]!;
        key.name = names[rng.int(0, names.length - 1)]!;
        store.changed('state');
      }
      const bytes = list.render(accounts.keys, store.version);
      expect(bytes.equals(Buffer.from(plain(accounts)))).toBe(true);
      expect(JSON.parse(bytes.toString('utf8'))).toEqual({ apiKeys: [...accounts.keys.values()].map(toApiKey), total: accounts.keys.size });
    }
  });
});
