// What a deleted dataset or model had stored (issue 21; docs/decisions.md, Usage and costs: stored
// before deletion): kept when it goes, so the storage it was billed for in a past period still
// reads the same. Bounded: entries removed more than 400 days ago go (no period reaches them), and
// past REMOVED_STORAGE_MAX the earliest removed.
import type { Store } from '../../state/store';
import { trainingRecord } from './records';
import { AREA, type StoredRemovedStorage, type TrainingState } from './state';
import { REMOVED_STORAGE_MAX } from './stored-schema';

const DAY = 86_400_000;
/** How long the storage of a deleted resource is kept: as long as the transfer ledger's bins. */
const KEPT_DAYS = 400;

export function keepRemovedStorage(state: TrainingState, store: Store | null, entry: StoredRemovedStorage): void {
  const list = state.removed_storage;
  const at = list.findIndex((e) => e.id === entry.id);
  if (at !== -1) list.splice(at, 1);
  list.push(entry);
  store?.touch(AREA, trainingRecord.removed(entry.id));
  list.sort((a, b) => a.removed_at - b.removed_at);
  const floor = Math.max(...list.map((e) => e.removed_at)) - KEPT_DAYS * DAY;
  let drop = 0;
  while (drop < list.length && (list[drop]!.removed_at < floor || list.length - drop > REMOVED_STORAGE_MAX)) drop++;
  for (const gone of list.splice(0, drop)) store?.touch(AREA, trainingRecord.removed(gone.id));
}
