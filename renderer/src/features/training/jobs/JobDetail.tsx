// /training/jobs/<id>: a training job followed live through the `training:job` stream (never
// read again whole): status, progress by epoch and step, time left, cost so far against the
// estimate, the current figures, live loss / learning-rate / throughput charts, checkpoints,
// stop (checkpoint, reason) and resume (checkpoint choice), and the model a completed job
// registered.
import ArrowBack from '@mui/icons-material/ArrowBack';
import PlayArrow from '@mui/icons-material/PlayArrow';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Tune from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { TRAINING_GPUS } from '../../../../../shared/api/training/catalog';
import type { TrainingJob } from '../../../../../shared/api/training/jobs';
import { CopyButton } from '../../../components/CopyButton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ErrorState } from '../../../components/StateViews';
import { MONO_FONT } from '../../../lib/fonts';
import { formatMoney } from '../../../lib/money';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { Section } from '../../../components/Section';
import { TrainingStatusChip } from '../TrainingStatusChip';
import { formatBytes, formatCount } from '../training-format';
import { useTrainingName } from '../training-names-store';
import { JobCharts } from './JobCharts';
import { checkpointPlanText, formatLoss, formatRate, formatSeconds, formatThroughput, pendingStartText } from './job-format';
import { ResumeJobDialog, StopJobDialog } from './StopResumeDialogs';
import { useJobLive } from './use-job-live';
import { Figure } from '../../../components/Figure';
import { RefreshPaceNote } from '../../../components/RefreshPaceNote';

/** Read no more by the job stream (main/training/job-live.ts). */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

function ProgressPanel({ job }: { job: TrainingJob }) {
  const p = job.progress;
  const m = job.metrics;
  const num = (v: number | null, f: (n: number) => string) => (v === null ? '—' : f(v));
  return (
    <Section title="Progress" testId="job-progress">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={p.percentage}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
            aria-label="Training progress"
          />
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 48, textAlign: 'right' }} data-testid="job-percentage">
            {p.percentage.toFixed(1)}%
          </Typography>
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 2 }}>
          <Figure label="Epoch" value={`${p.currentEpoch} of ${p.totalEpochs}`} />
          <Figure label="Step" value={`${formatCount(p.currentStep)} of ${formatCount(p.totalSteps)}`} testId="job-step" />
          <Figure label="Running time" value={formatSeconds(p.elapsedTime)} />
          <Figure label="Time left" value={p.remainingTime === null ? '—' : formatSeconds(p.remainingTime)} />
          <Figure label="Cost so far" value={formatMoney(job.resourceUsage.cost)} testId="job-cost" />
          <Figure label="Estimated total" value={`${formatMoney(job.estimatedCost.total)} (${formatMoney(job.estimatedCost.hourly)}/h)`} />
          <Figure label="Loss" value={num(m.currentLoss, formatLoss)} testId="job-loss" />
          <Figure label="Best loss" value={num(m.bestLoss, formatLoss)} />
          <Figure label="Validation loss" value={num(m.validationLoss, formatLoss)} />
          <Figure label="Learning rate" value={num(m.learningRate, formatRate)} />
          <Figure label={`Throughput (${m.throughputUnit})`} value={num(m.throughput, formatThroughput)} />
          <Figure label="GPU memory" value={m.memoryUsage ? `${m.memoryUsage.usedGb.toFixed(1)} of ${m.memoryUsage.totalGb} GB` : '—'} />
        </Box>
      </Stack>
    </Section>
  );
}

function Checkpoints({ job }: { job: TrainingJob }) {
  const rows = [...job.checkpoints].sort((a, b) => b.step - a.step);
  return (
    <Section title={`Checkpoints (${rows.length})`} testId="job-checkpoints">
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {checkpointPlanText(job.resolvedConfig)}
        </Typography>
      ) : (
        <Box sx={{ maxHeight: 280, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label="Checkpoints">
            <TableHead>
              <TableRow>
                <TableCell>Checkpoint</TableCell>
                <TableCell align="right">Step</TableCell>
                <TableCell align="right">Epoch</TableCell>
                <TableCell align="right">Loss</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell align="right">Size</TableCell>
                <TableCell>Saved</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id}>
                  <TableCell sx={{ fontFamily: MONO_FONT }}>{c.id}</TableCell>
                  <TableCell align="right">{formatCount(c.step)}</TableCell>
                  <TableCell align="right">{c.epoch}</TableCell>
                  <TableCell align="right">{formatLoss(c.loss)}</TableCell>
                  <TableCell>{c.kind === 'stop' ? 'at stop' : 'periodic'}</TableCell>
                  <TableCell align="right">{formatBytes(c.size)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

/** The pending banner's estimate: when provisioning should end, or why none is given. */
function startText(job: TrainingJob): string {
  const text = pendingStartText(job);
  return text === null ? 'The API gives no start estimate.' : `${text}, when provisioning ends.`;
}

function StateBanner({ job }: { job: TrainingJob }) {
  if (job.status === 'pending')
    return (
      <Alert severity="info" data-testid="job-pending">
        Provisioning {job.maxWorkers} × {TRAINING_GPUS[job.gpuType].displayName}; training starts when they are ready. {startText(job)}
      </Alert>
    );
  if (job.status === 'failed' && job.failure)
    return (
      <Alert severity="error" data-testid="job-failure">
        <AlertTitle>
          {job.failure.reason === 'DIVERGED' ? 'The loss diverged' : 'Out of GPU memory'} at step {formatCount(job.failure.step)}
        </AlertTitle>
        {job.failure.message}
      </Alert>
    );
  if (job.status === 'stopped' && job.stop)
    return (
      <Alert severity="warning">
        Stopped at step {formatCount(job.stop.step)}, {relativeTime(job.stop.at)}
        {job.stop.reason ? ` — ${job.stop.reason}` : ''}. {job.stop.checkpointId ? 'A checkpoint was saved; ' : ''}Resume continues the same
        run.
      </Alert>
    );
  if (job.status === 'completed')
    return (
      <Alert severity="success" data-testid="job-model">
        Completed {relativeTime(job.completedAt)}.{' '}
        {job.modelId ? (
          <>
            Registered model{' '}
            <Link href={`#/models/${encodeURIComponent(job.modelId)}`} sx={{ fontFamily: MONO_FONT }}>
              {job.modelId}
            </Link>
            <CopyButton value={job.modelId} label="Copy model id" />
          </>
        ) : (
          'Its model is being registered.'
        )}
      </Alert>
    );
  return null;
}

export function JobDetail({ id }: { id: string }) {
  const live = useJobLive(id);
  const [stopping, setStopping] = useState(false);
  const [resuming, setResuming] = useState(false);
  const job = live.job;
  const datasetName = useTrainingName('datasets', job?.datasetId);
  if (!job) {
    if (live.error)
      return (
        <ErrorState title={live.error.status === 404 ? `No training job ${id}` : 'Could not load the training job'} error={live.error} />
      );
    return (
      <Stack spacing={2} aria-busy aria-label="Loading training job">
        <Skeleton variant="text" width={320} height={40} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }
  const base =
    (job.resolvedConfig.baseModel as string | null | undefined) ?? (job.resolvedConfig.architecture as string | null | undefined) ?? '';
  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="job-detail">
      <Button startIcon={<ArrowBack />} href="#/training/jobs" size="small" sx={{ alignSelf: 'flex-start' }}>
        Training jobs
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1" noWrap>
              {job.name}
            </Typography>
            <TrainingStatusChip status={job.status} size="medium" testId="job-detail-status" />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {job.modelType} · {base} · {String(job.resolvedConfig.strategy ?? '')} · {job.maxWorkers} ×{' '}
            {TRAINING_GPUS[job.gpuType].displayName} · {job.priority} priority · created {relativeTime(job.createdAt)}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.25 }}>
            <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 13 }} color="text.secondary">
              {job.id}
            </Typography>
            <CopyButton value={job.id} label="Copy job id" />
            <Typography variant="body2" color="text.secondary">
              · dataset{' '}
              <Link
                href={`#/training/datasets/${encodeURIComponent(job.datasetId)}`}
                title={job.datasetId}
                data-testid="job-dataset-link"
                sx={datasetName ? undefined : { fontFamily: MONO_FONT, fontSize: 13 }}
              >
                {datasetName ?? job.datasetId}
              </Link>
            </Typography>
          </Stack>
        </Box>
        <Button
          variant="outlined"
          startIcon={<Tune />}
          href={`#/tuning?start=${encodeURIComponent(job.id)}`}
          data-testid="tune-job"
          title="Search this job's hyperparameters: trials of its configuration with other values"
        >
          Tune
        </Button>
        {(job.status === 'running' || job.status === 'pending') && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<StopCircleOutlined />}
            onClick={() => setStopping(true)}
            data-testid="stop-job"
          >
            {job.status === 'pending' ? 'Cancel' : 'Stop'}
          </Button>
        )}
        {job.status === 'stopped' && (
          <Button variant="contained" startIcon={<PlayArrow />} onClick={() => setResuming(true)} data-testid="resume-job">
            Resume
          </Button>
        )}
      </Stack>
      {live.error && !live.final && <ErrorAlert error={live.error} />}
      {!ENDED_STATUSES.has(job.status) && <RefreshPaceNote pace={live.pace} following onRefresh={live.refresh} />}
      <StateBanner job={job} />
      <ProgressPanel job={job} />
      <Section title="Training curves" testId="job-curves">
        <JobCharts jobId={job.id} series={live.series} version={live.version} totalSteps={job.progress.totalSteps} />
      </Section>
      <Checkpoints job={job} />
      <StopJobDialog job={job} open={stopping} onClose={() => setStopping(false)} onDone={live.refresh} />
      <ResumeJobDialog job={job} open={resuming} onClose={() => setResuming(false)} onDone={live.refresh} />
    </Stack>
  );
}
