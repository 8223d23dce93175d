// API keys area state. Typed first, then created. Key values never enter `keys`: the
// one-time value lives in `revealed` until the reveal dialog closes.
import { create } from 'zustand';
import type { ApiKey, CreateApiKeyRequest, KeyUsageResponse, UpdateApiKeyRequest } from '../../../../../shared/api/accounts/api-keys';
import type { Granularity, UsagePeriod } from '../../../../../shared/api/common';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { KeyHolder } from '../../../../../shared/ipc/contract';
import { getBridge } from '../../../bridge';
import { api } from '../../../bridge/api';
import { isCancelled, toNormalizedError } from '../../../bridge/errors';
import type { RevealedKey } from '../../../components/KeyRevealDialog';
import { prefixesToAsk } from './key-holders';
import { createLoader, initialLoadState, type LoadState, type LoadStatus } from '../../../platform/resource-store';

interface UsageState {
  keyId: string | null;
  period: UsagePeriod;
  granularity: Granularity;
  /** `ready` while usage is shown, also during and after a failed reload of the same period and granularity. */
  status: LoadStatus;
  data: KeyUsageResponse | null;
  /** The last failure; with status `ready`, the usage shown is stale (from `loadedAt`). */
  error: NormalizedError | null;
  /** A reload of the usage shown (same period and granularity) is running. */
  refreshing: boolean;
  /** When the usage shown was read (this machine's clock). */
  loadedAt: number | null;
}

export interface ApiKeysState extends LoadState {
  keys: ApiKey[];
  revealed: RevealedKey | null;
  usage: UsageState;
  /** Saved profiles holding each listed key, by prefix (keys no profile holds are absent). */
  holders: Record<string, KeyHolder[]>;
  load(): Promise<void>;
  /** Loads unless a load is running or finished moments ago (the shell prefetches at start). */
  ensureLoaded(): Promise<void>;
  create(request: CreateApiKeyRequest): Promise<ApiKey>;
  /** PUT with only the changed members; the list shows the server's answer. */
  update(id: string, request: UpdateApiKeyRequest): Promise<ApiKey>;
  rotate(id: string): Promise<void>;
  revoke(id: string): Promise<void>;
  dismissReveal(): void;
  /** Asks the main process which profiles hold the listed keys; a failure leaves none known. */
  loadHolders(): Promise<void>;
  loadUsage(keyId: string, period?: UsagePeriod, granularity?: Granularity): Promise<void>;
  closeUsage(): void;
}

/** Drops the secret from anything that is kept in the list. */
function withoutSecret(key: ApiKey): ApiKey {
  const { key: _secret, ...rest } = key;
  return rest;
}

let usageController: AbortController | null = null;
/** Only the latest holders question's answer is kept (the profile may change in between). */
let holdersAsked = 0;

export const useApiKeys = create<ApiKeysState>()((set, get) => {
  const list = createLoader<ApiKeysState>(set, get);
  return {
    ...initialLoadState(),
    keys: [],
    revealed: null,
    usage: { keyId: null, period: '7d', granularity: 'day', status: 'idle', data: null, error: null, refreshing: false, loadedAt: null },
    holders: {},

    async load() {
      await list.run(async (signal) => ({ keys: (await api('apiKeys.list', {}, { signal })).data.apiKeys.map(withoutSecret) }));
      await get().loadHolders();
    },

    ensureLoaded: () => list.ensureLoaded(get().load),

    async create(request) {
      const { data } = await api('apiKeys.create', { body: request });
      const saved = withoutSecret(data);
      set((s) => ({
        keys: [saved, ...s.keys.filter((k) => k.id !== saved.id)],
        revealed: data.key ? { title: 'API key created', keyName: data.name, value: data.key } : null,
      }));
      return saved;
    },

    async update(id, request) {
      const { data } = await api('apiKeys.update', { params: { key_id: id }, body: request });
      const saved = withoutSecret(data);
      set((s) => ({ keys: s.keys.map((k) => (k.id === id ? saved : k)) }));
      return saved;
    },

    async rotate(id) {
      const { data } = await api('apiKeys.rotate', { params: { key_id: id } });
      set({ revealed: { title: 'API key rotated', keyName: data.name, value: data.key } });
      // The list's prefix changes with the new value; refresh quietly.
      void get().load();
    },

    async revoke(id) {
      const { data } = await api('apiKeys.revoke', { params: { key_id: id } });
      set((s) => ({ keys: s.keys.map((k) => (k.id === id ? { ...k, status: 'revoked' as const, revokedAt: data.revokedAt } : k)) }));
    },

    dismissReveal() {
      set({ revealed: null });
    },

    async loadHolders() {
      const asked = ++holdersAsked;
      const prefixes = prefixesToAsk(get().keys);
      let holders: Record<string, KeyHolder[]> = {};
      if (prefixes.length > 0) {
        try {
          const { uses } = await getBridge().invoke('profiles:usingKeys', { prefixes });
          holders = Object.fromEntries(uses.map((u) => [u.prefix, u.profiles]));
        } catch {
          // Advisory only: without an answer the confirmations say nothing about profiles.
        }
      }
      if (asked === holdersAsked) set({ holders });
    },

    async loadUsage(keyId, period = get().usage.period, granularity = get().usage.granularity) {
      usageController?.abort();
      const controller = (usageController = new AbortController());
      // The same key's usage stays on screen while another period loads (dimmed); a reload of
      // the very usage shown keeps it as a refresh: stale, with the error above it, if it fails.
      const shown = get().usage.keyId === keyId ? get().usage.data : null;
      const same = shown !== null && shown.period === period && shown.granularity === granularity;
      set((s) => ({
        usage: {
          ...s.usage,
          keyId,
          period,
          granularity,
          ...(same ? { status: 'ready', refreshing: true } : { status: 'loading', error: null, refreshing: false }),
          data: shown,
        },
      }));
      try {
        const { data } = await api(
          'apiKeys.usage',
          { params: { key_id: keyId }, query: { period, granularity } },
          { signal: controller.signal },
        );
        set((s) => ({ usage: { ...s.usage, status: 'ready', data, error: null, refreshing: false, loadedAt: Date.now() } }));
      } catch (error) {
        if (isCancelled(error)) return;
        set((s) => ({ usage: { ...s.usage, ...(same ? {} : { status: 'error' }), error: toNormalizedError(error), refreshing: false } }));
      }
    },

    closeUsage() {
      usageController?.abort();
      set((s) => ({ usage: { ...s.usage, keyId: null, data: null, status: 'idle', error: null, refreshing: false, loadedAt: null } }));
    },
  };
});
