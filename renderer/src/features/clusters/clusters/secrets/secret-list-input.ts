// The secret list read's input, in a module of its own: the Secrets tab's store and the read made
// ahead of the tab as the address changes (the clusters feature's routePrefetch, in the first
// chunk, where the store's code is not) build it here alike, so the read ahead is taken
// (read-ahead.ts): the one place that decides which filters a list read sends.
import type { InputOf } from '../../../../../../shared/api/operations';
import type { SecretCategory, SecretType } from '../../../../../../shared/api/clusters/secrets';

type ListInput = InputOf<'clusters.secrets.list'>;

/** The list's server-side filters as the tab holds them: '' for none. */
export interface SecretFilters {
  type: SecretType | '';
  category: SecretCategory | '';
  search: string;
}

/** A cluster's list with the filters given: an empty one is not sent, the search is trimmed. */
export function secretListInput(clusterId: string, { type, category, search }: SecretFilters): ListInput {
  const text = search.trim();
  return {
    params: { cluster_id: clusterId },
    query: { ...(type ? { type } : {}), ...(category ? { category } : {}), ...(text ? { search: text } : {}) },
  };
}
