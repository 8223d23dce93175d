// The seeded models' downloads (issue 21: data transfer has a history): from each model's
// creation to now, one download of its latest version every 12 to 48 hours, at the version's
// size. From a stream of each model's own, so no other seeded value moves (docs/decisions.md,
// Usage and costs: data transfer).
import { Rng } from '../../../core/rng';
import { addTransfer, type StoredTransferBin } from '../../../core/transfer';
import type { StoredModel } from '../state';

const MIN = 60_000;
const HOUR = 3_600_000;

export function seededModelDownloads(seed: number, models: readonly StoredModel[], now: number): StoredTransferBin[] {
  const downloads: Array<{ m: StoredModel; at: number }> = [];
  for (const m of models) {
    const rng = Rng.derive(seed, `transfer:${m.id}`);
    for (let at = m.created_at + rng.int(1, 12) * HOUR; at < now; at += rng.int(12, 48) * HOUR + rng.int(0, 59) * MIN)
      downloads.push({ m, at });
  }
  downloads.sort((a, b) => a.at - b.at);
  const ledger: StoredTransferBin[] = [];
  for (const { m, at } of downloads) addTransfer(ledger, { type: 'model', id: m.id, name: m.name }, m.size.bytes, at);
  return ledger;
}
