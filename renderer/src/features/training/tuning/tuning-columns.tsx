// Column declarations of the tuning jobs table (the shared DataTable).
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { formatMoney } from '../../../lib/money';
import { navigate } from '../../../platform/navigation/hash-router';
import { relativeTime } from '../../../platform/relative-time';
import { algorithmLabel } from './tuning-form';
import { formatValue, objectiveText, progressText, tuningStatusLabel } from './tuning-format';
import { TuningStatusChip } from './TuningStatusChip';
import { tuningPath } from './tuning-route';
import type { TuningListItem } from './tuning-store';
import { TwoLineCell } from '../../../components/TwoLineCell';

/** Names the row by its training job's name (`jobNames`, one list read), its id under it. */
function tuningColumns(jobNames: Readonly<Record<string, string>>): Column<TuningListItem>[] {
  const jobName = (t: TuningListItem) => jobNames[t.trainingJobId];
  return [
    {
      id: 'id',
      header: 'Tuning job',
      width: 'minmax(180px, 1.2fr)',
      sortValue: (t) => jobName(t) ?? t.trainingJobId,
      render: (t) => (
        <TwoLineCell
          strong
          mono={jobName(t) === undefined}
          primary={jobName(t) ?? t.trainingJobId}
          secondary={t.id}
          title={`${jobName(t) ? `${jobName(t)} (${t.trainingJobId})` : t.trainingJobId}\ntuning job ${t.id}`}
        />
      ),
    },
    { id: 'algorithm', header: 'Algorithm', width: '112px', sortValue: (t) => t.algorithm, render: (t) => algorithmLabel(t.algorithm) },
    {
      id: 'objective',
      header: 'Objective',
      width: 'minmax(170px, 1.3fr)',
      sortValue: (t) => t.metric,
      render: (t) => <span title={objectiveText(t)}>{objectiveText(t)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      width: '124px',
      sortValue: (t) => t.status,
      render: (t) => <TuningStatusChip status={tuningStatusLabel(t)} testId="tuning-status" />,
    },
    {
      id: 'progress',
      header: 'Progress',
      width: 'minmax(190px, 1.2fr)',
      sortValue: (t) => t.progress.percentage,
      render: (t) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" noWrap sx={{ display: 'block' }}>
            {progressText(t.progress)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={t.progress.percentage}
            aria-label={`Progress of ${t.id}`}
            sx={{ height: 4, borderRadius: 2, mt: 0.5 }}
          />
        </Box>
      ),
    },
    {
      id: 'best',
      header: 'Best value',
      width: '104px',
      align: 'right',
      sortValue: (t) => t.progress.bestValue ?? Number.POSITIVE_INFINITY,
      render: (t) => formatValue(t.progress.bestValue),
    },
    {
      id: 'cost',
      header: 'Cost',
      width: '96px',
      align: 'right',
      sortValue: (t) => t.results.totalCost,
      render: (t) => formatMoney(t.results.totalCost),
    },
    {
      id: 'created',
      header: 'Created',
      width: CONTENT_WIDTH.relativeTime,
      sortValue: (t) => Date.parse(t.createdAt),
      render: (t) => <span title={t.createdAt}>{relativeTime(t.createdAt)}</span>,
    },
  ];
}

/** Opens a tuning job's page. */
export const openTuning = (t: { trainingJobId: string; id: string }) => navigate(tuningPath(t.trainingJobId, t.id));

/** The tuning jobs table's fixed part: ListPage's `table` adds the rows, sort and empty state. */
export const tuningTable = (jobNames: Readonly<Record<string, string>>) => ({
  label: 'Tuning jobs',
  columns: tuningColumns(jobNames),
  rowKey: (t: TuningListItem) => t.id,
  rowHeight: 56,
  onRowActivate: (t: TuningListItem) => openTuning(t),
  rowTestId: (t: TuningListItem) => `tuning-row-${t.id}`,
});
