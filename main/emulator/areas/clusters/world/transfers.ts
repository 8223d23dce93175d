// The seeded clusters' log downloads (issue 21: data transfer has a history as long as usage's
// longest period): over the last 180 days, while a cluster was billed (its logs are written
// while it runs), one download every 1 to 6 hours of it, of a day's log — 8 to 24 MB as the
// seeded clusters' are, a tenth of them gzipped to a twentieth — so a few GB a week in all. From a
// stream of each cluster's own, so no other seeded value moves (docs/decisions.md, Usage and
// costs: data transfer).
import { Rng } from '../../../core/rng';
import { addTransfer, type StoredTransferBin } from '../../../core/transfer';
import { billedStretches } from '../sim/cluster-state';
import type { StoredCluster } from '../state';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const MB = 1e6;
/** How far back the seeded downloads go: usage's longest period of days (180d). */
const SEEDED_TRANSFER_DAYS = 180;

export function seededLogDownloads(seed: number, clusters: readonly StoredCluster[], now: number): StoredTransferBin[] {
  const downloads: Array<{ c: StoredCluster; at: number; bytes: number }> = [];
  for (const c of clusters) {
    const rng = Rng.derive(seed, `transfer:${c.id}`);
    for (const s of billedStretches(c)) {
      const end = Math.min(s.end ?? now, now);
      let at = Math.max(s.start, c.created_at, now - SEEDED_TRANSFER_DAYS * DAY) + rng.int(30, 180) * MIN;
      for (; at < end; at += rng.int(1, 6) * HOUR + rng.int(0, 59) * MIN) {
        const bytes = Math.round((8 + 16 * rng.next()) * MB);
        downloads.push({ c, at, bytes: rng.next() < 0.1 ? Math.round(bytes / 20) : bytes });
      }
    }
  }
  downloads.sort((a, b) => a.at - b.at);
  const ledger: StoredTransferBin[] = [];
  for (const d of downloads) addTransfer(ledger, { type: 'cluster', id: d.c.id, name: d.c.name }, d.bytes, d.at);
  return ledger;
}
