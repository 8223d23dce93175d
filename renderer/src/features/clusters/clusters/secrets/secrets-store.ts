// Secrets of the cluster the Secrets tab shows. Typed first, then created. Values never
// enter this store: the list is read without them, and a revealed value lives only in the
// tab's own state (use-revealed-values.ts) until it is hidden.
import { create } from 'zustand';
import {
  SecretCategory,
  SecretType,
  type CreateSecretRequest,
  type Secret,
  type UpdateSecretRequest,
} from '../../../../../../shared/api/clusters/secrets';
import { oneOfParam } from '../../../../platform/navigation/url-state';
import { api } from '../../../../bridge/api';
import { apiAhead } from '../../../../platform/read-ahead';
import { createLoader, initialLoadState, type LoadOptions, type LoadState } from '../../../../platform/resource-store';
import { secretListInput, type SecretFilters } from './secret-list-input';

/** What the tab's list asks for: one cluster's secrets, with the server-side filters. */
export interface SecretQuery extends SecretFilters {
  clusterId: string;
}

const noFilters = (): SecretFilters => ({ type: '', category: '', search: '' });

/** The list's ask from the tab's address parameters (`type`, `category`, `q`), checked against the contract's lists. */
export function secretQuery(clusterId: string, p: { type?: string; category?: string; q?: string }): SecretQuery {
  return {
    clusterId,
    type: oneOfParam(SecretType.options, p.type ?? ''),
    category: oneOfParam(SecretCategory.options, p.category ?? ''),
    search: p.q ?? '',
  };
}

export interface SecretsState extends LoadState {
  clusterId: string | null;
  filters: SecretFilters;
  secrets: Secret[];
  totalCount: number;
  secretTypes: Partial<Record<SecretType, number>>;
  /** The last list read without a search (same type/category), for instant local filtering while a search is on its way. */
  unfiltered: { type: SecretFilters['type']; category: SecretFilters['category']; secrets: Secret[] } | null;
  /** Loads a cluster's secrets with the server-side filters (the last call wins). */
  load(query: SecretQuery, options?: LoadOptions): Promise<void>;
  /** Loads the cluster's secrets again with the filters shown. */
  reload(clusterId: string): Promise<void>;
  create(clusterId: string, request: CreateSecretRequest): Promise<Secret>;
  update(clusterId: string, name: string, request: UpdateSecretRequest): Promise<Secret>;
  remove(clusterId: string, name: string): Promise<void>;
  /** Reads one value (elevated permission); the caller holds it, the store never does. */
  readValue(clusterId: string, name: string): Promise<string>;
  /** A cluster's secrets, without touching the tab's list (the command palette). */
  listOf(clusterId: string): Promise<Secret[]>;
  /** Forgets everything (leaving the tab). */
  reset(): void;
}

function withoutValue(secret: Secret): Secret {
  const { value: _value, ...rest } = secret;
  return rest;
}

const emptyList = () => ({ secrets: [], totalCount: 0, secretTypes: {}, unfiltered: null });

export const useSecrets = create<SecretsState>()((set, get) => {
  const list = createLoader<SecretsState>(set, get);
  return {
    ...initialLoadState(),
    ...emptyList(),
    clusterId: null,
    filters: noFilters(),

    load({ clusterId, ...filters }, { quiet } = {}) {
      const sameCluster = get().clusterId === clusterId;
      const input = secretListInput(clusterId, filters);
      return list.run(
        async (signal) => {
          // The read the navigation started (readAhead) is taken, not repeated, as the tab mounts.
          const { data } = await apiAhead('clusters.secrets.list', input, { signal });
          const secrets = data.data.secrets.map(withoutValue);
          return {
            secrets,
            totalCount: data.data.total_count,
            secretTypes: data.data.secret_types,
            ...(input.query?.search ? {} : { unfiltered: { type: filters.type, category: filters.category, secrets } }),
          };
        },
        { quiet, before: { clusterId, filters, ...(sameCluster ? {} : emptyList()) } },
      );
    },

    reload(clusterId) {
      return get().load({ ...get().filters, clusterId });
    },

    async create(clusterId, request) {
      const { data } = await api('clusters.secrets.create', { params: { cluster_id: clusterId }, body: request });
      const saved = withoutValue(data.data);
      // Reload so the new secret shows only if it matches the filters, with fresh counts.
      void get().reload(clusterId);
      return saved;
    },

    async update(clusterId, name, request) {
      const { data } = await api('clusters.secrets.update', { params: { cluster_id: clusterId, secret_name: name }, body: request });
      const saved = withoutValue(data.data);
      const swap = (list: Secret[]) => list.map((x) => (x.name === name ? saved : x));
      set((s) => ({ secrets: swap(s.secrets), unfiltered: s.unfiltered && { ...s.unfiltered, secrets: swap(s.unfiltered.secrets) } }));
      return saved;
    },

    async remove(clusterId, name) {
      await api('clusters.secrets.delete', { params: { cluster_id: clusterId, secret_name: name } });
      const drop = (list: Secret[]) => list.filter((x) => x.name !== name);
      set((s) => ({
        secrets: drop(s.secrets),
        totalCount: Math.max(0, s.totalCount - 1),
        unfiltered: s.unfiltered && { ...s.unfiltered, secrets: drop(s.unfiltered.secrets) },
      }));
      void get().reload(clusterId);
    },

    async readValue(clusterId, name) {
      const { data } = await api('clusters.secrets.get', {
        params: { cluster_id: clusterId, secret_name: name },
        query: { include_value: true },
      });
      return data.data.value ?? '';
    },

    async listOf(clusterId) {
      const { data } = await api('clusters.secrets.list', { params: { cluster_id: clusterId } });
      return data.data.secrets.map(withoutValue);
    },

    reset() {
      list.abort();
      set({ ...initialLoadState(), ...emptyList(), clusterId: null, filters: noFilters() });
    },
  };
});
