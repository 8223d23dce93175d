// /tuning/<job>/<tune>: one tuning job — status and progress, the best trial (parameters,
// metrics, its model), results against the baseline, convergence and recommendations; the
// optimization history, parallel coordinates (brushing filters the trials table), parameter
// importance, the pareto set of a multi-objective search; every trial in a table. Read again
// every DETAIL_POLL_MS while it runs (the emulator computes trials from its clock on each read).
import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { CopyButton } from '../../../components/CopyButton';
import { DataTable } from '../../../components/DataTable';
import { RefreshFrame, StaleBanner } from '../../../components/StaleBanner';
import { ErrorState } from '../../../components/StateViews';
import { MONO_FONT } from '../../../lib/fonts';
import { formatMoney, partsSumNote } from '../../../lib/money';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { useBudgetedPolling } from '../../../platform/use-budgeted-polling';
import { RefreshPaceNote } from '../../../components/RefreshPaceNote';
import { DeployBestDialog } from './DeployBestDialog';
import { ImportanceChart } from './ImportanceChart';
import { parameterImportance } from './importance';
import { StopTuningDialog } from './StopTuningDialog';
import { TrialCharts } from './TrialCharts';
import { trialColumns } from './trial-columns';
import { metricNames, searchParams, trialValue } from './trial-logic';
import { algorithmLabel } from './tuning-form';
import {
  formatDuration,
  formatImprovement,
  formatParam,
  formatValue,
  isLive,
  objectiveText,
  progressText,
  tuningStatusLabel,
} from './tuning-format';
import { TuningStatusChip } from './TuningStatusChip';
import { useTuning, type Trial, type TuningJob } from './tuning-store';
import { Figure } from '../../../components/Figure';
import { Section } from '../../../components/Section';
import { useTrainingName } from '../training-names-store';

const DETAIL_POLL_MS = 2_000;

const END_REASON: Record<string, string> = {
  all_trials: 'every trial ran',
  early_stopping: 'early stopping: no improvement within the patience',
  budget: 'the budget was reached',
  stopped: 'stopped',
  all_failed: 'every trial failed',
};

function Header({
  job,
  refreshing,
  onRefresh,
  onStop,
  onDeploy,
}: {
  job: TuningJob;
  refreshing: boolean;
  onRefresh(): void;
  onStop(): void;
  onDeploy(): void;
}) {
  const parentName = useTrainingName('jobs', job.trainingJobId);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="h1" noWrap>
            {algorithmLabel(job.algorithm)} · {objectiveText(job)}
          </Typography>
          <TuningStatusChip status={tuningStatusLabel(job)} size="medium" testId="tuning-detail-status" />
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
            {job.id}
          </Typography>
          <CopyButton value={job.id} label="Copy tuning job id" />
          <Typography variant="body2" color="text.secondary">
            · tunes{' '}
            <Link
              href={`#/training/jobs/${encodeURIComponent(job.trainingJobId)}`}
              title={job.trainingJobId}
              data-testid="tuning-parent-link"
              sx={parentName ? undefined : { fontFamily: MONO_FONT, fontSize: 13 }}
            >
              {parentName ?? job.trainingJobId}
            </Link>{' '}
            · started <span title={job.createdAt}>{relativeTime(job.createdAt)}</span>
            {job.endReason ? ` · ended: ${END_REASON[job.endReason] ?? job.endReason}` : ''}
          </Typography>
        </Stack>
      </Box>
      <Tooltip title="Refresh">
        <span>
          <IconButton aria-label="Refresh tuning job" onClick={onRefresh} disabled={refreshing}>
            <Refresh />
          </IconButton>
        </span>
      </Tooltip>
      {(job.status === 'running' || job.status === 'pending') && job.stop === null && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<StopCircleOutlined />}
          onClick={onStop}
          data-testid="stop-tuning"
          aria-keyshortcuts="S"
        >
          Stop
        </Button>
      )}
      <Button
        variant="contained"
        startIcon={<RocketLaunchOutlined />}
        onClick={onDeploy}
        disabled={!job.bestTrial}
        data-testid="deploy-best"
        aria-keyshortcuts="D"
      >
        Deploy best
      </Button>
    </Stack>
  );
}

function BestTrial({ job }: { job: TuningJob }) {
  const best = job.bestTrial;
  const modelName = useTrainingName('models', best?.modelId);
  if (!best)
    return (
      <Typography variant="body2" color="text.secondary">
        No trial has completed yet.
      </Typography>
    );
  return (
    <Stack spacing={1.5} data-testid="best-trial">
      <Typography variant="body2">
        Trial {best.number} · {job.metric} <strong>{formatValue(trialValue(job, best))}</strong> · {formatDuration(best.duration)} ·{' '}
        {formatMoney(best.cost)}
        {best.modelId && (
          <>
            {' '}
            · model{' '}
            <Link href={`#/models/${encodeURIComponent(best.modelId)}`} title={best.modelId} data-testid="best-trial-model">
              {modelName ?? best.modelId}
            </Link>
          </>
        )}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {Object.entries(best.parameters).map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
              {k}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
              {formatParam(v)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {Object.entries(best.metrics)
          .map(([k, v]) => `${k} ${formatValue(v)}`)
          .join(' · ')}
      </Typography>
    </Stack>
  );
}

export function TuningDetail({ jobId, tuneId }: { jobId: string; tuneId: string }) {
  const detail = useTuning((s) => s.details[tuneId]);
  const [stopping, setStopping] = useState(false);
  const [deploying, setDeploying] = useState(false);
  /** Trial ids inside the parallel coordinates' brushes; null when nothing is brushed. */
  const [brushed, setBrushed] = useState<ReadonlySet<string> | null>(null);
  /** The trial picked in a chart, marked in the table. */
  const [selected, setSelected] = useState<string | null>(null);
  const reload = useCallback(() => void useTuning.getState().loadOne(jobId, tuneId), [jobId, tuneId]);
  useEffect(reload, [reload]);
  useIntent('page:refresh', reload);
  const job = detail?.job ?? null;
  const canStop = job !== null && (job.status === 'running' || job.status === 'pending') && job.stop === null;
  const openStop = useCallback(() => canStop && setStopping(true), [canStop]);
  const openDeploy = useCallback(() => job?.bestTrial && setDeploying(true), [job?.bestTrial]);
  useIntent('tuning:stop', openStop);
  useIntent('tuning:deploy-best', openDeploy);
  useOnProfileSwitch(reload);
  usePageKeys(useMemo(() => ({ s: openStop, d: openDeploy }), [openStop, openDeploy]));
  const following = Boolean(job && isLive(job.status));
  const pace = useBudgetedPolling(following, 'training', DETAIL_POLL_MS, reload);

  const view = useMemo(() => {
    if (!job) return null;
    const { names, log } = searchParams(job);
    const metrics = metricNames(job, job.trials);
    const completed = job.trials.filter((t) => t.status === 'completed');
    const importance = parameterImportance(
      completed.flatMap((t) => {
        const value = trialValue(job, t);
        return value === null ? [] : [{ parameters: t.parameters, value }];
      }),
      names,
      log,
    );
    return {
      names,
      log,
      metrics,
      completed,
      importance,
      columns: trialColumns(names, metrics, job.metric, job.bestTrial?.id ?? null, job.paretoSet),
    };
  }, [job]);
  const shownTrials = useMemo(() => (job && brushed ? job.trials.filter((t) => brushed.has(t.id)) : (job?.trials ?? [])), [job, brushed]);

  if (!detail || !job || !view) {
    if (detail?.status === 'error' && detail.error)
      return (
        <ErrorState
          title={detail.error.status === 404 ? `No tuning job ${tuneId} on ${jobId}` : 'Could not load the tuning job'}
          error={detail.error}
          onRetry={reload}
        />
      );
    return (
      <Stack spacing={2} aria-busy aria-label="Loading tuning job">
        <Skeleton variant="text" width={360} height={40} />
        <Skeleton variant="rounded" height={420} />
      </Stack>
    );
  }

  const { results, progress, convergenceAnalysis: convergence } = job;
  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="tuning-detail">
      <Button startIcon={<ArrowBack />} href="#/tuning" size="small" sx={{ alignSelf: 'flex-start' }}>
        Tuning
      </Button>
      <Header
        job={job}
        refreshing={detail.refreshing}
        onRefresh={reload}
        onStop={() => setStopping(true)}
        onDeploy={() => setDeploying(true)}
      />
      <RefreshPaceNote pace={pace} following={following} onRefresh={reload} />
      <StaleBanner
        error={detail.error}
        title="Could not load the tuning job"
        loadedAt={detail.loadedAt}
        onRetry={reload}
        retrying={detail.refreshing}
      />
      <RefreshFrame stale={Boolean(detail.error)} refreshing={detail.refreshing}>
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'baseline', mb: 1 }}>
              <Typography variant="body2" sx={{ flex: 1 }} data-testid="tuning-progress">
                {progressText(progress)}
                {results.cancelledTrials ? ` · ${results.cancelledTrials} cancelled` : ''}
              </Typography>
              {job.estimatedCompletion && isLive(job.status) && (
                <Typography variant="caption" color="text.secondary" title={formatDateTime(job.estimatedCompletion)}>
                  done {relativeTime(job.estimatedCompletion)}
                </Typography>
              )}
            </Stack>
            <LinearProgress
              variant="determinate"
              value={progress.percentage}
              aria-label="Tuning progress"
              sx={{ height: 6, borderRadius: 3 }}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 2, mt: 2 }}>
              <Figure
                // With several objectives the API ranks by their weighted sum, each in units of the baseline's value (lower is better).
                label={job.objectives ? 'Best weighted score' : `Best ${job.metric}`}
                value={formatValue(progress.bestValue)}
                hint={
                  job.baseline.value !== null
                    ? `baseline ${formatValue(job.baseline.value)}${job.objectives ? ' · lower is better' : ''}`
                    : undefined
                }
                testId="tuning-best-value"
              />
              <Figure label="Over baseline" value={formatImprovement(results.improvementOverBaseline)} hint="better is positive" />
              <Figure label="Duration" value={formatDuration(results.totalDuration)} hint={`max ${job.maxConcurrent} at a time`} />
              <Figure
                label="Cost"
                value={formatMoney(results.totalCost)}
                hint={[
                  `estimate ${formatMoney(job.estimatedCost.total)}${job.budget?.max_cost ? ` · budget ${formatMoney(job.budget.max_cost)}` : ''}`,
                  // The trials table shows each trial's cost to the cent: say when those add differently.
                  partsSumNote(
                    results.totalCost,
                    job.trials.map((t) => t.cost),
                  ),
                ]
                  .filter(Boolean)
                  .join('; ')}
              />
              <Figure
                label="GPU hours"
                value={formatValue(results.totalGpuHours)}
                hint={job.budget?.max_gpu_hours ? `budget ${formatValue(job.budget.max_gpu_hours)} h` : undefined}
              />
            </Box>
          </Paper>

          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr 1fr' }, gap: 2, alignItems: 'start' }}>
            <Section title="Best trial" testId="best-trial-panel">
              <BestTrial job={job} />
            </Section>
            <Section title="Parameter importance">
              <ImportanceChart rows={view.importance} completed={view.completed.length} />
            </Section>
            <Section title="Convergence" testId="convergence-panel">
              <Stack spacing={1}>
                <Typography variant="body2">
                  {convergence.converged ? 'Converged' : 'Not converged yet'}
                  {convergence.convergenceEpoch !== null ? ` · best within 1% since trial ${convergence.convergenceEpoch} finished` : ''}
                  {convergence.remainingImprovement !== null ? ` · up to ${formatImprovement(convergence.remainingImprovement)} left` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {convergence.recommendation}
                </Typography>
                {job.recommendations.length > 0 && (
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="tuning-recommendations">
                    {job.recommendations.map((r) => (
                      <Typography component="li" variant="body2" key={r}>
                        {r}
                      </Typography>
                    ))}
                  </Box>
                )}
              </Stack>
            </Section>
          </Box>

          <TrialCharts
            job={job}
            params={view.names}
            logParams={view.log}
            onBrush={setBrushed}
            selectedId={selected}
            onSelect={setSelected}
          />

          <Section
            title={`Trials${brushed ? ` · ${shownTrials.length} of ${job.trials.length} in the brushed ranges` : ` · ${job.trials.length}`}`}
            testId="trials-panel"
            aside={
              brushed && (
                <Alert severity="info" sx={{ py: 0 }} data-testid="brush-note">
                  Filtered by the parallel coordinates’ brushes — “Clear brushes” there shows every trial
                </Alert>
              )
            }
          >
            <Box sx={{ height: 420, display: 'flex', flexDirection: 'column' }}>
              <DataTable<Trial>
                label="Trials"
                dense
                rows={shownTrials}
                columns={view.columns}
                rowKey={(t) => t.id}
                rowHeight={40}
                selectedKey={selected}
                onRowActivate={(t) => setSelected(t.id === selected ? null : t.id)}
                initialSort={{ columnId: `m:${job.metric}`, direction: job.objective === 'minimize' ? 'asc' : 'desc' }}
                rowTestId={(t) => `trial-row-${t.number}`}
                empty={
                  <Typography variant="body2" color="text.secondary">
                    {brushed ? 'No trial lies in every brushed range.' : 'Trials appear here as they start.'}
                  </Typography>
                }
              />
            </Box>
          </Section>
        </Stack>
      </RefreshFrame>
      <StopTuningDialog job={job} open={stopping} onClose={() => setStopping(false)} />
      <DeployBestDialog job={job} open={deploying} onClose={() => setDeploying(false)} />
    </Stack>
  );
}
