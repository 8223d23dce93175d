// The permission audit log (`#/audit?period=30d&type=access_denied&user=usr_…&q=cluster_…`):
// the period's summary figures (three of them the type filter), filters by period, type, member
// and resource id, all in the address; the events newest first in the virtualised table, read a
// page at a time as the table nears its end ("Load more" too), with the total; an event's details
// in a drawer; the filtered events exported as CSV, page by page up to EXPORT_MAX.
import Download from '@mui/icons-material/Download';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { memberLabel } from '../../../../../shared/api/accounts/team';
import { UsagePeriod } from '../../../../../shared/api/common';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { toNormalizedError } from '../../../bridge/errors';
import { DataTable } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ListPage } from '../../../components/ListPage';
import { SelectFilter } from '../../../components/SelectFilter';
import { EmptyState } from '../../../components/StateViews';
import { saveFile } from '../../../lib/save-file';
import { useIntent, useOnProfileSwitch } from '../../../platform/page-hooks';
import { onServerClockChange, serverNow } from '../../../platform/server-clock';
import { useTeamDirectory } from '../../../platform/team-directory';
import { useServerList } from '../../../platform/use-server-list';
import { AUDIT_TABLE, auditColumns } from './audit-columns';
import { auditCsv, EXPORT_MAX, exportFileName } from './audit-csv';
import {
  AUDIT_URL,
  auditFilters,
  emptyAdvice,
  EVENT_TYPES,
  PERIOD_LABEL,
  toggledType,
  TYPE_LABEL,
  type SummaryFigure,
} from './audit-filters';
import { useAudit, type AuditState } from './audit-store';
import { EventDrawer } from './EventDrawer';
import { SummaryFigures } from './SummaryFigures';

const config = {
  store: useAudit,
  rows: (s: AuditState) => s.events,
  url: AUDIT_URL,
  filters: auditFilters,
  // The filter box is the resource id, which the server matches: it asks once typing pauses.
  serverTextMs: 400,
};

/** The server's now for relative times, read again every minute and when its offset moves. */
function useServerNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const t = setInterval(() => setNow(serverNow()), 60_000);
    const off = onServerClockChange(() => setNow(serverNow()));
    return () => {
      clearInterval(t);
      off();
    };
  }, []);
  return now;
}

/** Rows from the end of the table at which the next page is read. */
const NEAR_END_PX = 600;

/** Calls `onNearEnd` when the table's body (any scrolling `rowgroup` inside `box`) scrolls near its end. */
function useNearEnd(box: HTMLElement | null, onNearEnd: () => void): void {
  useEffect(() => {
    if (!box) return;
    // Scroll events do not bubble; the capture phase sees the table's own.
    const onScroll = (e: Event) => {
      const el = e.target as HTMLElement;
      if (el.getAttribute?.('role') !== 'rowgroup') return;
      if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX) onNearEnd();
    };
    box.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => box.removeEventListener('scroll', onScroll, { capture: true });
  }, [box, onNearEnd]);
}

interface ExportOutcome {
  error: NormalizedError | null;
  /** Set when the list was longer than the bound: the newest were exported. */
  cut: { exported: number; total: number } | null;
}

export default function AuditPage() {
  const list = useServerList(config);
  const { params, setParams } = list;
  const filters = useMemo(() => auditFilters(params), [params]);
  const total = useAudit((s) => s.total);
  const summary = useAudit((s) => s.summary);
  const nextCursor = useAudit((s) => s.nextCursor);
  const retentionDays = useAudit((s) => s.retentionDays);
  const loadingMore = useAudit((s) => s.loadingMore);
  const moreError = useAudit((s) => s.moreError);
  const exporting = useAudit((s) => s.exporting);
  const shownFilters = useAudit((s) => s.filters);
  const members = useTeamDirectory((s) => s.members);
  const now = useServerNow();
  const [openId, setOpenId] = useState<string | null>(null);
  const [exported, setExported] = useState<ExportOutcome | null>(null);

  useEffect(() => void useTeamDirectory.getState().ensureLoaded(), []);

  const showMember = useCallback(
    (user: string) => {
      setOpenId(null);
      setParams({ user });
    },
    [setParams],
  );
  const columns = useMemo(() => auditColumns({ member: showMember }, now), [showMember, now]);
  const loadMore = useCallback(() => void useAudit.getState().loadMore(), []);
  // A state, not a ref: the body mounts later when the first load failed.
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  useNearEnd(body, loadMore);
  // An export reads the active profile's log: a switch ends it.
  useOnProfileSwitch(useCallback(() => useAudit.getState().cancelExport(), []));

  const ready = list.page.status === 'ready';
  const startExport = useCallback(async () => {
    setExported(null);
    const wanted = auditFilters(params);
    try {
      const events = await useAudit.getState().exportEvents(wanted, EXPORT_MAX);
      if (!events) return;
      saveFile(exportFileName(wanted, serverNow()), auditCsv(events), 'text/csv;charset=utf-8');
      const whole = useAudit.getState().total;
      setExported({
        error: null,
        cut: events.length >= EXPORT_MAX && whole > events.length ? { exported: events.length, total: whole } : null,
      });
    } catch (error) {
      setExported({ error: toNormalizedError(error), cut: null });
    }
  }, [params]);
  useIntent('audit:export', () => void startExport());

  const event = openId ? (list.all.find((e) => e.id === openId) ?? null) : null;
  const memberOptions = useMemo(
    () => [...members].filter((m) => m.status !== 'pending').sort((a, b) => memberLabel(a).localeCompare(memberLabel(b))),
    [members],
  );
  const userKnown = params.user === '' || memberOptions.some((m) => m.id === params.user);
  // Another filter's read runs over the rows it replaces, like a refresh.
  const replacing = list.page.status === 'loading' && list.all.length > 0;
  const shownOf = ready && shownFilters ? list.all.length : 0;

  const filterBar = (
    <Stack spacing={1.5}>
      <SummaryFigures
        summary={summary}
        type={params.type}
        onChoose={(f: SummaryFigure) => setParams({ type: toggledType(params.type, f) })}
      />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filters.period}
          onChange={(_, v: UsagePeriod | null) => v && setParams({ period: v })}
          aria-label="Period"
          sx={{ height: 40 }}
        >
          {UsagePeriod.options.map((p) => (
            <ToggleButton key={p} value={p} aria-label={`Last ${PERIOD_LABEL[p]}`} data-testid={`audit-period-${p}`}>
              Last {PERIOD_LABEL[p]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <SelectFilter
          label="Type"
          value={filters.type ?? ''}
          options={EVENT_TYPES}
          optionLabel={(t) => TYPE_LABEL[t]}
          onChange={(type) => setParams({ type })}
          width={190}
          testId="audit-type-filter"
        />
        <TextField
          select
          size="small"
          label="Member"
          value={params.user}
          onChange={(e) => setParams({ user: e.target.value })}
          sx={{ width: 280 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          data-testid="audit-user-filter"
        >
          <MenuItem value="">Anyone</MenuItem>
          {!userKnown && <MenuItem value={params.user}>{params.user}</MenuItem>}
          {memberOptions.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {memberLabel(m)}
            </MenuItem>
          ))}
        </TextField>
        {list.narrowed && (
          <Button size="small" onClick={list.clearFilters}>
            Clear filters
          </Button>
        )}
      </Stack>
    </Stack>
  );

  const notice = (
    <>
      {exporting && (
        <Alert
          severity="info"
          icon={false}
          action={
            <Button color="inherit" size="small" onClick={() => useAudit.getState().cancelExport()}>
              Cancel
            </Button>
          }
          data-testid="audit-export-progress"
        >
          Exporting {exporting.loaded.toLocaleString('en-US')} of {exporting.target.toLocaleString('en-US')} events…
          <LinearProgress
            variant="determinate"
            value={exporting.target > 0 ? Math.min(100, (100 * exporting.loaded) / exporting.target) : 0}
            sx={{ mt: 1, width: 320 }}
          />
        </Alert>
      )}
      {exported?.error && (
        <ErrorAlert
          error={exported.error}
          action={
            <Button color="inherit" size="small" onClick={() => void startExport()}>
              Retry export
            </Button>
          }
        />
      )}
      {exported?.cut && (
        <Alert severity="warning" onClose={() => setExported(null)} data-testid="audit-export-cut">
          Exported the newest {exported.cut.exported.toLocaleString('en-US')} of {exported.cut.total.toLocaleString('en-US')} events (an
          export holds at most {EXPORT_MAX.toLocaleString('en-US')}). Choose a shorter period or narrow the filters for the rest.
        </Alert>
      )}
    </>
  );

  const empty = list.narrowed ? (
    <EmptyState title="No events match the filters" action={<Button onClick={list.clearFilters}>Clear filters</Button>}>
      {emptyAdvice(filters)}
    </EmptyState>
  ) : (
    <EmptyState icon={<HistoryOutlined />} title={`No audit events in the last ${PERIOD_LABEL[filters.period]}`}>
      Events appear here when roles change, permissions are granted or revoked, resources are shared, or a request is refused (403). Choose
      a longer period to see older ones.
    </EmptyState>
  );

  return (
    <ListPage
      title="Audit log"
      description={`Permission changes, refused requests and role assignments on this account, newest first${
        retentionDays ? `; kept ${retentionDays} days` : ''
      }.`}
      {...list.page}
      refreshing={list.page.refreshing || replacing}
      filter={{ ...list.page.filter, placeholder: 'Resource id  /', label: 'Filter by resource id', width: 220 }}
      refreshLabel="Refresh the audit log"
      actions={
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() => void startExport()}
          disabled={!ready || total === 0 || exporting !== null}
          data-testid="audit-export"
        >
          Export CSV
        </Button>
      }
      filters={filterBar}
      notice={notice}
      errorTitle="Could not load the audit log"
      table={{ ...AUDIT_TABLE, ...list.table, columns, empty }}
      body={
        <Paper
          ref={setBody}
          variant="outlined"
          sx={{ flex: 1, minHeight: 240, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
        >
          <DataTable
            {...AUDIT_TABLE}
            {...list.table}
            columns={columns}
            empty={empty}
            selectedKey={openId}
            onRowActivate={(e) => setOpenId(e.id)}
          />
        </Paper>
      }
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minHeight: 32, mt: '8px !important' }}>
        <Typography variant="body2" color="text.secondary" data-testid="audit-count" aria-busy={!ready || replacing}>
          {ready && !replacing
            ? total === 0
              ? 'No events'
              : `Showing ${shownOf.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} event${total === 1 ? '' : 's'}`
            : 'Loading…'}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {moreError && (
          <Typography variant="body2" color="error" role="alert">
            Could not read more events: {moreError.message}
          </Typography>
        )}
        {ready && nextCursor && (
          <Button size="small" onClick={loadMore} disabled={loadingMore} data-testid="audit-load-more">
            {loadingMore ? 'Loading…' : moreError ? 'Retry' : 'Load more'}
          </Button>
        )}
      </Stack>
      <EventDrawer event={event} now={now} onClose={() => setOpenId(null)} onMember={showMember} />
    </ListPage>
  );
}
