// The data-transfer ledger (core/transfer.ts): hourly bins per resource in hour order, bounded by
// age and by count (the oldest go), every change named for the write-ahead log so that replaying
// the named records through an area's records gives the same ledger.
import { describe, expect, it } from 'vitest';
import {
  addTransfer,
  putTransferBin,
  TRANSFER_BINS_MAX,
  TRANSFER_RETENTION_DAYS,
  transferBin,
  transferTallies,
  type StoredTransferBin,
} from '../../../../main/emulator/core/transfer';
import { applyClustersRecord, clusterRecord, clustersRecord } from '../../../../main/emulator/areas/clusters/records';
import { applyTrainingRecord, trainingRecord, trainingRecordOf } from '../../../../main/emulator/areas/training/records';
import type { ClustersState } from '../../../../main/emulator/areas/clusters/state';
import type { TrainingState } from '../../../../main/emulator/areas/training/state';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = Date.parse('2026-06-01T00:00:00.000Z');
const a = { type: 'cluster' as const, id: 'cluster_A', name: 'a' };
const b = { type: 'cluster' as const, id: 'cluster_B', name: 'b' };
const resource = (bin: StoredTransferBin) => ({ type: bin.type, id: bin.id, name: bin.name, region: null, gpuType: null, createdBy: null });

describe('transfer ledger', () => {
  it('keeps one bin per resource and hour, in hour order, and sums them as each hour ends', () => {
    const ledger: StoredTransferBin[] = [];
    addTransfer(ledger, a, 100, T0 + 10 * 60_000);
    addTransfer(ledger, b, 5, T0 + 20 * 60_000);
    addTransfer(ledger, a, 50, T0 + 59 * 60_000);
    addTransfer(ledger, a, 7, T0 + HOUR);
    expect(ledger.map((x) => [x.id, x.hour - T0, x.bytes, x.downloads])).toEqual([
      ['cluster_A', 0, 150, 2],
      ['cluster_B', 0, 5, 1],
      ['cluster_A', HOUR, 7, 1],
    ]);
    const [ta] = transferTallies(ledger, resource);
    expect(ta!.resource.id).toBe('cluster_A');
    expect(ta!.cumulative([T0, T0 + HOUR - 1, T0 + HOUR, T0 + 2 * HOUR]).map((gb) => gb * 1e9)).toEqual([0, 0, 150, 157]);
  });

  it('drops bins past the retention and the oldest past the maximum, naming each change', () => {
    const ledger: StoredTransferBin[] = [];
    addTransfer(ledger, a, 1, T0);
    addTransfer(ledger, b, 1, T0 + DAY);
    const changed = addTransfer(ledger, a, 1, T0 + TRANSFER_RETENTION_DAYS * DAY + HOUR);
    expect(changed).toEqual([`cluster_A:${T0 + TRANSFER_RETENTION_DAYS * DAY + HOUR}`, `cluster_A:${T0}`]);
    expect(ledger.map((x) => x.hour)).toEqual([T0 + DAY, T0 + TRANSFER_RETENTION_DAYS * DAY + HOUR]);

    const full: StoredTransferBin[] = [];
    // 200 resources each hour, well within the retention.
    for (let i = 0; i < TRANSFER_BINS_MAX; i++)
      full.push({ type: 'cluster', id: `cluster_${i % 200}`, name: 'n', hour: T0 + Math.floor(i / 200) * HOUR, bytes: 1, downloads: 1 });
    const dropped = addTransfer(full, b, 1, T0 + DAY * 30);
    expect(full.length).toBe(TRANSFER_BINS_MAX);
    expect(dropped).toEqual([`cluster_B:${T0 + 30 * DAY}`, `cluster_0:${T0}`]);
    expect(full[0]!.id).toBe('cluster_1');
  });

  it('replays the changes it names through the clusters and training records to the same ledger', () => {
    const live = { clusters: [], templates: [], transfers: [] } as unknown as ClustersState;
    const replayed = { clusters: [], templates: [] } as unknown as ClustersState;
    const liveT = { datasets: [], transfers: [] } as unknown as TrainingState;
    const replayedT = { datasets: [], transfers: [] } as unknown as TrainingState;
    const at = [T0, T0 + 5 * DAY, T0 + 5 * DAY + 60_000, T0 + (TRANSFER_RETENTION_DAYS + 1) * DAY];
    for (const t of at) {
      for (const key of addTransfer(live.transfers, a, 10, t)) {
        const id = clusterRecord.transfer(key);
        applyClustersRecord(replayed, id, structuredClone(clustersRecord(live, id)));
      }
      for (const key of addTransfer(liveT.transfers, { type: 'model', id: 'model_X', name: 'x' }, 3, t)) {
        const id = trainingRecord.transfer(key);
        applyTrainingRecord(replayedT, id, structuredClone(trainingRecordOf(liveT, id)));
      }
    }
    expect(replayed.transfers).toEqual(live.transfers);
    expect(replayedT.transfers).toEqual(liveT.transfers);
    expect(live.transfers.length).toBe(2);
    // A bin put back out of order still lands in hour order; a removal of what is not there changes nothing.
    putTransferBin(live.transfers, `cluster_B:${T0 + 6 * DAY}`, { ...b, hour: T0 + 6 * DAY, bytes: 1, downloads: 1 });
    putTransferBin(live.transfers, 'cluster_C:0', undefined);
    expect(live.transfers.map((x) => x.id)).toEqual(['cluster_A', 'cluster_B', 'cluster_A']);
    expect(transferBin(live.transfers, `cluster_B:${T0 + 6 * DAY}`)?.bytes).toBe(1);
  });
});
