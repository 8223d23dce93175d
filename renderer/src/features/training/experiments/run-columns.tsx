// Column declarations of an experiment's runs table: a selection box (runs picked for the
// comparison), the run, its job's status, losses, accuracy, cost and running time.
import Checkbox from '@mui/material/Checkbox';
import type { Run } from '../../../../../shared/api/training/experiments';
import type { Column } from '../../../components/DataTable';
import { TagChips } from '../../../components/TagChips';
import { formatDuration } from '../../../components/error-details';
import { formatMoney } from '../../../lib/money';
import { formatStat, notFinalNote } from './compare/compare-logic';
import { BestFigure } from './BestFigure';
import { ExperimentStatusChip } from './ExperimentStatusChip';
import { TwoLineCell } from '../../../components/TwoLineCell';

/** The value shown for a metric: the final one once completed, else the best so far. */
function runMetric(run: Run, key: string): number | null {
  const v = (run.metrics.final ?? run.metrics.best ?? run.metrics.current)?.[key];
  return v ?? null;
}

/** What the loss shown is, when it is not final (the best so far of a run that did not complete). */
function runNote(run: Run, key: 'loss' | 'validation_loss'): string | null {
  if (run.metrics.final) return null;
  const end = run.metrics.current;
  return notFinalNote(key === 'loss' ? 'training loss' : 'validation loss', {
    status: run.status,
    value: runMetric(run, key),
    bestStep: key === 'validation_loss' ? (run.metrics.best?.step ?? null) : null,
    end: end && typeof end.step === 'number' ? { step: end.step, loss: end.loss ?? null } : null,
  });
}

const bySort = (v: number | null) => v ?? Number.POSITIVE_INFINITY;

/** `jobNames`: the training jobs' names (one list read), for the job each run trained in. */
export function runColumns(
  selected: ReadonlySet<string>,
  toggle: (id: string) => void,
  jobNames: Readonly<Record<string, string>>,
): Column<Run>[] {
  return [
    {
      id: 'select',
      header: '',
      width: '56px',
      render: (r) => (
        <Checkbox
          size="small"
          sx={{ p: 0.5 }}
          checked={selected.has(r.id)}
          onClick={(e) => e.stopPropagation()}
          onChange={() => toggle(r.id)}
          slotProps={{ input: { 'aria-label': `Compare ${r.name}` } }}
          data-testid={`select-run-${r.id}`}
        />
      ),
    },
    {
      id: 'name',
      header: 'Run',
      width: 'minmax(180px, 2fr)',
      sortValue: (r) => r.name.toLowerCase(),
      render: (r) => (
        <TwoLineCell
          strong
          primary={r.name}
          secondary={`${r.id} · job ${jobNames[r.trainingJobId] ?? r.trainingJobId}`}
          title={`${r.name}\n${r.id}\njob ${jobNames[r.trainingJobId] ? `${jobNames[r.trainingJobId]} (${r.trainingJobId})` : r.trainingJobId}`}
        />
      ),
    },
    {
      id: 'status',
      header: 'Status',
      width: '124px',
      sortValue: (r) => r.status,
      render: (r) => <ExperimentStatusChip status={r.status} testId="run-status" />,
    },
    {
      id: 'val',
      header: 'Val. loss',
      width: '96px',
      align: 'right',
      sortValue: (r) => bySort(runMetric(r, 'validation_loss')),
      render: (r) => <BestFigure value={runMetric(r, 'validation_loss')} note={runNote(r, 'validation_loss')} />,
    },
    {
      id: 'loss',
      header: 'Loss',
      width: '88px',
      align: 'right',
      sortValue: (r) => bySort(runMetric(r, 'loss')),
      render: (r) => <BestFigure value={runMetric(r, 'loss')} note={runNote(r, 'loss')} />,
    },
    {
      id: 'accuracy',
      header: 'Accuracy',
      width: '92px',
      align: 'right',
      sortValue: (r) => -(runMetric(r, 'accuracy') ?? Number.NEGATIVE_INFINITY),
      render: (r) => formatStat(runMetric(r, 'accuracy')),
    },
    { id: 'cost', header: 'Cost', width: '92px', align: 'right', sortValue: (r) => r.cost, render: (r) => formatMoney(r.cost) },
    {
      id: 'duration',
      header: 'Time',
      width: '112px',
      align: 'right',
      sortValue: (r) => r.duration,
      render: (r) => formatDuration(r.duration),
    },
    { id: 'tags', header: 'Tags', width: 'minmax(100px, 1fr)', render: (r) => <TagChips values={r.tags} /> },
  ];
}
