// The one list view of the console: columns declared by each area, fixed-height rows
// virtualised with @tanstack/react-virtual (thousands of rows stay smooth), sortable
// headers, keyboard-activatable rows, and loading / empty states in place of the body.
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { minTableWidth, sortRows, type SortState } from '../lib/table-logic';
import { BreakableText } from './BreakableText';

export type { SortState } from '../lib/table-logic';

export interface Column<T> {
  id: string;
  header: string;
  /** CSS grid track, e.g. `minmax(160px, 2fr)` or `120px`. */
  width: string;
  align?: 'left' | 'right' | 'center';
  render(row: T): ReactNode;
  /** Makes the column sortable. */
  sortValue?(row: T): string | number;
  /** The header is an identifier (`learning_rate`) that wraps to a second line (after its `_` or `.` first) rather than being cut. */
  wrapHeader?: boolean;
}

export interface DataTableProps<T> {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  loading?: boolean;
  /** Shown instead of the body when there are no rows and not loading. */
  empty?: ReactNode;
  initialSort?: SortState;
  /** Controlled sort (e.g. kept in the address): the table shows `sort` and reports header clicks. */
  sort?: SortState | null;
  onSortChange?(sort: SortState): void;
  rowHeight?: number;
  selectedKey?: string | null;
  onRowActivate?(row: T): void;
  rowTestId?(row: T): string;
  /** Half the cells' side padding (4 px): for tables of many narrow columns (a tuning job's trials). */
  dense?: boolean;
}

const HEADER_HEIGHT = 40;

/**
 * Tracks that fit what they hold at the console's font, padding included, so dates and
 * times are never cut while name columns take the rest: a date ("Nov 13, 2026"), a relative
 * time ("55 minutes ago", "in 11 months").
 */
export const CONTENT_WIDTH = { date: '124px', relativeTime: '140px' } as const;

export function DataTable<T>(props: DataTableProps<T>) {
  const { label, rows, columns, rowKey, loading, empty, rowHeight = 48, selectedKey, onRowActivate, rowTestId, dense = false } = props;
  const padX = dense ? 0.5 : 1;
  const [ownSort, setOwnSort] = useState<SortState | null>(props.initialSort ?? null);
  const controlled = props.onSortChange !== undefined;
  const sort = controlled ? (props.sort ?? props.initialSort ?? null) : ownSort;
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const template = columns.map((c) => c.width).join(' ');
  const minWidth = useMemo(() => minTableWidth(columns.map((c) => c.width)), [columns]);

  const toggleSort = (column: Column<T>) => {
    if (!column.sortValue) return;
    const next: SortState =
      sort?.columnId === column.id
        ? { columnId: column.id, direction: sort.direction === 'asc' ? 'desc' : 'asc' }
        : { columnId: column.id, direction: 'asc' };
    if (controlled) props.onSortChange?.(next);
    else setOwnSort(next);
  };

  const onRowKey = (event: KeyboardEvent<HTMLDivElement>, row: T, index: number) => {
    if (event.target !== event.currentTarget) return;
    if ((event.key === 'Enter' || event.key === ' ') && onRowActivate) {
      event.preventDefault();
      onRowActivate(row);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = Math.max(0, Math.min(sorted.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)));
      virtualizer.scrollToIndex(next);
      requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus());
    }
  };

  const showEmpty = !loading && sorted.length === 0;

  return (
    // Narrow windows scroll the whole table sideways, header and rows together.
    <Box sx={{ flex: 1, minHeight: 0, overflowX: 'auto', overflowY: 'hidden', display: 'flex' }}>
      <Box
        role="table"
        aria-label={label}
        aria-rowcount={sorted.length + 1}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1, minWidth }}
      >
        <Box
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: template,
            height: HEADER_HEIGHT,
            alignItems: 'center',
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            scrollbarGutter: 'stable',
            overflowY: 'hidden',
            flexShrink: 0,
          }}
        >
          {columns.map((column) => {
            const active = sort?.columnId === column.id;
            return (
              <Box
                key={column.id}
                role="columnheader"
                aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                onClick={() => toggleSort(column)}
                sx={{
                  px: padX,
                  fontSize: 12,
                  fontWeight: 600,
                  color: 'text.secondary',
                  textTransform: 'uppercase',
                  letterSpacing: 0.4,
                  cursor: column.sortValue ? 'pointer' : 'default',
                  userSelect: 'none',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  justifyContent: column.align === 'right' ? 'flex-end' : column.align === 'center' ? 'center' : 'flex-start',
                  whiteSpace: 'nowrap',
                  // A header never spills into the next column; its full text is in the title.
                  minWidth: 0,
                  overflow: 'hidden',
                }}
                title={column.header || undefined}
              >
                <Box
                  component="span"
                  sx={{
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    ...(column.wrapHeader
                      ? { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.2, textAlign: column.align ?? 'left' }
                      : {}),
                  }}
                >
                  {column.wrapHeader ? <BreakableText text={column.header} /> : column.header}
                </Box>
                {active && (sort.direction === 'asc' ? <ArrowUpward sx={{ fontSize: 14 }} /> : <ArrowDownward sx={{ fontSize: 14 }} />)}
              </Box>
            );
          })}
        </Box>
        {showEmpty ? (
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 4 }}>{empty}</Box>
        ) : (
          <Box
            ref={scrollRef}
            role="rowgroup"
            sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden', scrollbarGutter: 'stable', position: 'relative' }}
          >
            {loading && sorted.length === 0 ? (
              Array.from({ length: 6 }, (_, i) => (
                <Box
                  key={i}
                  role="row"
                  aria-busy
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: template,
                    height: rowHeight,
                    alignItems: 'center',
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  {columns.map((c) => (
                    <Box key={c.id} sx={{ px: padX }}>
                      <Skeleton variant="text" width="70%" />
                    </Box>
                  ))}
                </Box>
              ))
            ) : (
              <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const row = sorted[item.index]!;
                  const key = rowKey(row);
                  const selected = selectedKey === key;
                  return (
                    <Box
                      key={key}
                      role="row"
                      data-index={item.index}
                      data-testid={rowTestId?.(row)}
                      aria-rowindex={item.index + 2}
                      aria-selected={selected}
                      tabIndex={0}
                      onClick={() => onRowActivate?.(row)}
                      onKeyDown={(e) => onRowKey(e, row, item.index)}
                      sx={{
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        right: 0,
                        height: rowHeight,
                        transform: `translateY(${item.start}px)`,
                        display: 'grid',
                        gridTemplateColumns: template,
                        alignItems: 'center',
                        borderBottom: 1,
                        borderColor: 'divider',
                        cursor: onRowActivate ? 'pointer' : 'default',
                        bgcolor: selected ? (t) => alpha(t.palette.primary.main, 0.1) : 'transparent',
                        '&:hover': { bgcolor: (t) => (selected ? alpha(t.palette.primary.main, 0.14) : t.palette.action.hover) },
                        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                      }}
                    >
                      {columns.map((column) => (
                        <Box
                          key={column.id}
                          role="cell"
                          data-column={column.id}
                          sx={{
                            px: padX,
                            minWidth: 0,
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            whiteSpace: 'nowrap',
                            textAlign: column.align ?? 'left',
                          }}
                        >
                          {column.render(row)}
                        </Box>
                      ))}
                    </Box>
                  );
                })}
              </Box>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
