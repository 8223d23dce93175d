// /endpoints/<id>/analytics: what an endpoint's logs say over the last 1, 6 or 24 hours (the
// route's maximum range) — totals, log lines by hour and level, requests and durations by hour,
// lines by source, and the most common errors with an example and its stack trace. Hours are
// shown in local time; the range ends at the server's now.
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Refresh from '@mui/icons-material/Refresh';
import SubjectOutlined from '@mui/icons-material/SubjectOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme, type Theme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { EndpointStatus } from '../../../../shared/api/endpoints/common';
import { REQUEST_LINES_PER_MINUTE, type LogLevel } from '../../../../shared/api/endpoints/logs';
import { useUrlState } from '../../platform/navigation/url-state';
import { useIntent } from '../../platform/page-hooks';
import { CopyButton } from '../../components/CopyButton';
import type { HourlySeries } from '../../components/HourlyChart';
import { RefreshFrame, StaleBanner } from '../../components/StaleBanner';
import { EmptyState, ErrorState } from '../../components/StateViews';
import { MONO_FONT } from '../../lib/fonts';
import { formatDateTime, relativeTime } from '../../platform/relative-time';
import { Panel } from '../../components/Section';
import { ANALYTICS_RANGES, formatDuration, isAnalyticsRange, LEVELS, type AnalyticsRangeId, type ErrorGroup } from './log-analytics';
import { useLogAnalytics, type LogAnalytics } from './use-log-analytics';
import { Figure } from '../../components/Figure';

const HourlyChart = lazy(() => import('../../components/HourlyChart').then((m) => ({ default: m.HourlyChart })));

const count = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-US');
const timeOf = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** "Nov 25, 2026, 03:38 AM – 09:38 AM", the end's date written when it is another day. */
function rangeText(timeRange: { start: string; end: string }): string {
  const start = Date.parse(timeRange.start);
  const end = Date.parse(timeRange.end);
  const sameDay = new Date(start).toDateString() === new Date(end).toDateString();
  return `${formatDateTime(start)} – ${sameDay ? timeOf(end) : formatDateTime(end)}`;
}

/** Level colours readable on both themes; fatal apart from error. */
function levelColor(theme: Theme, level: LogLevel): string {
  switch (level) {
    case 'debug':
      return theme.palette.mode === 'dark' ? theme.palette.grey[600] : theme.palette.grey[400];
    case 'info':
      return theme.palette.info.main;
    case 'warn':
      return theme.palette.warning.main;
    case 'error':
      return theme.palette.error.main;
    case 'fatal':
      return theme.palette.mode === 'dark' ? '#ce93d8' : '#7b1fa2';
  }
}

/**
 * The logs' request count is a sample (the emulator logs at most REQUEST_LINES_PER_MINUTE request
 * lines a minute); every request is counted only by the endpoint's metrics (`requestsLastHour`,
 * the list's and the Health tab's figure), shown beside it so the two are not read as one.
 */
function Totals({ data, requestsLastHour }: { data: LogAnalytics; requestsLastHour: number | null }) {
  const lines = data.total.count ?? 0;
  const share = lines > 0 ? (100 * data.errorTotal) / lines : 0;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 2 }}
      data-testid="analytics-totals"
    >
      <Figure label="Log lines" value={count(lines)} testId="analytics-lines" />
      <Figure
        label="Logged requests (unique jobs)"
        value={count(data.total.unique_jobs)}
        hint={`a sample: at most ${REQUEST_LINES_PER_MINUTE} request lines a minute are logged`}
        testId="analytics-jobs"
      />
      <Figure
        label="All requests, last hour"
        value={requestsLastHour === null ? '—' : count(requestsLastHour)}
        hint="the endpoint's metrics, as the list and Health show"
        testId="analytics-requests-last-hour"
      />
      <Figure
        label="Average duration"
        value={formatDuration(data.total.avg_duration)}
        hint="over lines with a duration"
        testId="analytics-avg"
      />
      <Figure label="p95 duration" value={formatDuration(data.total.p95_duration)} hint="95% of lines took less" testId="analytics-p95" />
      <Figure
        label="Errors (error + fatal)"
        value={count(data.errorTotal)}
        hint={lines > 0 ? `${share < 10 ? share.toFixed(1) : Math.round(share)}% of lines` : undefined}
        testId="analytics-errors"
      />
    </Paper>
  );
}

/** The levels-by-hour chart's figures as a table for screen readers (the chart is a canvas). */
function LevelsTable({ data }: { data: LogAnalytics }) {
  return (
    <Box component="table" sx={visuallyHidden} aria-label="Log lines by hour and level">
      <thead>
        <tr>
          <th>Hour</th>
          {LEVELS.map((l) => (
            <th key={l}>{l}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.hourly.hours.map((h, i) => (
          <tr key={h}>
            <td>{formatDateTime(h)}</td>
            {LEVELS.map((l) => (
              <td key={l}>{data.hourly.levels[l][i]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function Charts({ data }: { data: LogAnalytics }) {
  const theme = useTheme();
  const { hourly } = data;
  const levelSeries = useMemo<HourlySeries[]>(
    () =>
      LEVELS.filter((l) => hourly.levels[l].some((v) => v > 0)).map((l) => ({
        label: l,
        color: levelColor(theme, l),
        values: hourly.levels[l],
      })),
    [hourly, theme],
  );
  const jobSeries = useMemo<HourlySeries[]>(
    () => [{ label: 'Requests', color: theme.palette.primary.main, values: hourly.jobs }],
    [hourly, theme],
  );
  const durationSeries = useMemo<HourlySeries[]>(
    () => [
      { label: 'p95', color: theme.palette.secondary.main, values: hourly.p95Duration, kind: 'line' },
      { label: 'Average', color: theme.palette.primary.main, values: hourly.avgDuration, kind: 'line' },
    ],
    [hourly, theme],
  );
  const hasDurations = hourly.p95Duration.some((v) => v !== null);
  const chartFallback = <Skeleton variant="rounded" height={240} />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
      <Panel title="Log lines by hour and level" testId="analytics-levels">
        <Suspense fallback={chartFallback}>
          <HourlyChart
            hours={hourly.hours}
            series={levelSeries}
            stacked
            ariaLabel="Log lines by hour, stacked by level"
            testId="levels-chart"
          />
        </Suspense>
        <LevelsTable data={data} />
      </Panel>
      <Panel title="Duration per hour" testId="analytics-durations">
        {hasDurations ? (
          <Suspense fallback={chartFallback}>
            <HourlyChart
              hours={hourly.hours}
              series={durationSeries}
              formatValue={formatDuration}
              ariaLabel="p95 and average duration by hour"
            />
          </Suspense>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            No line in this range has a duration (durations come with requests and model loads).
          </Typography>
        )}
      </Panel>
      <Panel title="Requests per hour (unique jobs)" testId="analytics-requests">
        {hourly.jobs.some((v) => v > 0) ? (
          <Suspense fallback={chartFallback}>
            <HourlyChart hours={hourly.hours} series={jobSeries} ariaLabel="Requests (unique jobs) by hour" />
          </Suspense>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            No request in this range: no line names a job.
          </Typography>
        )}
      </Panel>
      <SourcesPanel data={data} />
    </Box>
  );
}

function SourcesPanel({ data }: { data: LogAnalytics }) {
  const max = Math.max(1, ...data.sources.map((s) => s.count ?? 0));
  return (
    <Panel title="Lines by source" testId="analytics-sources">
      <Box
        component="table"
        aria-label="Log lines by source"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: 14,
          '& td, & th': { py: 0.75, px: 1 },
          '& th': { fontWeight: 500, color: 'text.secondary', textAlign: 'left' },
        }}
      >
        <thead>
          <tr>
            <th>Source</th>
            <th style={{ width: '40%' }}>Lines</th>
            <th style={{ textAlign: 'right' }}>Requests</th>
          </tr>
        </thead>
        <tbody>
          {data.sources.map((s) => (
            <tr key={s.source}>
              <td style={{ fontFamily: MONO_FONT }}>{s.source}</td>
              <td>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Box
                    sx={{ height: 8, borderRadius: 1, bgcolor: 'primary.main', width: `${(100 * (s.count ?? 0)) / max}%`, minWidth: 2 }}
                  />
                  <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {count(s.count)}
                  </Box>
                </Stack>
              </td>
              <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{count(s.unique_jobs)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Panel>
  );
}

function ErrorRow({ group }: { group: ErrorGroup }) {
  const [open, setOpen] = useState(false);
  const e = group.example;
  const trace = e.stackTrace ?? [];
  const exampleText = [`${e.timestamp} [${e.level.toUpperCase()}] ${e.source}: ${e.message}`, ...trace].join('\n');
  return (
    <Box component="li" sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider', py: 1 }} data-testid="common-error">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <IconButton
          size="small"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-label={open ? 'Hide example' : 'Show example'}
        >
          {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </IconButton>
        <Typography
          variant="body2"
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, minWidth: 64, textAlign: 'right' }}
          data-testid="common-error-count"
        >
          {count(group.count)}×
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontFamily: MONO_FONT, overflowWrap: 'anywhere' }} data-testid="common-error-shape">
            {group.shape}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {group.sources.join(', ')} · first {formatDateTime(group.firstSeen)} · last {formatDateTime(group.lastSeen)} (
            {relativeTime(group.lastSeen)})
          </Typography>
        </Box>
        {group.levels.includes('fatal') && <Chip size="small" color="error" label="fatal" />}
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ mt: 0.5, ml: 6 }} data-testid="common-error-example">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              Example · {formatDateTime(e.timestamp)}
              {e.requestId && ` · request ${e.requestId}`}
              {e.jobId && ` · job ${e.jobId}`}
            </Typography>
            <CopyButton value={exampleText} label="Copy example" />
          </Stack>
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 1.5,
              pr: 6,
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontFamily: MONO_FONT,
              fontSize: 12.5,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {e.message}
            {trace.length > 0 ? `\n${trace.join('\n')}` : '\n(no stack trace)'}
          </Box>
        </Box>
      </Collapse>
    </Box>
  );
}

function CommonErrors({ data }: { data: LogAnalytics }) {
  const partial = data.errorsGrouped < data.errorTotal;
  return (
    <Panel
      title="Most common errors"
      testId="analytics-common-errors"
      action={
        <Typography variant="caption" color="text.secondary">
          {partial
            ? `the newest ${count(data.errorsGrouped)} of ${count(data.errorTotal)} error lines, grouped by message`
            : `${count(data.errorTotal)} error lines, grouped by message (numbers and ids as <n>, <id>)`}
        </Typography>
      }
    >
      {data.errors.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          No error or fatal line in this range.
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Most common errors">
          {data.errors.slice(0, 20).map((g) => (
            <ErrorRow key={g.shape} group={g} />
          ))}
        </Box>
      )}
    </Panel>
  );
}

function emptyText(status: EndpointStatus | undefined): string {
  if (status === 'stopped') return 'The endpoint is stopped: it writes no log lines until it runs again.';
  if (status === 'starting') return 'The endpoint is starting: its lines begin with the startup phases.';
  return 'The endpoint wrote nothing in this range. Try a longer range.';
}

export function AnalyticsTab({
  endpointId,
  status,
  requestsLastHour = null,
}: {
  endpointId: string;
  status?: EndpointStatus;
  /** The endpoint record's `metrics.requestsLastHour`. */
  requestsLastHour?: number | null;
}) {
  const [params, setParams] = useUrlState({ range: '6h' });
  const range: AnalyticsRangeId = isAnalyticsRange(params.range) ? params.range : '6h';
  const { data, loading, error, loadedAt, reload } = useLogAnalytics(endpointId, range);
  useIntent('page:refresh', reload);
  const setRange = useCallback((next: AnalyticsRangeId | null) => next && setParams({ range: next === '6h' ? null : next }), [setParams]);
  const shown = data && data.range === range ? data : null;

  return (
    <Stack spacing={2} data-testid="endpoint-analytics">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_, next: AnalyticsRangeId | null) => setRange(next)}
          aria-label="Time range"
        >
          {ANALYTICS_RANGES.map((r) => (
            <ToggleButton key={r.id} value={r.id}>
              {r.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }} data-testid="analytics-range">
          {shown && `${rangeText(shown.timeRange)} (local time) · read ${relativeTime(shown.timeRange.end)}`}
        </Typography>
        <Tooltip title="Read again">
          <span>
            <IconButton aria-label="Refresh analytics" onClick={reload} disabled={loading}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {!shown && error ? (
        <ErrorState title="Could not read the endpoint’s logs" error={error} onRetry={reload} />
      ) : !shown ? (
        <Stack spacing={2} aria-busy aria-label="Loading analytics">
          <Skeleton variant="rounded" height={88} />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <Skeleton variant="rounded" height={300} />
            <Skeleton variant="rounded" height={300} />
          </Box>
        </Stack>
      ) : (
        <>
          <StaleBanner error={error} title="Could not refresh the analytics" loadedAt={loadedAt} onRetry={reload} retrying={loading} />
          <RefreshFrame stale={Boolean(error)} refreshing={loading}>
            {(shown.total.count ?? 0) === 0 ? (
              <Paper variant="outlined" sx={{ py: 6 }}>
                <EmptyState
                  icon={<SubjectOutlined />}
                  title={`No log lines in the ${ANALYTICS_RANGES.find((r) => r.id === range)!.label.toLowerCase()}`}
                >
                  {emptyText(status)}
                </EmptyState>
              </Paper>
            ) : (
              <Stack spacing={2}>
                <Totals data={shown} requestsLastHour={requestsLastHour} />
                <Charts data={shown} />
                <CommonErrors data={shown} />
              </Stack>
            )}
          </RefreshFrame>
        </>
      )}
    </Stack>
  );
}
