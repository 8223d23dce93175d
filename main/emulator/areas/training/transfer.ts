// What the training area's downloads transferred out (issue 21; core/transfer.ts): a model
// download's bytes — the size its answer states, the zip or the files asked — counted when its
// address is issued, and an experiment export's CSV bytes when its address is issued; each
// against its model or experiment in the area's ledger, reported as the area's tallies.
import type { MeteredResource, Tallied } from '../../core/metering';
import { addTransfer, transferTallies, type TransferSource } from '../../core/transfer';
import type { Store } from '../../state/store';
import { trainingRecord } from './records';
import { AREA, trainingState, type StoredModel } from './state';

/** Counts a download of `bytes` from a model or an experiment at `now`, durably (its bins are touched). */
export function countDownload(store: Store, source: TransferSource, bytes: number, now: number): void {
  for (const key of addTransfer(trainingState(store).transfers, source, bytes, now)) store.touch(AREA, trainingRecord.transfer(key));
}

/** A model as metering names it (training/metering.ts uses the same). */
export const modelResource = (m: Pick<StoredModel, 'id' | 'name' | 'created_by'>): MeteredResource => ({
  type: 'model',
  id: m.id,
  name: m.name,
  region: null,
  gpuType: null,
  createdBy: m.created_by ?? null,
});

export function trainingTallies(store: Store): Tallied[] {
  const s = trainingState(store);
  return transferTallies(s.transfers, (bin) => {
    if (bin.type === 'model') return modelResource(s.models.find((m) => m.id === bin.id) ?? { id: bin.id, name: bin.name });
    const e = bin.type === 'experiment' ? s.experiments.find((x) => x.id === bin.id) : undefined;
    // Experiments keep no creator.
    return { type: bin.type, id: bin.id, name: e?.name ?? bin.name, region: null, gpuType: null, createdBy: null };
  });
}
