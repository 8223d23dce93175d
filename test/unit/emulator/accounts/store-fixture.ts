// A seeded store with every area, the owner key applied and the accounts authority attached
// (which empties the header cache on state changes), for unit tests of area code.
import { AREAS } from '../../../../main/emulator/areas';
import { authorityOver } from '../../../../main/emulator/areas/accounts/authority';
import { applyOwnerKey } from '../../../../main/emulator/areas/accounts/owner-key';
import { accountsOf } from '../../../../main/emulator/areas/accounts/state';
import { Store } from '../../../../main/emulator/state/store';
import { buildWorld } from '../../../../main/emulator/world/builder';

export function seededStore(seed: number, now: number, ownerKey: string) {
  const world = buildWorld(AREAS, seed, now);
  const store = new Store(AREAS, world.state);
  applyOwnerKey(store, ownerKey);
  const authority = authorityOver(store);
  return { store, authority, accounts: accountsOf(store), seededKeys: world.seededKeys };
}
