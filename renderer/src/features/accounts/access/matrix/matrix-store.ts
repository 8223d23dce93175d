// The Matrix tab's reads: one member's effective permissions per call (GET
// /v2/accounts/permissions/{user_id}), for the members of the page on screen only, four at a time,
// each kept until the view is refreshed: the console spends the accounts rate limit on what is
// shown, never on the whole team.
import { create } from 'zustand';
import type { EffectivePermissions } from '../../../../../../shared/api/accounts/permissions';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { api } from '../../../../bridge/api';
import { toNormalizedError } from '../../../../bridge/errors';
import { eachLimited } from './matrix-cells';

export const MATRIX_CONCURRENCY = 4;

type Entry = { status: 'loading' } | { status: 'ready'; data: EffectivePermissions } | { status: 'error'; error: NormalizedError };

interface MatrixState {
  byUser: Record<string, Entry>;
  /** Counts the refreshes: a view reads its page again when it changes. */
  generation: number;
  /** Reads the members not read yet (a failed read waits for a refresh: no retry loop on a refusal). */
  read(userIds: readonly string[]): Promise<void>;
  /** Forgets every answer: the next read asks again. */
  refresh(): void;
}

export const useMatrix = create<MatrixState>()((set, get) => ({
  byUser: {},
  generation: 0,
  read: async (userIds) => {
    const wanted = userIds.filter((id) => !get().byUser[id]);
    if (!wanted.length) return;
    set((s) => ({ byUser: { ...s.byUser, ...Object.fromEntries(wanted.map((id) => [id, { status: 'loading' } as Entry])) } }));
    await eachLimited(wanted, MATRIX_CONCURRENCY, async (id) => {
      let entry: Entry;
      try {
        entry = { status: 'ready', data: (await api('permissions.effective', { params: { user_id: id } })).data };
      } catch (e) {
        entry = { status: 'error', error: toNormalizedError(e) };
      }
      set((s) => ({ byUser: { ...s.byUser, [id]: entry } }));
    });
  },
  refresh: () => set((s) => ({ byUser: {}, generation: s.generation + 1 })),
}));
