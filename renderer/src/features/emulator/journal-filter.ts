// The journal panel's filter: text over method, path, status and key id, and a status class.
import type { JournalEntry } from '../../../../shared/api/emulator-admin';

export type StatusClass = 'all' | '2xx' | '3xx' | '4xx' | '5xx';
export const STATUS_CLASSES: readonly StatusClass[] = ['all', '2xx', '3xx', '4xx', '5xx'];

/** A journal entry with its position in the emulator's journal (a stable row key). */
export interface JournalRow extends JournalEntry {
  seq: number;
}

/** Paths the view reads itself while it is open; listing them would bury everything else. */
const OWN_POLLING = new Set(['GET /_emulator/journal', 'GET /_emulator/clock']);

/** The last entries (oldest first, as the emulator answers) as rows, newest first, without the view's own polling. */
export function journalRows(entries: readonly JournalEntry[], total: number): JournalRow[] {
  const first = total - entries.length;
  const rows: JournalRow[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (!OWN_POLLING.has(`${e.method} ${e.path}`)) rows.push({ ...e, seq: first + i });
  }
  return rows;
}

export function statusClassOf(status: number): Exclude<StatusClass, 'all'> | null {
  const c = Math.floor(status / 100);
  return c >= 2 && c <= 5 ? (`${c}xx` as Exclude<StatusClass, 'all'>) : null;
}

export function filterJournal(rows: readonly JournalRow[], text: string, statusClass: StatusClass): readonly JournalRow[] {
  const needle = text.trim().toLowerCase();
  if (!needle && statusClass === 'all') return rows;
  return rows.filter((r) => {
    if (statusClass !== 'all' && statusClassOf(r.status) !== statusClass) return false;
    if (!needle) return true;
    return `${r.method} ${r.path} ${r.status} ${r.keyId ?? ''}`.toLowerCase().includes(needle);
  });
}
