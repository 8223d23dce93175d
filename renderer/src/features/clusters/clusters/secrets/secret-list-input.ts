// The secret list read's input, in a module of its own: the Secrets tab's store and the read made
// ahead of the tab as the address changes (the clusters feature's routePrefetch, in the first
// chunk, where the store's code is not) send it alike, so the read ahead is taken (read-ahead.ts).
import type { InputOf } from '../../../../../../shared/api/operations';

type ListInput = InputOf<'clusters.secrets.list'>;

/** A cluster's list with the server-side filters given (none: every secret). */
export const secretListInput = (clusterId: string, query: NonNullable<ListInput['query']>): ListInput => ({
  params: { cluster_id: clusterId },
  query,
});
