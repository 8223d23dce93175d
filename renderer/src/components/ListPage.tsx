// The one list page of the console (Headlamp's habit): a view declares its columns and this
// config; the frame draws the toolbar (heading, filter box, refresh, the view's actions), an
// optional filter row, the error state with a retry, and the shared virtualised DataTable.
// A refresh keeps the rows: after 300 ms a progress bar runs over them, and a failed refresh
// shows its error above them and marks them stale (StaleBanner.tsx, shared with the detail views).
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import type { NormalizedError } from '../../../shared/api/errors';
import type { LoadStatus } from '../platform/resource-store';
import { DataTable, type DataTableProps } from './DataTable';
import { FilterBox, type FilterBoxProps } from './FilterBox';
import { RefreshFrame, StaleBanner } from './StaleBanner';
import { RefreshPaceNote } from './RefreshPaceNote';
import type { RefreshPace } from '../../../shared/ipc/streams';
import { ErrorState } from './StateViews';

export interface ListPageProps<T> {
  /** The page heading (an h1) and the line under it; a tab leaves them out and uses `leading`. */
  title?: string;
  description?: ReactNode;
  /** Toolbar content in place of the heading, e.g. a tab's filters. */
  leading?: ReactNode;
  filter?: FilterBoxProps;
  /** The refresh button's accessible name, e.g. "Refresh keys". */
  refreshLabel: string;
  onRefresh(): void;
  /** Buttons after refresh (create, view switch). */
  actions?: ReactNode;
  /** A row under the toolbar: the view's own filters. */
  filters?: ReactNode;
  /** Shown between the toolbar and the list (e.g. an alert). */
  notice?: ReactNode;
  status: LoadStatus;
  /** With status `ready`: a refresh failed and the rows shown are stale. */
  error: NormalizedError | null;
  /** A refresh of the rows shown is running (LoadState.refreshing). */
  refreshing?: boolean;
  /** When the rows shown were loaded (LoadState.loadedAt), for the stale notice. */
  loadedAt?: number | null;
  /** The pace the list follows its changes at under the read budget (said when slowed or paused). */
  pace?: RefreshPace | null;
  /** The list follows its changes under the read budget now (the pace's line is kept). */
  following?: boolean;
  /** What the error state says, e.g. "Could not load API keys"; retry reloads. */
  errorTitle: string;
  table: DataTableProps<T>;
  /** Drawn instead of the table (e.g. a gallery); the error state still comes first. */
  body?: ReactNode;
  /** The frame's layout in its parent: a page fills it, a tab grows in its column. */
  sx?: SxProps<Theme>;
  /** The table's minimum height (tabs under other content). */
  tableMinHeight?: number;
  /** Dialogs and drawers of the view. */
  children?: ReactNode;
}

const PAGE_SX: SxProps<Theme> = { height: '100%', minHeight: 0 };

export function ListPage<T>(props: ListPageProps<T>) {
  const {
    title,
    description,
    leading,
    filter,
    refreshLabel,
    onRefresh,
    actions,
    filters,
    notice,
    status,
    error,
    refreshing = false,
    loadedAt = null,
    pace = null,
    following = false,
    errorTitle,
    table,
    body,
    sx = PAGE_SX,
    tableMinHeight = 0,
    children,
  } = props;
  const stale = status === 'ready' && error !== null;
  return (
    <Stack sx={sx} spacing={2}>
      <Stack direction="row" spacing={title ? 2 : 1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: title ? 'nowrap' : 'wrap' }}>
        {title && (
          <Box sx={{ flex: 1 }}>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {description && (
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            )}
          </Box>
        )}
        {leading}
        {filter && <FilterBox {...filter} />}
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label={refreshLabel} onClick={onRefresh} disabled={status === 'loading' || refreshing}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
        {actions}
      </Stack>
      {filters}
      {notice}
      <RefreshPaceNote pace={pace} following={following} onRefresh={onRefresh} />
      {stale && <StaleBanner error={error} title={errorTitle} loadedAt={loadedAt} onRetry={onRefresh} retrying={refreshing} />}
      {status === 'error' && error ? (
        <ErrorState title={errorTitle} error={error} onRetry={onRefresh} />
      ) : (
        <RefreshFrame stale={stale} refreshing={refreshing} fill>
          {body ?? <ListTable table={table} minHeight={tableMinHeight} />}
        </RefreshFrame>
      )}
      {children}
    </Stack>
  );
}

interface ListTableProps<T> {
  table: DataTableProps<T>;
  minHeight: number;
}

/** Same keys, same values (by identity). */
function shallowEqual(a: object, b: object): boolean {
  const ka = Object.keys(a);
  return (
    ka.length === Object.keys(b).length && ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

// Memoised on the table's props one by one: with stable ones (memoised rows and columns,
// module-level callbacks) a keystroke in a filter re-renders the toolbar, not the hundreds of
// rows behind the virtualiser.
const ListTable = memo(
  function ListTable<T>({ table, minHeight }: ListTableProps<T>) {
    return (
      <Paper variant="outlined" sx={{ flex: 1, minHeight, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
        <DataTable {...table} />
      </Paper>
    );
  },
  (a, b) => a.minHeight === b.minHeight && shallowEqual(a.table, b.table),
) as <T>(props: ListTableProps<T>) => ReactNode;
