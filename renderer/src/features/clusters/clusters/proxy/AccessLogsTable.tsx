// Requests through the proxy over a time range (presets by the server's clock, or custom),
// filtered by status (class or code), user and path, virtualised in the shared table, and
// exported as CSV (what the filters show, in the table's order). Filters, range and sort
// live in the address.
import Download from '@mui/icons-material/Download';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo } from 'react';
import type { AccessLogEntry } from '../../../../../../shared/api/clusters/proxy';
import type { TeamMember } from '../../../../../../shared/api/accounts/team';
import { useUrlSort, useUrlState } from '../../../../platform/navigation/url-state';
import { DataTable, type Column } from '../../../../components/DataTable';
import { FilterBox } from '../../../../components/FilterBox';
import { RefreshFrame, StaleBanner } from '../../../../components/StaleBanner';
import { EmptyState, ErrorState } from '../../../../components/StateViews';
import { saveFile } from '../../../../lib/save-file';
import { MONO_FONT } from '../../../../lib/fonts';
import { formatDateTime } from '../../../../platform/relative-time';
import { sortRows } from '../../../../lib/table-logic';
import { Panel } from '../../../../components/Section';
import {
  accessLogsCsv,
  ANONYMOUS,
  filterLogs,
  logFacets,
  RANGE_PRESETS,
  lastHour,
  logTime,
  rangeError,
  rangeId,
  rangeQuery,
  STATUS_CLASSES,
  type RangeId,
} from './access-log-filter';
import { useAccessLogs } from './access-logs-store';
import { userLabel } from '../../../../platform/team-directory';

function statusColor(code: number): 'success' | 'info' | 'warning' | 'error' {
  if (code >= 500) return 'error';
  if (code >= 400) return 'warning';
  if (code >= 300) return 'info';
  return 'success';
}

const mono = { fontFamily: MONO_FONT, fontSize: 12 } as const;

type Row = AccessLogEntry & { key: string };

function logColumns(memberOf: (id: string) => TeamMember | undefined): Column<Row>[] {
  const name = (id: string) => memberOf(id)?.name ?? memberOf(id)?.email ?? id;
  return [
    {
      id: 'time',
      header: 'Time',
      width: '150px',
      sortValue: (e) => Date.parse(e.timestamp),
      render: (e) => <span title={formatDateTime(e.timestamp)}>{logTime(e.timestamp)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      width: '76px',
      sortValue: (e) => e.status_code,
      render: (e) => <Chip size="small" variant="outlined" color={statusColor(e.status_code)} label={e.status_code} />,
    },
    {
      id: 'request',
      header: 'Request',
      width: 'minmax(200px, 2fr)',
      sortValue: (e) => e.path,
      render: (e) => (
        <Box component="span" sx={mono} title={`${e.method} ${e.path}`}>
          {e.method} {e.path}
        </Box>
      ),
    },
    {
      id: 'client',
      header: 'Client',
      width: '140px',
      sortValue: (e) => e.client_ip,
      render: (e) => (
        <Box component="span" sx={mono}>
          {e.client_ip}
        </Box>
      ),
    },
    {
      id: 'user',
      header: 'User',
      width: 'minmax(140px, 1fr)',
      sortValue: (e) => (e.user ? name(e.user) : ''),
      render: (e) =>
        e.user ? <span title={[memberOf(e.user)?.email, e.user].filter(Boolean).join(' · ')}>{name(e.user)}</span> : 'Anonymous',
    },
    {
      id: 'ms',
      header: 'Time (ms)',
      width: '90px',
      align: 'right',
      sortValue: (e) => e.response_time_ms,
      render: (e) => Math.round(e.response_time_ms).toLocaleString('en-US'),
    },
    { id: 'agent', header: 'User agent', width: 'minmax(140px, 1.2fr)', render: (e) => <span title={e.user_agent}>{e.user_agent}</span> },
  ];
}

/** `#/clusters/<id>/ports?logs_range=24h&logs_status=5xx&logs_path=/v1`. */
const URL_DEFAULTS = {
  logs_range: '1h',
  logs_from: '',
  logs_to: '',
  logs_status: '',
  logs_user: '',
  logs_path: '',
  logs_sort: '-time',
};

const rowKey = (e: Row) => e.key;

export interface AccessLogsProps {
  clusterId: string;
  clusterName: string;
  /** The team member of a user id, to show names (the id when unknown). */
  memberOf(id: string): TeamMember | undefined;
}

export function AccessLogsTable({ clusterId, clusterName, memberOf }: AccessLogsProps) {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const range = useMemo(
    () => ({ range: rangeId(params.logs_range), from: params.logs_from, to: params.logs_to }),
    [params.logs_range, params.logs_from, params.logs_to],
  );
  const invalid = rangeError(range);
  const { logs, window, status, error, refreshing, loadedAt } = useAccessLogs();
  const loaded = useAccessLogs((s) => s.clusterId === clusterId);
  const load = useCallback(() => {
    if (!rangeError(range)) void useAccessLogs.getState().load(clusterId, rangeQuery(range));
  }, [clusterId, range]);
  useEffect(load, [load]);

  // Entries carry no id, and two may share every field: the position in the read is the key.
  const rows = useMemo<Row[]>(() => (loaded ? logs.map((e, i) => ({ ...e, key: String(i) })) : []), [logs, loaded]);
  const facets = useMemo(() => logFacets(rows), [rows]);
  const filters = { status: params.logs_status, user: params.logs_user, path: params.logs_path };
  const shown = useMemo(
    () => filterLogs(rows, { status: params.logs_status, user: params.logs_user, path: params.logs_path }) as Row[],
    [rows, params.logs_status, params.logs_user, params.logs_path],
  );
  const columns = useMemo(() => logColumns(memberOf), [memberOf]);
  const sortParams = useCallback((p: { sort: string }) => setParams({ logs_sort: p.sort }), [setParams]);
  const { sort, onSortChange } = useUrlSort(params.logs_sort, sortParams);
  const filtered = Boolean(filters.status || filters.user || filters.path.trim());

  const chooseRange = (next: RangeId | null) => {
    if (!next) return;
    // A custom range starts as the last hour by the server's clock (the last read's end).
    if (next === 'custom' && !params.logs_from && !params.logs_to) {
      const { from, to } = lastHour(window ? Date.parse(window.until) : undefined);
      setParams({ logs_range: next, logs_from: from, logs_to: to });
    } else setParams({ logs_range: next });
  };
  const exportCsv = () => {
    const day = window ? window.until.slice(0, 10) : 'export';
    saveFile(`access-logs-${clusterName}-${day}.csv`, accessLogsCsv(sortRows(shown, columns, sort)), 'text/csv;charset=utf-8');
  };

  const count =
    loaded && status !== 'error' ? `${shown.length.toLocaleString()}${filtered ? ` of ${rows.length.toLocaleString()}` : ''} requests` : '';

  return (
    <Panel
      title="Access logs"
      testId="access-logs"
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="access-logs-count"
            aria-busy={refreshing || status === 'loading'}
            // The window the rows shown cover, by the server's clock: what tests wait on after a range change.
            data-window={window ? `${window.since ?? ''}..${window.until}` : undefined}
          >
            {count}
          </Typography>
          <Tooltip title="Refresh access logs">
            <span>
              <IconButton size="small" aria-label="Refresh access logs" onClick={load} disabled={Boolean(invalid)}>
                <Refresh fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Button size="small" startIcon={<Download />} onClick={exportCsv} disabled={shown.length === 0} data-testid="access-logs-export">
            Export CSV
          </Button>
        </Stack>
      }
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', mb: 1.5 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range.range}
          onChange={(_, v: RangeId | null) => chooseRange(v)}
          aria-label="Time range"
          sx={{ height: 40 }}
        >
          {RANGE_PRESETS.map((p) => (
            <ToggleButton key={p.id} value={p.id} aria-label={`Last ${p.label}`}>
              Last {p.label}
            </ToggleButton>
          ))}
          <ToggleButton value="custom">Custom</ToggleButton>
        </ToggleButtonGroup>
        {range.range === 'custom' && (
          <>
            <TextField
              type="datetime-local"
              size="small"
              label="From"
              value={range.from}
              onChange={(e) => setParams({ logs_from: e.target.value }, 'typing')}
              error={Boolean(invalid && invalid.includes('start'))}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 210 }}
            />
            <TextField
              type="datetime-local"
              size="small"
              label="To"
              value={range.to}
              onChange={(e) => setParams({ logs_to: e.target.value }, 'typing')}
              error={Boolean(invalid)}
              helperText={invalid ?? undefined}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 210 }}
            />
          </>
        )}
        <TextField
          select
          size="small"
          label="Status"
          value={filters.status}
          onChange={(e) => setParams({ logs_status: e.target.value })}
          sx={{ width: 130 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="access-logs-status"
        >
          <MenuItem value="">Any</MenuItem>
          <ListSubheader>Class</ListSubheader>
          {STATUS_CLASSES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
          <ListSubheader>Code</ListSubheader>
          {[...new Set([...facets.codes, ...(/^\d{3}$/.test(filters.status) ? [Number(filters.status)] : [])])].map((c) => (
            <MenuItem key={c} value={String(c)}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="User"
          value={filters.user}
          onChange={(e) => setParams({ logs_user: e.target.value })}
          sx={{ width: 240 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="access-logs-user"
        >
          <MenuItem value="">Anyone</MenuItem>
          <MenuItem value={ANONYMOUS}>Anonymous</MenuItem>
          {[...new Set([...facets.users, ...(filters.user && filters.user !== ANONYMOUS ? [filters.user] : [])])].map((u) => (
            <MenuItem key={u} value={u}>
              {userLabel(u, memberOf(u))}
            </MenuItem>
          ))}
        </TextField>
        <FilterBox
          value={filters.path}
          onChange={(logs_path) => setParams({ logs_path }, 'typing')}
          placeholder="Path contains"
          label="Filter by path"
          width={220}
        />
      </Stack>
      {window?.truncated && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          Showing the newest {window.limit.toLocaleString()} requests of the range; choose a shorter range to see older ones.
        </Alert>
      )}
      {status === 'ready' && error && (
        <Box sx={{ mb: 1.5 }}>
          <StaleBanner error={error} title="Could not load the access logs" loadedAt={loadedAt} onRetry={load} retrying={refreshing} />
        </Box>
      )}
      {status === 'error' && error ? (
        <ErrorState title="Could not load the access logs" error={error} onRetry={load} />
      ) : (
        <Box
          sx={{
            height: 440,
            display: 'flex',
            flexDirection: 'column',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            position: 'relative',
          }}
        >
          {/* Another range's read runs over the rows it replaces, like a refresh. */}
          <RefreshFrame
            stale={status === 'ready' && error !== null}
            refreshing={refreshing || (status === 'loading' && rows.length > 0)}
            fill
          >
            <DataTable<Row>
              label="Access logs"
              rows={shown}
              columns={columns}
              rowKey={rowKey}
              rowHeight={40}
              loading={status === 'loading' && rows.length === 0}
              sort={sort}
              onSortChange={onSortChange}
              initialSort={{ columnId: 'time', direction: 'desc' }}
              empty={
                invalid ? (
                  <EmptyState title="Choose a valid range">{invalid}.</EmptyState>
                ) : filtered ? (
                  <EmptyState
                    title="No requests match the filters"
                    action={<Button onClick={() => setParams({ logs_status: '', logs_user: '', logs_path: '' })}>Clear filters</Button>}
                  >
                    {rows.length.toLocaleString()} requests in the range.
                  </EmptyState>
                ) : (
                  <EmptyState title="No requests in this range">Requests through the proxy appear here; try a longer range.</EmptyState>
                )
              }
            />
          </RefreshFrame>
        </Box>
      )}
    </Panel>
  );
}
