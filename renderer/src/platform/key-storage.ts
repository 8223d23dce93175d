// Where the main process keeps API keys (app:info's vault), for any view that tells the user
// where a key goes: "in GNOME Keyring (Secret Service)" only when it is really kept there.
import { create } from 'zustand';
import type { VaultStatus } from '../../../shared/ipc/contract';

interface KeyStorageState {
  vault: VaultStatus | null;
  set(vault: VaultStatus): void;
}

export const useVaultStatus = create<KeyStorageState>()((set) => ({
  vault: null,
  set: (vault) => set({ vault }),
}));

/** "in <keychain>", or "in memory for this session only"; null until the main process said. */
function keyStorageWords(vault: VaultStatus | null): { persistent: boolean; where: string } | null {
  if (!vault) return null;
  return vault.persistent
    ? { persistent: true, where: `in ${vault.location}` }
    : { persistent: false, where: 'in memory for this session only' };
}

export function useKeyStorage(): { persistent: boolean; where: string } | null {
  return keyStorageWords(useVaultStatus((s) => s.vault));
}
