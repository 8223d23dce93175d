// What the clusters' log downloads transferred out (issue 21; core/transfer.ts): each download's
// bytes — the file as sent, compressed or not — counted against its cluster in the area's ledger,
// and reported as the area's tallies with the cluster's region and creator.
import type { MeteredResource, Tallied } from '../../core/metering';
import { addTransfer, transferTallies } from '../../core/transfer';
import type { Store } from '../../state/store';
import { clusterRecord } from './records';
import { AREA, clustersState, findCluster, type StoredCluster } from './state';

/** Counts a log download of `bytes` from `c` at `now`, durably (its bins are touched). */
export function countLogDownload(store: Store, c: StoredCluster, bytes: number, now: number): void {
  for (const key of addTransfer(clustersState(store).transfers, { type: 'cluster', id: c.id, name: c.name }, bytes, now))
    store.touch(AREA, clusterRecord.transfer(key));
}

/** The cluster as metering names it (clusters/events.ts uses the same). */
export const clusterResource = (c: StoredCluster): MeteredResource => ({
  type: 'cluster',
  id: c.id,
  name: c.name,
  region: c.region,
  gpuType: c.gpu.type,
  createdBy: c.created_by ?? null,
});

export function clusterTallies(store: Store): Tallied[] {
  return transferTallies(clustersState(store).transfers, (bin) => {
    const c = findCluster(store, bin.id);
    return c ? clusterResource(c) : { type: 'cluster', id: bin.id, name: bin.name, region: null, gpuType: null, createdBy: null };
  });
}
