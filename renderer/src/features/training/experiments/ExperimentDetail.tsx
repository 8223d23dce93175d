// /experiments/<id>: the hypothesis and baseline, the statistics and insights the API derives
// from the runs, the runs table (pick runs → Compare; add a run from a training job), the notes
// and conclusion (saved with PATCH; "Mark completed"), and clone, archive and export. Read again
// every few seconds while a run's job is pending or running.
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Archive from '@mui/icons-material/ArchiveOutlined';
import CompareArrows from '@mui/icons-material/CompareArrows';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Refresh from '@mui/icons-material/Refresh';
import Science from '@mui/icons-material/Science';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Experiment } from '../../../../../shared/api/training/experiments';
import { navigate } from '../../../platform/navigation/hash-router';
import { notify } from '../../../platform/notifications-store';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { CopyButton } from '../../../components/CopyButton';
import { DataTable } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { RefreshFrame, StaleBanner } from '../../../components/StaleBanner';
import { EmptyState, ErrorState } from '../../../components/StateViews';
import { toNormalizedError } from '../../../bridge/errors';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDuration } from '../../../components/error-details';
import { formatMoney, partsSumNote } from '../../../lib/money';
import { relativeTime } from '../../../platform/relative-time';
import { useBudgetedPolling } from '../../../platform/use-budgeted-polling';
import { RefreshPaceNote } from '../../../components/RefreshPaceNote';
import { AddRunDialog } from './AddRunDialog';
import { formatStat } from './compare/compare-logic';
import { ArchiveDialog, CloneDialog, ExportDialog } from './ExperimentDialogs';
import { ExperimentStatusChip } from './ExperimentStatusChip';
import { comparePath, experimentPath } from './experiment-route';
import { useExperiments } from './experiments-store';
import { runColumns } from './run-columns';
import { Figure } from '../../../components/Figure';
import { Section } from '../../../components/Section';
import { useTrainingNameMap } from '../training-names-store';

const DETAIL_POLL_MS = 3_000;
type DialogName = 'run' | 'clone' | 'archive' | 'export' | null;

function Overview({ experiment }: { experiment: Experiment }) {
  const { baseline } = experiment;
  return (
    <Section title="Hypothesis and baseline" testId="experiment-overview">
      <Stack spacing={1.5}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} color={experiment.hypothesis ? 'text.primary' : 'text.secondary'}>
          {experiment.hypothesis ?? 'No hypothesis written down.'}
        </Typography>
        {baseline ? (
          <Box>
            <Typography variant="caption" color="text.secondary">
              Baseline ({baseline.type})
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {baseline.name}
            </Typography>
            <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
              {Object.entries(baseline.metrics).map(([k, v]) => (
                <Chip key={k} size="small" variant="outlined" label={`${k} ${formatStat(v)}`} />
              ))}
            </Stack>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No baseline: runs are compared with each other.
          </Typography>
        )}
      </Stack>
    </Section>
  );
}

function Statistics({ experiment }: { experiment: Experiment }) {
  const s = experiment.statistics;
  const best = s.best_run ? experiment.runs.find((r) => r.id === s.best_run!.id) : undefined;
  return (
    <Section title="Statistics" testId="experiment-statistics">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1.5 }}>
        <Figure label="Runs" value={s.total_runs} testId="stat-total-runs" />
        <Figure label="Completed" value={s.completed_runs} testId="stat-completed-runs" />
        <Figure label="Running" value={s.running_runs} />
        <Figure label="Failed" value={s.failed_runs} />
        <Box sx={{ gridColumn: 'span 2', minWidth: 0 }}>
          <Figure
            label={`Best run${s.best_run ? ` (${s.best_run.metric.replace(/_/g, ' ')})` : ''}`}
            value={s.best_run ? `${formatStat(s.best_run.value)} · ${best?.name ?? s.best_run.id}` : '—'}
            testId="stat-best-run"
          />
        </Box>
        <Figure
          label="Total cost"
          value={formatMoney(s.total_cost)}
          hint={
            partsSumNote(
              s.total_cost,
              experiment.runs.map((r) => r.cost),
            ) ?? undefined
          }
          testId="stat-total-cost"
        />
        <Figure label="Training time" value={formatDuration(s.total_training_time)} />
      </Box>
    </Section>
  );
}

function Insights({ experiment }: { experiment: Experiment }) {
  return (
    <Section title="Insights" testId="experiment-insights">
      {experiment.insights.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None yet: insights appear as runs train (divergence, out of memory, a parameter’s effect, the baseline beaten).
        </Typography>
      ) : (
        <Stack spacing={1}>
          {experiment.insights.map((i, n) => (
            <Alert
              key={n}
              severity={i.type === 'divergence' || i.type === 'out_of_memory' ? 'warning' : 'info'}
              variant="outlined"
              data-testid="insight"
            >
              <Typography variant="body2">{i.message}</Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {i.type.replace(/_/g, ' ')} · confidence {Math.round(i.confidence * 100)}%
                {i.evidence.runIds.length > 0 &&
                  ` · ${i.evidence.runIds.map((id) => experiment.runs.find((r) => r.id === id)?.name ?? id).join(', ')}`}
                {i.savings && ` · would save ${formatMoney(i.savings.cost)} (${formatStat(i.savings.gpuHours, 3)} GPU-hours)`}
              </Typography>
            </Alert>
          ))}
        </Stack>
      )}
    </Section>
  );
}

const notesOf = (e: Experiment) => (typeof e.metadata.notes === 'string' ? e.metadata.notes : '');

function NotesAndConclusion({ experiment }: { experiment: Experiment }) {
  const [notes, setNotes] = useState(notesOf(experiment));
  const [conclusion, setConclusion] = useState(experiment.conclusion ?? '');
  const [busy, setBusy] = useState<'save' | 'complete' | null>(null);
  const [error, setError] = useState<NormalizedError | null>(null);
  const readOnly = experiment.status === 'archived';
  const dirty = notes !== notesOf(experiment) || conclusion !== (experiment.conclusion ?? '');
  const tooLong = notes.length > 5000 || conclusion.length > 5000;

  const save = async (complete: boolean) => {
    setBusy(complete ? 'complete' : 'save');
    setError(null);
    try {
      await useExperiments.getState().update(experiment.id, {
        ...(notes !== notesOf(experiment) ? { metadata: { ...experiment.metadata, notes } } : {}),
        ...(conclusion !== (experiment.conclusion ?? '') ? { conclusion: conclusion.trim() || null } : {}),
        ...(complete ? { status: 'completed' as const } : {}),
      });
      notify('success', complete ? 'Experiment marked completed' : 'Notes and conclusion saved');
    } catch (e) {
      setError(toNormalizedError(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title="Notes and conclusion" testId="experiment-notes">
      <Stack spacing={1.5}>
        <TextField
          label="Notes"
          size="small"
          multiline
          minRows={3}
          value={notes}
          disabled={readOnly}
          onChange={(e) => setNotes(e.target.value)}
          error={notes.length > 5000}
          helperText={notes.length > 5000 ? 'At most 5,000 characters' : 'Observations while the runs train'}
          slotProps={{ htmlInput: { 'data-testid': 'experiment-notes-input' } }}
        />
        <TextField
          label="Conclusion"
          size="small"
          multiline
          minRows={2}
          value={conclusion}
          disabled={readOnly}
          onChange={(e) => setConclusion(e.target.value)}
          error={conclusion.length > 5000}
          helperText={
            conclusion.length > 5000 ? 'At most 5,000 characters' : 'Was the hypothesis confirmed? Write it down before completing'
          }
          slotProps={{ htmlInput: { 'data-testid': 'experiment-conclusion-input' } }}
        />
        {error && <ErrorAlert error={error} />}
        {!readOnly && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void save(false)} disabled={!dirty || tooLong || busy !== null} data-testid="save-notes">
              {busy === 'save' ? 'Saving…' : 'Save'}
            </Button>
            {experiment.status === 'active' && (
              <Tooltip title={conclusion.trim() ? '' : 'Write a conclusion first'}>
                <span>
                  <Button
                    variant="outlined"
                    onClick={() => void save(true)}
                    disabled={!conclusion.trim() || tooLong || busy !== null}
                    data-testid="complete-experiment"
                  >
                    {busy === 'complete' ? 'Completing…' : 'Mark completed'}
                  </Button>
                </span>
              </Tooltip>
            )}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

export function ExperimentDetail({ id }: { id: string }) {
  const detail = useExperiments((s) => s.details[id]);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const reload = useCallback(() => void useExperiments.getState().loadOne(id), [id]);
  const poll = useCallback(() => void useExperiments.getState().loadOne(id, { quiet: true }), [id]);
  useEffect(reload, [reload]);
  useIntent('page:refresh', reload);
  useOnProfileSwitch(reload);
  const experiment = detail?.experiment ?? null;
  const writable = experiment !== null && experiment.status !== 'archived';
  const compare = useCallback(() => {
    if (selected.size >= 2) navigate(comparePath(id, [...selected]));
  }, [id, selected]);
  usePageKeys(
    useMemo(
      () => ({
        c: compare,
        r: () => writable && setDialog('run'),
      }),
      [compare, writable],
    ),
  );
  const moving = Boolean(experiment?.runs.some((r) => r.status === 'pending' || r.status === 'running'));
  const pace = useBudgetedPolling(moving, 'training', DETAIL_POLL_MS, poll);

  const toggle = useCallback(
    (runId: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(runId)) next.delete(runId);
        else next.add(runId);
        return next;
      }),
    [],
  );
  const jobNames = useTrainingNameMap('jobs');
  const columns = useMemo(() => runColumns(selected, toggle, jobNames), [selected, toggle, jobNames]);

  if (!detail || !experiment) {
    if (detail?.status === 'error' && detail.error)
      return (
        <ErrorState
          title={detail.error.status === 404 ? `No experiment ${id}` : 'Could not load the experiment'}
          error={detail.error}
          onRetry={reload}
        />
      );
    return (
      <Stack spacing={2} aria-busy aria-label="Loading experiment">
        <Skeleton variant="text" width={320} height={40} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }

  const allSelected = experiment.runs.length > 0 && experiment.runs.every((r) => selected.has(r.id));
  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="experiment-detail">
      <Button startIcon={<ArrowBack />} href="#/experiments" size="small" sx={{ alignSelf: 'flex-start' }}>
        Experiments
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" noWrap>
              {experiment.name}
            </Typography>
            <ExperimentStatusChip status={experiment.status} testId="experiment-detail-status" />
            {experiment.tags.map((t) => (
              <Chip key={t} size="small" variant="outlined" label={t} />
            ))}
          </Stack>
          {experiment.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {experiment.description}
            </Typography>
          )}
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.25 }}>
            <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 13 }} color="text.secondary">
              {experiment.id} · updated {relativeTime(experiment.updatedAt)}
              {experiment.clonedFrom && ' · cloned from '}
            </Typography>
            {experiment.clonedFrom && (
              <Link href={`#${experimentPath(experiment.clonedFrom)}`} variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
                {experiment.clonedFrom}
              </Link>
            )}
            <CopyButton value={experiment.id} label="Copy experiment id" />
          </Stack>
        </Box>
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh experiment" onClick={reload} disabled={detail.refreshing}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
        <Button
          startIcon={<Download />}
          onClick={() => setDialog('export')}
          disabled={experiment.runs.length === 0}
          data-testid="export-experiment"
        >
          Export
        </Button>
        <Button startIcon={<ContentCopy />} onClick={() => setDialog('clone')} data-testid="clone-experiment">
          Clone
        </Button>
        {writable && (
          <Button startIcon={<Archive />} color="error" onClick={() => setDialog('archive')} data-testid="archive-experiment">
            Archive
          </Button>
        )}
      </Stack>
      <RefreshPaceNote pace={pace} following={moving} onRefresh={poll} />
      <StaleBanner
        error={detail.error}
        title="Could not load the experiment"
        loadedAt={detail.loadedAt}
        onRetry={reload}
        retrying={detail.refreshing}
      />
      {experiment.archived && (
        <Alert severity="info" data-testid="archived-notice">
          Archived {relativeTime(experiment.archived.at)}
          {experiment.archived.reason ? `: ${experiment.archived.reason}` : ''}.{' '}
          {experiment.archived.preserveArtifacts ? 'Its exports were kept.' : 'Its exports were deleted.'}
        </Alert>
      )}
      <RefreshFrame stale={Boolean(detail.error)} refreshing={detail.refreshing}>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
            <Overview experiment={experiment} />
            <Statistics experiment={experiment} />
          </Box>
          <Section
            title={`Runs (${experiment.runs.length})`}
            testId="experiment-runs"
            aside={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {experiment.runs.length > 1 && (
                  <Button size="small" onClick={() => setSelected(allSelected ? new Set() : new Set(experiment.runs.map((r) => r.id)))}>
                    {allSelected ? 'Select none' : 'Select all'}
                  </Button>
                )}
                <Tooltip title={selected.size < 2 ? 'Select two or more runs to compare' : ''}>
                  <span>
                    <Button
                      variant="contained"
                      size="small"
                      startIcon={<CompareArrows />}
                      disabled={selected.size < 2}
                      onClick={compare}
                      data-testid="compare-runs"
                      aria-keyshortcuts="C"
                    >
                      Compare{selected.size > 0 ? ` ${selected.size}` : ''}
                    </Button>
                  </span>
                </Tooltip>
                {writable && (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<Add />}
                    onClick={() => setDialog('run')}
                    data-testid="add-run"
                    aria-keyshortcuts="R"
                  >
                    Add run
                  </Button>
                )}
              </Stack>
            }
          >
            <Box sx={{ height: Math.min(440, 40 + Math.max(1, experiment.runs.length) * 52 + 2), minHeight: 160, display: 'flex' }}>
              <DataTable
                label="Runs"
                rows={experiment.runs}
                columns={columns}
                rowKey={(r) => r.id}
                rowHeight={52}
                onRowActivate={(r) => toggle(r.id)}
                rowTestId={(r) => `run-row-${r.id}`}
                empty={
                  <EmptyState icon={<Science />} title="No runs yet">
                    Add a run for each training job of this experiment: its metrics, loss curve and cost follow the job. With two or more,
                    select them and compare.
                  </EmptyState>
                }
              />
            </Box>
          </Section>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
            <NotesAndConclusion key={experiment.id} experiment={experiment} />
            <Insights experiment={experiment} />
          </Box>
        </Stack>
      </RefreshFrame>
      <AddRunDialog experiment={experiment} open={dialog === 'run'} onClose={() => setDialog(null)} />
      <CloneDialog
        experiment={experiment}
        open={dialog === 'clone'}
        onClose={() => setDialog(null)}
        onCloned={(e) => {
          notify('success', `Cloned as “${e.name}”`);
          navigate(experimentPath(e.id));
        }}
      />
      <ArchiveDialog experiment={experiment} open={dialog === 'archive'} onClose={() => setDialog(null)} />
      <ExportDialog
        experiment={experiment}
        open={dialog === 'export'}
        onClose={() => setDialog(null)}
        onExported={(m) => notify('success', m)}
      />
    </Stack>
  );
}
