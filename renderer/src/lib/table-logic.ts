// Pure parts of the shared table: sorting and the narrowest width of its grid.
export interface SortState {
  columnId: string;
  direction: 'asc' | 'desc';
}

export interface SortableColumn<T> {
  id: string;
  sortValue?(row: T): string | number;
}

const SCROLLBAR_GUTTER = 16;

/** The narrowest the grid can be: the first px figure of each track (`120px`, `minmax(180px, 2fr)`), 80 px otherwise. */
export function minTableWidth(widths: readonly string[]): number {
  return widths.reduce((sum, w) => sum + Number(/(\d+(?:\.\d+)?)px/.exec(w)?.[1] ?? 80), 0) + SCROLLBAR_GUTTER;
}

/** Rows in the column's order (numbers numerically, text by locale); the input order when unsorted. */
export function sortRows<T>(rows: readonly T[], columns: readonly SortableColumn<T>[], sort: SortState | null): readonly T[] {
  const column = sort && columns.find((c) => c.id === sort.columnId);
  if (!sort || !column?.sortValue) return rows;
  const value = column.sortValue;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    return factor * (typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb)));
  });
}
